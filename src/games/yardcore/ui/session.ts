import * as Comlink from 'comlink';
import { reportUnlessStopped, startGameWorkers, wireSnapshots } from '../../../lib/runtime/GameWorkers.ts';
import { markInput } from '../../../lib/runtime/inputMarks.ts';
import { listenToPage } from '../../../lib/runtime/pageInput.ts';
import type { SceneMount } from '../../../lib/runtime/SceneMount.ts';
import { type WorkerBridge, WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { MIN_STAGE_PX, SCORE_PER_CUT, TILE_PX } from '../engine/constants.ts';
import type { YardCommand, YardEvent, YardProgress } from '../engine/game.ts';
import { isDoubleTap, type Tap } from '../engine/input.ts';
import type { PlayerView, YardSnapshot, YardSnapshotRequest } from '../engine/snapshot.ts';
import type { YardFeed, YardPhysicsApi } from '../host/YardHost.ts';
import type { SceneDevOptions, YardSceneHud, YardSceneInput } from '../scene/YardScene.ts';
import { loadProgress, loadSeed, saveProgress, saveSeed } from './storage.ts';
import {
  type Hud,
  liveOf,
  nextHud,
  onlyCutFigures,
  type Phase,
  toast,
  useYardStore,
  yardLive,
} from './store.ts';
import { YARD_WORKERS } from './workers.ts';

const STARTING_MS = 900;
/**
 * Least time between two HUD writes to the store that change only what each cut changes:
 * the HUD shows those figures from `yardLive` at once; the store (the live region, the
 * inventory's labels) hears of them at most this often.
 */
const CUT_FIGURES_STORE_MS = 1000;
const SAVE_EVERY_MS = 5000;
/** After the stage changes size, the scene is sent a snapshot to ask for the chunks it now shows. */
const REFRESH_AFTER_RESIZE_MS = 150;
const KEY_DIRECTIONS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  KeyW: [0, -1],
  ArrowDown: [0, 1],
  KeyS: [0, 1],
  ArrowLeft: [-1, 0],
  KeyA: [-1, 0],
  ArrowRight: [1, 0],
  KeyD: [1, 0],
};

/**
 * What the page keeps to start a stopped engine again from: the level being played as the
 * page last saw it (its score, count and the tiles mowed, from the feed's events).
 */
type Checkpoint = Required<YardProgress>;

/**
 * The page's side of the game: owns the physics worker (engine host) through the runtime's
 * bridge and the scene's mount (its render worker, or the page's thread with `?render=main`),
 * turns keys, taps and the joystick into the host's input, and mirrors the host's feed
 * (events, HUD figures) and the scene's HUD into the UI store and the sounds. React calls
 * its methods; nothing per frame goes through React or this thread.
 */
export class YardSession {
  private readonly physics: WorkerBridge<YardPhysicsApi>;
  private readonly mount: SceneMount<YardSnapshot, YardSceneInput, YardSceneHud, YardSnapshotRequest>;
  private feedPort: MessagePort | null = null;
  private sceneHud: YardSceneHud = { fps: 0, still: false, things: 0, chunks: 0, x: 0, y: 0 };
  /** The yard being played (the host's run number): feed messages of another are dropped. */
  private run = 0;
  private checkpoint: Checkpoint | null = null;
  private disposed = false;
  private seed = 1;
  /** Score and level when this level began: R starts the level over from here. */
  private levelStart = { score: 0, level: 1 };
  /**
   * Bumped when the saved progress is rewritten for a new level, a win or a new game: a save
   * of the level before, still on its way back from the worker, is then dropped.
   */
  private saveEpoch = 0;
  private keys = new Set<string>();
  private joystick = { x: 0, y: 0 };
  private pointerDown = false;
  private lastTap: Tap | null = null;
  private startingTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setInterval> | null = null;
  private resizeObserver: ResizeObserver | null = null;
  /** A HUD not yet written to the store (only cut figures changed), and its timer. */
  private pendingHud: Hud | null = null;
  private hudTimer: ReturnType<typeof setTimeout> | null = null;
  private hudStoredAt = Number.NEGATIVE_INFINITY;
  /** Sounds and anything else that wants the engine's events. */
  onEvents: ((events: YardEvent[]) => void) | null = null;
  /** Whether the gardener pushes a running mower (the mower's sound), when it changes. */
  onMowing: ((mowing: boolean) => void) | null = null;
  private devOptions: SceneDevOptions | null = null;
  private unsubscribeZoom: (() => void) | null = null;
  /** The page's keys, blur and visibility (from `start`) and the stage's pointers (once the scene runs), until `dispose`. */
  private readonly listening = new AbortController();

  /**
   * `stage` hears the pointers and gives the yard its size; the canvas goes in `canvasBox`, a
   * box over it whose layout is its own (the canvas's size changes lay out that box alone).
   */
  constructor(
    private readonly stage: HTMLElement,
    canvasBox: HTMLElement,
  ) {
    ({ physics: this.physics, mount: this.mount } = startGameWorkers(YARD_WORKERS, {
      container: canvasBox,
      stage,
      minSize: MIN_STAGE_PX,
      onHud: this.onHud,
      onError: this.onError,
    }));
  }

  /** Never rejects once disposed (the page left while it started). */
  async start(): Promise<void> {
    const { signal } = this.listening;
    // Keys and taps are heard from the first moment: a yard begun (Continue) while the scene
    // was still starting in its worker plays, and an Escape, an arrow or a tap to walk given
    // then must not go unheard (the canvas is there from the start; the yard is drawn later).
    listenToPage(
      {
        keydown: this.onKeyDown,
        keyup: this.onKeyUp,
        blur: this.onBlur,
        visibilitychange: this.onVisibility,
      },
      signal,
    );
    this.stage.addEventListener('pointerdown', this.onPointerDown, { signal });
    this.stage.addEventListener('pointermove', this.onPointerMove, { signal });
    this.stage.addEventListener('pointerup', this.onPointerUp, { signal });
    this.stage.addEventListener('pointercancel', this.onPointerUp, { signal });
    try {
      await this.mount.start();
    } catch (error) {
      if (!this.disposed) throw error;
    }
    if (this.disposed) return;
    wireSnapshots(this.physics, this.mount);
    this.wireFeed();
    this.sceneSettings();
    this.unsubscribeZoom = useYardStore.subscribe((state, before) => {
      if (state.settings.zoom === before.settings.zoom) return;
      this.mount.input({ type: 'zoom', zoom: state.settings.zoom });
      this.physics.send('refresh');
    });
    this.resizeObserver = new ResizeObserver(this.onResize);
    this.resizeObserver.observe(this.stage);
    this.saveTimer = setInterval(() => {
      if (useYardStore.getState().phase === 'playing') this.saveSoon();
    }, SAVE_EVERY_MS);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribeZoom?.();
    if (this.startingTimer) clearTimeout(this.startingTimer);
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.saveTimer) clearInterval(this.saveTimer);
    if (this.hudTimer) clearTimeout(this.hudTimer);
    this.resizeObserver?.disconnect();
    this.listening.abort();
    this.feedPort?.close();
    this.physics.dispose();
    this.mount.dispose();
  }

  // ------------------------------------------------------------ workers

  /** The host's events and HUD figures, on a port of their own. */
  private wireFeed(): void {
    this.feedPort?.close();
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<YardFeed>) => this.onFeed(event.data);
    this.feedPort = channel.port1;
    this.physics.send('watch', Comlink.transfer(channel.port2, [channel.port2]));
  }

  /** What the scene is told besides snapshots: the zoom and the developer switches. */
  private sceneSettings(): void {
    this.mount.input({ type: 'zoom', zoom: useYardStore.getState().settings.zoom });
    if (this.devOptions) this.mount.input({ type: 'dev', options: this.devOptions });
  }

  private readonly onError = (error: Error): void => {
    if (this.disposed) return;
    if (error instanceof WorkerStoppedError) {
      // Nobody plays blind, or against a yard that stopped: the game waits behind the message.
      this.pause();
      useYardStore.setState({ stopped: error.message });
    } else toast(`Something went wrong: ${error.message}`);
  };

  /** For commands whose answer the page uses: a stopped worker has reported itself already. */
  private readonly onCommandError = reportUnlessStopped((error) => this.onError(error));

  /**
   * The Restart of the "stopped working" message: a fresh worker for whichever stopped; the
   * engine starts the level again as the page last saw it (level, score, the tiles mowed),
   * the scene is given the page's settings again. Never rejects.
   */
  async restartStopped(): Promise<void> {
    useYardStore.setState({ stopped: null });
    try {
      if (this.physics.stopped) {
        this.physics.restart();
        this.wireFeed();
        if (this.checkpoint && useYardStore.getState().phase !== 'intro') {
          this.run = await this.physics.call('newGame', this.seed, this.checkpoint, this.run);
          this.keys.clear();
          this.joystick = { x: 0, y: 0 };
          this.pointerDown = false;
          // The phase as it is now, not as it was before the new worker started: Resume pressed
          // meanwhile (a slow device takes seconds) has made it 'playing', and a yard told to
          // wait after that stood still while the page said it played.
          const phase = useYardStore.getState().phase;
          // A yard that was starting (or started or was resumed while the worker was down)
          // fades in again; paused, ended or between levels, it waits as it was.
          if (phase === 'starting' || phase === 'playing') this.begin();
          else this.physics.send('setRunning', false);
        }
        this.physics.send('setVisible', document.visibilityState !== 'hidden');
      }
      if (this.mount.stopped) {
        await this.mount.restart();
        this.sceneSettings();
      }
      wireSnapshots(this.physics, this.mount);
    } catch (error) {
      if (this.disposed) return;
      console.warn('Yardcore could not restart', error);
      useYardStore.setState({ stopped: 'Yardcore could not restart: reload the page.' });
    }
  }

  // ------------------------------------------------------------ menus

  /**
   * New Game (a fresh yard) or Continue: the saved level as it was left, with its score, its
   * cut count and the tiles mowed (a save without the tiles keeps its counts on a fresh lawn).
   */
  play(mode: 'new' | 'continue'): void {
    const saved = mode === 'continue' ? loadProgress() : null;
    const savedSeed = mode === 'continue' ? loadSeed() : null;
    this.seed = savedSeed ?? (Math.random() * 2 ** 31) >>> 0;
    saveSeed(this.seed);
    this.saveEpoch++;
    // R after Continue starts the level over without the points its mowed tiles gave.
    this.levelStart = {
      score: saved ? Math.max(0, saved.score - saved.cutCount * SCORE_PER_CUT) : 0,
      level: saved?.level ?? 1,
    };
    if (!saved) saveProgress({ score: 0, cutCount: 0, level: 1, cut: [] });
    this.startLevel(
      saved
        ? { level: saved.level, score: saved.score, cutCount: saved.cutCount, cut: saved.cut ?? [] }
        : { level: 1, score: 0, cutCount: 0, cut: [] },
    );
  }

  /** R: the current level again, from its start. */
  restart(): void {
    this.saveEpoch++;
    this.startLevel({ ...this.levelStart, cutCount: 0, cut: [] });
  }

  nextLevel(): void {
    this.physics.call('nextLevel').then((run) => {
      const { score, level } = this.levelStart;
      this.beginRun(run, { score, level, cutCount: 0, cut: [] });
    }, this.onCommandError);
  }

  private startLevel(progress: Checkpoint): void {
    this.physics
      .call('newGame', this.seed, progress, this.run)
      .then((run) => this.beginRun(run, progress), this.onCommandError);
  }

  private beginRun(run: number, progress: Checkpoint): void {
    this.run = run;
    this.checkpoint = { ...progress, cut: [...progress.cut] };
    this.begin();
  }

  pause(): void {
    if (useYardStore.getState().phase !== 'playing') return;
    this.physics.send('setRunning', false);
    this.setPhase('paused');
    this.saveSoon();
  }

  resume(): void {
    if (useYardStore.getState().phase !== 'paused') return;
    this.physics.send('setRunning', true);
    this.setPhase('playing');
  }

  exitToMenu(): void {
    this.physics.send('setRunning', false);
    this.setPhase('intro');
    this.saveNow().then(() => useYardStore.setState({ hasProgress: loadProgress() !== null }));
  }

  openSkillTree(): void {
    this.setPhase('skilltree');
  }

  /** Developer menu and the inventory bar: commands straight to the engine. */
  command(command: YardCommand): void {
    this.physics.send('command', command);
  }

  setJoystick(x: number, y: number): void {
    const moving = x !== 0 || y !== 0;
    const started = moving && this.joystick.x === 0 && this.joystick.y === 0;
    this.joystick = { x, y };
    this.steer(moving, started ? markInput('move') : 0);
  }

  /** The throw button (joystick mode): food toward where the gardener faces. */
  throwAhead(): void {
    this.physics.send('throwAhead');
  }

  private begin(): void {
    this.keys.clear();
    this.joystick = { x: 0, y: 0 };
    // The starting fade: the yard shows, paused, for a moment.
    this.physics.send('setRunning', false);
    this.setPhase('starting');
    if (this.startingTimer) clearTimeout(this.startingTimer);
    this.startingTimer = setTimeout(() => {
      if (useYardStore.getState().phase !== 'starting') return;
      this.physics.send('setRunning', true);
      this.setPhase('playing');
    }, STARTING_MS);
  }

  private setPhase(phase: Phase): void {
    useYardStore.setState({ phase });
  }

  /** Saves the level being played as it is now (the worker has the mowed tiles); never rejects. */
  private saveNow(): Promise<void> {
    const epoch = this.saveEpoch;
    return this.physics.call('progress').then((progress) => {
      if (progress && epoch === this.saveEpoch && !this.disposed) saveProgress(progress);
    }, this.onCommandError);
  }

  private saveSoon(): void {
    this.saveNow().catch(this.onCommandError);
  }

  // ------------------------------------------------------------ the host's feed and the scene's HUD

  private onFeed(feed: YardFeed): void {
    // A message of the yard before (on its way when the next began) is dropped.
    if (this.disposed || feed.run < this.run) return;
    const newYard = feed.run !== this.run;
    this.run = feed.run;
    const p = feed.player;
    this.keepCheckpoint(p, feed.events);
    const hud: Hud = {
      hp: p.hp,
      score: p.score,
      cutCount: p.cutCount,
      target: p.target,
      level: p.level,
      slots: p.slots,
      activeSlot: p.activeSlot,
    };
    // A level's end shows its figures in the dialog it opens: the store has them first.
    const ends = feed.events.some((e) => e.type === 'levelup' || e.type === 'gameover' || e.type === 'win');
    this.showHud(hud, ends || newYard);
    if (feed.events.length) {
      this.onEvents?.(feed.events);
      for (const event of feed.events) {
        if (event.type === 'message') toast(event.text);
        else if (event.type === 'levelup') this.levelUp(p);
        else if (event.type === 'gameover') this.setPhase('gameover');
        else if (event.type === 'win') this.win();
      }
    }
    this.onMowing?.(p.mowing);
  }

  /**
   * The HUD's figures: the fast ones (score, count mowed, fuel) to `yardLive` at once, which
   * the HUD writes into the page itself; the store (whose every write re-renders the HUD,
   * the inventory and the announcer) only when something else shown changed, or `now`, or
   * at most once a second for the fast ones alone (the last change always lands).
   */
  private showHud(next: Hud, now: boolean): void {
    const live = liveOf(next);
    const shownLive = yardLive.getState();
    if (
      live.score !== shownLive.score ||
      live.cutCount !== shownLive.cutCount ||
      live.target !== shownLive.target ||
      live.fuel !== shownLive.fuel
    )
      yardLive.setState(live);
    const previous = useYardStore.getState().hud;
    const hud = nextHud(previous, next);
    if (hud === previous) {
      this.pendingHud = null;
      return;
    }
    const at = performance.now();
    if (now || !onlyCutFigures(previous, hud) || at - this.hudStoredAt >= CUT_FIGURES_STORE_MS) {
      this.storeHud(hud);
      return;
    }
    this.pendingHud = hud;
    this.hudTimer ??= setTimeout(
      () => {
        this.hudTimer = null;
        if (this.pendingHud && !this.disposed)
          this.storeHud(nextHud(useYardStore.getState().hud, this.pendingHud));
      },
      CUT_FIGURES_STORE_MS - (at - this.hudStoredAt),
    );
  }

  private storeHud(hud: Hud): void {
    this.pendingHud = null;
    if (this.hudTimer) clearTimeout(this.hudTimer);
    this.hudTimer = null;
    this.hudStoredAt = performance.now();
    if (hud !== useYardStore.getState().hud) useYardStore.setState({ hud });
  }

  /** The level as the page last saw it: what a Restart after a stopped engine starts from. */
  private keepCheckpoint(p: PlayerView, events: readonly YardEvent[]): void {
    const checkpoint = this.checkpoint;
    if (!checkpoint) return;
    checkpoint.level = p.level;
    checkpoint.score = p.score;
    checkpoint.cutCount = p.cutCount;
    for (const event of events) if (event.type === 'cut') checkpoint.cut.push(event.x, event.y);
  }

  private readonly onHud = (hud: YardSceneHud): void => {
    this.sceneHud = hud;
  };

  private levelUp(p: PlayerView): void {
    this.levelStart = { score: p.score, level: p.level + 1 };
    this.saveEpoch++;
    saveProgress({ score: p.score, cutCount: 0, level: p.level + 1, cut: [] });
    this.setPhase('levelup');
  }

  private win(): void {
    // The yard is done: a new game starts from the beginning.
    this.saveEpoch++;
    saveProgress(null);
    this.levelStart = { score: 0, level: 1 };
    useYardStore.setState({ hasProgress: false });
    this.setPhase('win');
  }

  // ------------------------------------------------------------ input

  /** Keys and the joystick as one direction; `clearTarget` ends a walk to a tapped point. */
  private steer(clearTarget: boolean, seq = 0): void {
    let x = this.joystick.x;
    let y = this.joystick.y;
    for (const key of this.keys) {
      const d = KEY_DIRECTIONS[key];
      if (d) {
        x += d[0];
        y += d[1];
      }
    }
    this.physics.send(
      'steer',
      { moveX: Math.max(-1, Math.min(1, x)), moveY: Math.max(-1, Math.min(1, y)), clearTarget },
      seq,
    );
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [role="dialog"]')) return;
    const phase = useYardStore.getState().phase;
    if (event.code === 'Escape') {
      if (phase === 'playing') this.pause();
      else if (phase === 'paused' && !useYardStore.getState().settingsOpen) this.resume();
      return;
    }
    if (event.code === 'KeyR' && (phase === 'gameover' || phase === 'paused' || phase === 'win')) {
      event.preventDefault();
      this.restart();
      return;
    }
    // A direction held through the level's fade-in counts once the yard starts.
    if (phase !== 'playing' && !(phase === 'starting' && KEY_DIRECTIONS[event.code])) return;
    if (KEY_DIRECTIONS[event.code]) {
      event.preventDefault();
      if (!this.keys.has(event.code)) {
        this.keys.add(event.code);
        this.steer(true, markInput('move'));
      }
      return;
    }
    const digit = /^Digit([1-5])$/.exec(event.code);
    if (digit) this.command({ type: 'select', slot: Number(digit[1]) - 1 });
    else if (event.code === 'Space' || event.code === 'KeyE') {
      event.preventDefault();
      this.command({ type: 'use' });
    } else if (event.code === 'KeyF') this.throwAhead();
  };

  private readonly onKeyUp = (event: KeyboardEvent): void => {
    if (this.keys.delete(event.code)) this.steer(false);
  };

  private readonly onBlur = (): void => {
    this.keys.clear();
    this.steer(false);
  };

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState === 'visible';
    this.physics.send('setVisible', visible);
    if (!visible) this.pause();
  };

  private readonly onResize = (): void => {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      if (!this.physics.stopped) this.physics.send('refresh');
    }, REFRESH_AFTER_RESIZE_MS);
  };

  /**
   * Tiles from the gardener to a point on the canvas: the scene draws them in the middle of
   * the stage, at 32 px a tile times the zoom.
   */
  private offsetOf(event: PointerEvent): { dx: number; dy: number } {
    const rect = this.mount.canvas.getBoundingClientRect();
    const unit = TILE_PX * useYardStore.getState().settings.zoom;
    const width = Math.max(MIN_STAGE_PX, rect.width);
    const height = Math.max(MIN_STAGE_PX, rect.height);
    return {
      dx: (event.clientX - rect.left - width / 2) / unit,
      dy: (event.clientY - rect.top - height / 2) / unit,
    };
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    // The canvas only: the HUD, menus and buttons over it are not the yard.
    if (event.target !== this.mount.canvas) return;
    if (useYardStore.getState().phase !== 'playing') return;
    const { dx, dy } = this.offsetOf(event);
    const tap: Tap = { time: event.timeStamp, x: event.clientX, y: event.clientY };
    if (isDoubleTap(this.lastTap, tap)) {
      this.lastTap = null;
      this.physics.send('throwToward', dx, dy);
      return;
    }
    this.lastTap = tap;
    if (useYardStore.getState().settings.controlMode !== 'tapMove') return;
    this.mount.canvas.setPointerCapture?.(event.pointerId);
    this.pointerDown = true;
    this.physics.send('moveToward', dx, dy, markInput('move'));
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (!this.pointerDown || useYardStore.getState().phase !== 'playing') return;
    const { dx, dy } = this.offsetOf(event);
    this.physics.send('moveToward', dx, dy, 0);
  };

  private readonly onPointerUp = (): void => {
    this.pointerDown = false;
  };

  /** The developer menu's scene switches. */
  setDevOptions(options: SceneDevOptions): void {
    this.devOptions = options;
    this.mount.input({ type: 'dev', options });
  }

  /** For the developer overlay (the scene's HUD, at most 10 times a second). */
  debugInfo(): YardSceneHud {
    return { ...this.sceneHud };
  }
}
