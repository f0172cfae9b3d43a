import { newSceneCanvas, pageEnvironment, viewportOf, watchEnvironment } from '../../../lib/pageScene.ts';
import { fetchRunTicket } from '../../../platform/scores/scoresClient.ts';
import {
  FOOT_DROP,
  heightAt,
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  LanderSession,
  type LanderState,
  scoreOf,
  TICK_HZ,
} from '../engine/index.ts';
import { LanderLoop } from '../host/LanderLoop.ts';
import { LanderScene } from '../scene/LanderScene.ts';
import { LanderAudio } from './audio.ts';
import {
  fetchGhostRuns,
  type GhostKind,
  type GhostRun,
  keepLocalRun,
  LanderGhosts,
  tickWithGhosts,
} from './ghost.ts';
import { type LanderStore, type Telemetry, useGhostSettings } from './store.ts';

export const GAME_ID = 'lunar-lander';
/** HUD readouts refresh every this many ticks (10 Hz: React renders the HUD at most 10 times a second). */
const HUD_EVERY_TICKS = 6;
const TICKET_TIMEOUT_MS = 5000;

/** Keyboard: arrows or WASD; Space also fires the main engine. */
export function inputBitForKey(e: Pick<KeyboardEvent, 'key' | 'code'>): number {
  switch (e.code) {
    case 'KeyW':
      return INPUT_THRUST;
    case 'KeyA':
      return INPUT_LEFT;
    case 'KeyD':
      return INPUT_RIGHT;
  }
  switch (e.key) {
    case 'ArrowUp':
    case ' ':
      return INPUT_THRUST;
    case 'ArrowLeft':
      return INPUT_LEFT;
    case 'ArrowRight':
      return INPUT_RIGHT;
  }
  return 0;
}

export function telemetryOf(state: LanderState): Telemetry {
  const l = state.lander;
  const { platform } = state.terrain;
  return {
    fuel: l.fuel,
    speed: Math.hypot(l.vx, l.vy),
    vx: l.vx,
    vy: l.vy,
    altitude: Math.max(0, l.y - FOOT_DROP - heightAt(state.terrain, l.x)),
    dx: (platform.x0 + platform.x1) / 2 - l.x,
    platformHeight: l.y - FOOT_DROP - platform.y,
    platformHalfWidth: (platform.x1 - platform.x0) / 2,
  };
}

function localSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

async function ticketOrNull(): Promise<{ ticket: string; seed: number } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      fetchRunTicket(GAME_ID),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), TICKET_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.warn('Lunar Lander: no run ticket, playing unverified', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the game outside React: display frames drive the fixed-step loop (60 Hz ticks, in
 * host/), whose snapshots the scene draws interpolated at the display's rate; keyboard
 * and touch input, sounds, and the scene's canvas, size and motion setting. React sees
 * only the store: screen changes at once, flight readouts a few times a second.
 */
export class LanderController {
  readonly audio = new LanderAudio();
  private scene: LanderScene | null = null;
  private session: LanderSession | null = null;
  /** Shown behind the intro: a level-1 landscape with the lander waiting at the top. */
  private preview: LanderSession = new LanderSession(localSeed());
  private ticket: string | null = null;
  /** Ghost landers flying recorded runs of the current level beside the live one. */
  private readonly ghosts = new LanderGhosts();
  private readonly ghostRuns = new Map<number, GhostRun>();
  private ghostFetch: AbortController | null = null;
  private ghostLevel = 0;
  private readonly showGhost = (kind: GhostKind) => kind === 'best' || useGhostSettings.getState().showTop;
  private readonly loop = new LanderLoop((snapshot) => this.scene?.push(snapshot), {
    tick: (session, bits) => tickWithGhosts(session, this.ghosts, bits),
    // Each tick's ghost positions (the scene interpolates between ticks, as for the lander).
    ghosts: (session) =>
      session === this.session ? this.ghosts.views(session.state.terrain, 1, this.showGhost) : [],
  });
  private canvas: HTMLCanvasElement | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private unwatchEnvironment: (() => void) | null = null;
  private raf = 0;
  private lastTime: number | null = null;
  private hudTicks = 0;
  private disposed = false;
  private starting = 0;
  private mounts = 0;

  constructor(private readonly store: LanderStore) {}

  /** Starts rendering into `host`. Mount → dispose → mount (React StrictMode) is fine. */
  async mount(host: HTMLElement): Promise<void> {
    const mount = ++this.mounts;
    this.disposed = false;
    const scene = new LanderScene();
    const canvas = newSceneCanvas();
    try {
      await scene.init(canvas, viewportOf(host), pageEnvironment());
    } catch (error) {
      console.error('Lunar Lander: the renderer could not start', error);
      scene.destroy();
      return;
    }
    if (this.disposed || mount !== this.mounts) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.canvas = canvas;
    host.appendChild(canvas);
    this.loop.show(this.session ?? this.preview);
    this.resizeObserver = new ResizeObserver(() => scene.resize(viewportOf(host)));
    this.resizeObserver.observe(host);
    this.unwatchEnvironment = watchEnvironment((environment) => scene.setEnvironment(environment));
    this.lastTime = null;
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.releaseAll);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.schedule();
  }

  /** Intro → playing: asks the server for a run ticket (seed), or plays on a local seed. */
  async startGame(): Promise<void> {
    this.audio.unlock();
    this.audio.blip(true);
    const attempt = ++this.starting;
    this.store.setState({ screen: 'starting', finished: null, touchdown: null });
    const issued = await ticketOrNull();
    if (this.disposed || attempt !== this.starting) return;
    this.ticket = issued?.ticket ?? null;
    this.session = new LanderSession(issued?.seed ?? localSeed());
    this.ghostLevel = 0;
    this.beginGhosts(this.session);
    this.loop.restart(this.session);
    this.hudTicks = 0;
    const s = this.session.state;
    this.store.setState({
      screen: 'playing',
      level: s.level,
      lives: s.lives,
      score: scoreOf(s),
      telemetry: telemetryOf(s),
      ticketed: this.ticket !== null,
    });
  }

  /** Landed → next level, crashed → try again. */
  continueGame(): void {
    const session = this.session;
    if (!session || (session.state.phase !== 'landed' && session.state.phase !== 'crashed')) return;
    this.audio.unlock();
    this.audio.blip(true);
    session.continue();
    this.beginGhosts(session);
    this.loop.restart(session);
    const s = session.state;
    this.store.setState({ screen: 'playing', level: s.level, lives: s.lives, telemetry: telemetryOf(s) });
  }

  /** Game over → intro (the leaderboard and a fresh start). */
  backToIntro(): void {
    this.audio.blip(false);
    this.session = null;
    this.preview = new LanderSession(localSeed());
    this.loop.show(this.preview);
    this.store.setState({ screen: 'intro', finished: null, touchdown: null, level: 1, lives: 3, score: 0 });
  }

  /** Touch buttons and keys both end here. */
  setInput(bit: number, down: boolean): void {
    if (down) this.audio.unlock();
    this.loop.setInput(bit, down);
  }

  private readonly releaseAll = () => {
    this.loop.releaseAll();
  };

  private readonly onKeyDown = (e: KeyboardEvent) => {
    const bit = inputBitForKey(e);
    if (!bit || this.store.getState().screen !== 'playing') return;
    // Keep arrows and Space from scrolling the page or pressing focused buttons.
    e.preventDefault();
    this.setInput(bit, true);
  };

  private readonly onKeyUp = (e: KeyboardEvent) => {
    const bit = inputBitForKey(e);
    if (bit) this.setInput(bit, false);
  };

  private readonly onVisibility = () => {
    if (document.hidden) {
      cancelAnimationFrame(this.raf);
      this.raf = 0;
      this.lastTime = null;
      this.loop.releaseAll();
      this.audio.silence();
    } else {
      this.schedule();
    }
  };

  private schedule(): void {
    if (!this.raf && !this.disposed && !document.hidden) this.raf = requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number) => {
    this.raf = 0;
    if (this.disposed || !this.scene) return;
    const dt = this.lastTime === null ? 0 : (now - this.lastTime) / 1000;
    this.lastTime = now;
    const session = this.session;
    if (session) {
      const frame = this.loop.advance(session, dt);
      this.hudTicks += frame.ticks;
      if (frame.touchdown) this.onTouchdown(session);
      // Readouts of the state as drawn, at most every HUD_EVERY_TICKS ticks.
      if (this.hudTicks >= HUD_EVERY_TICKS && session.state.phase === 'playing') {
        this.hudTicks = 0;
        this.store.setState({ telemetry: telemetryOf(session.state) });
      }
      const firing = session.state.phase === 'playing' ? session.state.lander.firing : 0;
      this.audio.setEngines((firing & INPUT_THRUST) !== 0, (firing & (INPUT_LEFT | INPUT_RIGHT)) !== 0);
      this.scene.draw(frame.alpha, now);
    } else {
      this.audio.silence();
      this.scene.draw(1, now);
    }
    this.schedule();
  };

  private onTouchdown(session: LanderSession): void {
    const s = session.state;
    const t = s.lastTouchdown;
    this.audio.setEngines(false, false);
    // The scene's dust or explosion comes with the touchdown tick's snapshot.
    if (t?.landed) this.audio.chime();
    else this.audio.boom();
    if (s.phase === 'gameover') keepLocalRun(session.seed, session.inputLog(), session.score, s.level - 1);
    const screen = s.phase === 'landed' ? 'landed' : s.phase === 'crashed' ? 'crashed' : 'gameover';
    this.store.setState({
      screen,
      level: s.level,
      lives: s.lives,
      score: scoreOf(s),
      touchdown: t,
      telemetry: telemetryOf(s),
      finished:
        s.phase === 'gameover'
          ? {
              score: session.score,
              level: s.level,
              durationSeconds: Math.round((s.runTicks / TICK_HZ) * 10) / 10,
              metadata: session.metadata,
              run: this.ticket ? { ticket: this.ticket, inputs: session.inputLog() } : null,
            }
          : null,
    });
  }

  /**
   * A live attempt begins: the ghosts fly this level from its top. On a new level their
   * runs are looked up (the server's, or this device's); runs that arrive after the
   * attempt began catch up to it, so ghost and live lander stay in step.
   */
  private beginGhosts(session: LanderSession): void {
    const level = session.state.level;
    this.ghosts.beginAttempt(level);
    this.publishGhosts();
    if (level === this.ghostLevel) return;
    this.ghostLevel = level;
    this.ghostFetch?.abort();
    const fetching = new AbortController();
    this.ghostFetch = fetching;
    void fetchGhostRuns(level, this.ghostRuns, fetching.signal).then((runs) => {
      if (this.disposed || fetching.signal.aborted || this.session !== session) return;
      if (session.state.level !== level) return;
      for (const kind of ['best', 'top'] as const) this.ghosts.setRun(kind, runs[kind] ?? null);
      this.ghosts.catchUp(session.state.attemptTicks);
      this.publishGhosts();
    });
  }

  /** The HUD's list of the ghosts flying (the #1 toggle filters it there). */
  private publishGhosts(): void {
    this.store.setState({ ghosts: this.ghosts.info(() => true) });
  }

  dispose(): void {
    this.disposed = true;
    this.ghostFetch?.abort();
    this.mounts++;
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.releaseAll);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.unwatchEnvironment?.();
    this.unwatchEnvironment = null;
    this.audio.dispose();
    this.scene?.destroy();
    this.scene = null;
    this.canvas?.remove();
    this.canvas = null;
  }
}
