import * as Comlink from 'comlink';
import { reportUnlessStopped, startGameWorkers, wireSnapshots } from '../../../lib/runtime/GameWorkers.ts';
import { markInput } from '../../../lib/runtime/inputMarks.ts';
import { listenToPage } from '../../../lib/runtime/pageInput.ts';
import type { SceneMount } from '../../../lib/runtime/SceneMount.ts';
import { type WorkerBridge, WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { fetchRunTicket } from '../../../platform/scores/scoresClient.ts';
import {
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  type LanderInputLog,
  type LanderTickSnapshot,
} from '../engine/index.ts';
import type { LanderHostMessage, LanderPhysicsApi, LanderStatus } from '../host/LanderHost.ts';
import { LanderAudio } from './audio.ts';
import { fetchGhostRuns, type GhostKind, type GhostRun, keepLocalRun } from './ghost.ts';
import { type LanderScreen, type LanderStore, useGhostSettings } from './store.ts';
import { LANDER_WORKERS } from './workers.ts';

export const GAME_ID = 'lunar-lander';
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

/** The game the page has going: its seed and ticket, and the log through its last touchdown. */
interface Game {
  seed: number;
  ticket: string | null;
  /** What the engine consumed up to the last touchdown: a restarted worker resumes from it. */
  inputs: LanderInputLog;
}

const screenOf = (status: LanderStatus): LanderScreen => status.phase;

/**
 * The page's side of Lunar Lander: owns the physics worker (the engine host, with the
 * ghosts) through the runtime's bridge and the scene's mount (its render worker, or the
 * page's thread with `?render=main`); forwards keys and touch buttons as held input bits;
 * plays the sounds from the host's messages; and mirrors readouts (10 a second) and screens
 * into the UI store. React components call its methods; nothing here re-renders per frame.
 */
export class LanderGame {
  readonly audio = new LanderAudio();
  private readonly physics: WorkerBridge<LanderPhysicsApi>;
  private readonly mount: SceneMount<LanderTickSnapshot>;
  private events: MessagePort | null = null;
  private game: Game | null = null;
  private held = 0;
  /** Keys down now, on any screen: a flight starts with those held (see flyWithKeysHeld). */
  private keysDown = 0;
  private starting = 0;
  private disposed = false;
  /** The ghosts' runs per level: fetched once a level, handed to the host (again after a restart). */
  private readonly ghostCache = new Map<number, GhostRun>();
  private ghostFetch: AbortController | null = null;
  private ghostLevel = 0;
  private ghostRuns: { level: number; runs: Partial<Record<GhostKind, GhostRun>> } | null = null;
  private unsubscribeShowTop: (() => void) | null = null;
  /** The page's keys, blur and visibility, heard from `start` until `dispose`. */
  private readonly listening = new AbortController();

  constructor(
    private readonly store: LanderStore,
    stage: HTMLElement,
    container: HTMLElement,
  ) {
    ({ physics: this.physics, mount: this.mount } = startGameWorkers(LANDER_WORKERS, {
      container,
      stage,
      onError: this.onError,
    }));
  }

  /** Starts drawing the intro's landscape and listening to keys. Never rejects once disposed. */
  async start(): Promise<void> {
    // The engine's side first, before the scene's start is awaited: the intro's Start
    // mission can be pressed while a busy machine still starts the renderer, and its `start`
    // must reach the engine after this `preview`, not be replaced by it (a game frozen on
    // its first frame), and its readouts, touchdowns and keys must find the page listening.
    this.listen();
    this.physics.send('setShowTop', useGhostSettings.getState().showTop);
    this.physics.send('preview', localSeed());
    this.physics.send('setVisible', document.visibilityState !== 'hidden');
    this.unsubscribeShowTop = useGhostSettings.subscribe((s, was) => {
      if (s.showTop !== was.showTop && !this.physics.stopped) this.physics.send('setShowTop', s.showTop);
    });
    listenToPage(
      {
        keydown: this.onKeyDown,
        keyup: this.onKeyUp,
        blur: this.releaseAll,
        visibilitychange: this.onVisibility,
      },
      this.listening.signal,
    );
    try {
      await this.mount.start();
      if (this.disposed) return;
      wireSnapshots(this.physics, this.mount);
    } catch (error) {
      // Closed while starting (the page left): its refused calls are not a failure to show.
      if (!this.disposed) throw error;
    }
  }

  // ---- the game --------------------------------------------------------------------------

  /** Intro → playing: asks the server for a run ticket (seed), or plays on a local seed. */
  async startGame(): Promise<void> {
    this.audio.unlock();
    this.audio.blip(true);
    const attempt = ++this.starting;
    this.store.setState({ screen: 'starting', finished: null, touchdown: null });
    const issued = await ticketOrNull();
    if (this.disposed || attempt !== this.starting) return;
    const seed = issued?.seed ?? localSeed();
    this.game = { seed, ticket: issued?.ticket ?? null, inputs: { v: 1, runs: [] } };
    this.held = 0;
    this.ghostLevel = 0;
    try {
      const status = await this.physics.call('start', seed);
      if (this.disposed || attempt !== this.starting) return;
      this.showStatus(status, { ticketed: this.game.ticket !== null });
      this.flyWithKeysHeld();
      this.fetchGhosts(status.level);
    } catch (error) {
      this.onCommandError(error);
    }
  }

  /** Landed → next level, crashed → try again. */
  async continueGame(): Promise<void> {
    const screen = this.store.getState().screen;
    if (screen !== 'landed' && screen !== 'crashed') return;
    this.audio.unlock();
    this.audio.blip(true);
    this.held = 0;
    try {
      const status = await this.physics.call('continueGame');
      if (!status || this.disposed) return;
      this.showStatus(status);
      this.flyWithKeysHeld();
      this.fetchGhosts(status.level);
    } catch (error) {
      this.onCommandError(error);
    }
  }

  /** Game over → intro (the leaderboard and a fresh start). */
  backToIntro(): void {
    this.audio.blip(false);
    this.game = null;
    this.physics.send('preview', localSeed());
    this.store.setState({ screen: 'intro', finished: null, touchdown: null, level: 1, lives: 3, score: 0 });
  }

  private showStatus(status: LanderStatus, extra: { ticketed?: boolean } = {}): void {
    this.store.setState({
      screen: screenOf(status),
      level: status.level,
      lives: status.lives,
      score: status.score,
      telemetry: status.telemetry,
      ...extra,
    });
  }

  // ---- input -----------------------------------------------------------------------------

  /** Touch buttons and keys both end here: the held bits go to the host, a thrust press numbered. */
  setInput(bit: number, down: boolean): void {
    if (down) this.audio.unlock();
    const held = down ? this.held | bit : this.held & ~bit;
    if (held === this.held) return;
    this.held = held;
    // The bench's input to screen: a thrust press until the frame that draws its flame.
    const seq = down && bit === INPUT_THRUST ? markInput('thrust') : 0;
    if (!this.physics.stopped) this.physics.send('setInput', held, seq);
  }

  /**
   * A flight has just started (the host let go of every input): the keys held down now fly
   * it from its first ticks. A player holds thrust while clicking Try again, or presses it
   * while the game resumes after a Restart; the lander falls in real time, and waiting for a
   * fresh key press would lose the first seconds of the flight.
   */
  private flyWithKeysHeld(): void {
    this.held = this.keysDown;
    if (this.held && !this.physics.stopped) this.physics.send('setInput', this.held, 0);
  }

  private readonly releaseAll = (): void => {
    this.held = 0;
    this.keysDown = 0;
    if (!this.physics.stopped) this.physics.send('setInput', 0, 0);
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    const bit = inputBitForKey(e);
    if (!bit) return;
    this.keysDown |= bit;
    if (this.store.getState().screen !== 'playing') return;
    // Keep arrows and Space from scrolling the page or pressing focused buttons.
    e.preventDefault();
    this.setInput(bit, true);
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    const bit = inputBitForKey(e);
    if (!bit) return;
    this.keysDown &= ~bit;
    this.setInput(bit, false);
  };

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState !== 'hidden';
    if (!visible) {
      this.held = 0;
      this.keysDown = 0;
      this.audio.silence();
    }
    if (!this.physics.stopped) this.physics.send('setVisible', visible);
  };

  // ---- what the host says ----------------------------------------------------------------

  private readonly onMessage = (event: MessageEvent<LanderHostMessage>): void => {
    if (this.disposed) return;
    const message = event.data;
    switch (message.type) {
      case 'telemetry':
        if (this.store.getState().screen === 'playing') this.store.setState({ telemetry: message.telemetry });
        break;
      case 'firing':
        this.audio.setEngines(
          (message.firing & INPUT_THRUST) !== 0,
          (message.firing & (INPUT_LEFT | INPUT_RIGHT)) !== 0,
        );
        break;
      case 'ghosts':
        this.store.setState({ ghosts: message.ghosts });
        break;
      case 'touchdown':
        this.onTouchdown(message);
        break;
    }
  };

  private onTouchdown(message: Extract<LanderHostMessage, { type: 'touchdown' }>): void {
    const { status, touchdown, inputs, finished } = message;
    const game = this.game;
    if (game) game.inputs = inputs;
    this.audio.setEngines(false, false);
    // The scene's dust or explosion comes with the touchdown tick's snapshot.
    if (touchdown.landed) this.audio.chime();
    else this.audio.boom();
    if (finished && game) keepLocalRun(game.seed, inputs, finished.score, finished.level - 1);
    this.store.setState({
      screen: screenOf(status),
      level: status.level,
      lives: status.lives,
      score: status.score,
      touchdown,
      telemetry: status.telemetry,
      finished:
        finished && game ? { ...finished, run: game.ticket ? { ticket: game.ticket, inputs } : null } : null,
    });
  }

  // ---- ghosts ----------------------------------------------------------------------------

  /**
   * On a new level the ghosts' runs are looked up (the server's, or this device's) and
   * handed to the host, which flies them beside the live attempt (catching up on the ticks
   * flown meanwhile, so ghost and live lander stay in step).
   */
  private fetchGhosts(level: number): void {
    if (level === this.ghostLevel) return;
    this.ghostLevel = level;
    this.ghostFetch?.abort();
    const fetching = new AbortController();
    this.ghostFetch = fetching;
    const game = this.game;
    fetchGhostRuns(level, this.ghostCache, fetching.signal).then(
      (runs) => {
        if (this.disposed || fetching.signal.aborted || this.game !== game) return;
        this.ghostRuns = { level, runs };
        if (!this.physics.stopped) this.physics.send('setGhostRuns', level, runs);
      },
      // fetchGhostRuns answers what it knows locally on any failure; this is a bug's report.
      (error: unknown) => console.warn('Lunar Lander: no ghosts', error),
    );
  }

  // ---- workers ---------------------------------------------------------------------------

  /** The port the host posts readouts and touchdowns on (again after it restarted). */
  private listen(): void {
    this.events?.close();
    const channel = new MessageChannel();
    channel.port1.onmessage = this.onMessage;
    this.events = channel.port1;
    this.physics.send('listen', Comlink.transfer(channel.port2, [channel.port2]));
  }

  private readonly onError = (error: Error): void => {
    if (this.disposed) return;
    if (error instanceof WorkerStoppedError) {
      this.held = 0;
      this.audio.silence();
      // Nobody flies blind: with its drawing stopped, the game waits for the Restart.
      if (this.mount.stopped && !this.physics.stopped) this.physics.send('setVisible', false);
      this.store.setState({ stopped: error.message });
    } else console.error('Lunar Lander:', error);
  };

  /** For commands whose answer the page uses: a stopped worker has reported itself already. */
  private readonly onCommandError = reportUnlessStopped((error) => this.onError(error));

  /**
   * The Restart of the "stopped working" message: a fresh worker for whichever stopped. A
   * new engine replays the game from its seed and the log through its last touchdown: the
   * player is back at the top of the level they were on, score and lives as they were, and
   * the run's log is still exactly what the engine consumed (a verified run stays verifiable).
   */
  async restart(): Promise<void> {
    this.store.setState({ stopped: null });
    if (this.physics.stopped) {
      this.physics.restart();
      this.listen();
      this.physics.send('setShowTop', useGhostSettings.getState().showTop);
      await this.resumeGame();
    }
    if (this.mount.stopped) await this.mount.restart();
    this.physics.send('setVisible', document.visibilityState !== 'hidden');
    wireSnapshots(this.physics, this.mount);
  }

  private async resumeGame(): Promise<void> {
    const game = this.game;
    const screen = this.store.getState().screen;
    if (!game || screen === 'intro' || screen === 'starting') {
      this.physics.send('preview', localSeed());
      return;
    }
    this.held = 0;
    let status = await this.physics.call('resume', game.seed, game.inputs);
    if (!status) throw new Error('the kept game could not be replayed');
    // The flight that was under way starts again from the top of its level.
    if (screen === 'playing' && (status.phase === 'landed' || status.phase === 'crashed'))
      status = (await this.physics.call('continueGame')) ?? status;
    if (screen === 'playing') {
      this.showStatus(status);
      // A key pressed while the game was replayed reached the host before continueGame let
      // go of every input.
      this.flyWithKeysHeld();
    }
    const ghosts = this.ghostRuns;
    if (ghosts && ghosts.level === status.level) this.physics.send('setGhostRuns', ghosts.level, ghosts.runs);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.ghostFetch?.abort();
    this.unsubscribeShowTop?.();
    this.listening.abort();
    this.events?.close();
    this.audio.dispose();
    this.physics.dispose();
    this.mount.dispose();
  }
}
