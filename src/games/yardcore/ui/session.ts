import * as Comlink from 'comlink';
import type { YardWorkerApi } from '../../../../workers/yardcore.worker.ts';
import { animationFrame } from '../../../lib/animationFrame.ts';
import {
  newSceneCanvas,
  PageSceneLoop,
  pageEnvironment,
  viewportOf,
  watchEnvironment,
} from '../../../lib/pageScene.ts';
import type { SceneViewport } from '../../../lib/runtime/GameScene.ts';
import { SnapshotClient } from '../../../lib/snapshotPort.ts';
import { SCORE_PER_CUT } from '../engine/constants.ts';
import type { YardCommand, YardEvent, YardInput } from '../engine/game.ts';
import { isDoubleTap, type Tap } from '../engine/input.ts';
import type { YardSnapshot } from '../engine/snapshot.ts';
import { chunksInView, isFarChunk, screenToTiles, type YardView } from '../scene/view.ts';
import { MIN_STAGE_PX, type SceneDevOptions, YardScene, type YardSceneInput } from '../scene/YardScene.ts';
import { loadProgress, loadSeed, saveProgress, saveSeed } from './storage.ts';
import { nextHud, type Phase, toast, useYardStore } from './store.ts';

const HUD_MS = 100;
const STARTING_MS = 900;
const SAVE_EVERY_MS = 5000;
/** The worker sends a snapshot per 60 Hz step: the scene draws between the last two over this long. */
const SNAPSHOT_MS = 1000 / 60;
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
 * The page's side of the game: owns the worker (engine host) and the Pixi scene (its
 * canvas, size and frame loop), turns keys, taps and the joystick into engine input,
 * pumps snapshots from the worker to the scene, fetches the chunks of tiles the view
 * needs and hands them on, and mirrors the HUD (at most 10 times a second), menus and messages into the
 * UI store. React calls its methods; nothing per frame goes through React.
 */
export class YardSession {
  private readonly worker: Worker;
  private readonly remote: Comlink.Remote<YardWorkerApi>;
  /** Snapshots, one per frame, on a port of their own (commands stay on Comlink). */
  private readonly snapshots: SnapshotClient<Float32Array | null, YardSnapshot>;
  private scene: YardScene | null = null;
  private loop: PageSceneLoop | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private unwatchEnvironment: (() => void) | null = null;
  private viewport: SceneViewport = { width: MIN_STAGE_PX, height: MIN_STAGE_PX, resolution: 1 };
  private pushedAt = 0;
  /** The chunks the scene holds (of yard `heldRun`), kept by the scene's own rules (see view.ts). */
  private readonly held = new Set<string>();
  private heldRun = -1;
  private disposed = false;
  private pumping = false;
  private buffer: Float32Array | null = null;
  private latest: YardSnapshot | null = null;
  private hudAt = 0;
  private savedAt = 0;
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
  private moveTo: { x: number; y: number } | null = null;
  private pointerDown = false;
  private lastTap: Tap | null = null;
  private startingTimer: ReturnType<typeof setTimeout> | null = null;
  private fetching = new Set<string>();
  /** Sounds and anything else that wants the engine's events. */
  onEvents: ((events: YardEvent[]) => void) | null = null;
  /** Every snapshot (the mower's sound follows `player.mowing`). */
  onSnapshot: ((snapshot: YardSnapshot) => void) | null = null;
  private devOptions: SceneDevOptions | null = null;
  private unsubscribeZoom: (() => void) | null = null;

  constructor(private readonly stage: HTMLElement) {
    this.worker = new Worker(new URL('../../../../workers/yardcore.worker.ts', import.meta.url), {
      type: 'module',
      name: 'yardcore',
    });
    this.remote = Comlink.wrap<YardWorkerApi>(this.worker);
    const channel = new MessageChannel();
    this.snapshots = new SnapshotClient(channel.port1);
    void this.remote.serveSnapshots(Comlink.transfer(channel.port2, [channel.port2]));
  }

  async start(): Promise<void> {
    const scene = new YardScene();
    // Measured before the canvas is in the stage (its default 300 × 150 px must not count).
    this.viewport = viewportOf(this.stage, MIN_STAGE_PX);
    const canvas = newSceneCanvas();
    canvas.style.touchAction = 'none';
    await scene.init(canvas, this.viewport, pageEnvironment());
    if (this.disposed) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.canvas = canvas;
    this.stage.appendChild(canvas);
    if (this.devOptions) this.sceneInput({ type: 'dev', options: this.devOptions });
    this.sceneInput({ type: 'zoom', zoom: useYardStore.getState().settings.zoom });
    this.unsubscribeZoom = useYardStore.subscribe((state, before) => {
      if (state.settings.zoom !== before.settings.zoom)
        this.sceneInput({ type: 'zoom', zoom: state.settings.zoom });
    });
    this.unwatchEnvironment = watchEnvironment((environment) => scene.setEnvironment(environment));
    this.resizeObserver = new ResizeObserver(() => {
      this.viewport = viewportOf(this.stage, MIN_STAGE_PX);
      scene.resize(this.viewport);
    });
    this.resizeObserver.observe(this.stage);
    this.loop = new PageSceneLoop(scene, (now) =>
      Math.min(1, Math.max(0, (now - this.pushedAt) / SNAPSHOT_MS)),
    );
    this.loop.start();
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.onBlur);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribeZoom?.();
    if (this.startingTimer) clearTimeout(this.startingTimer);
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.onBlur);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver?.disconnect();
    this.unwatchEnvironment?.();
    this.loop?.stop();
    this.snapshots.close();
    this.worker.terminate();
    this.scene?.destroy();
    this.scene = null;
    this.canvas?.remove();
    this.canvas = null;
  }

  private sceneInput(input: YardSceneInput): void {
    this.scene?.input(input);
  }

  private view(): YardView {
    return {
      width: this.viewport.width,
      height: this.viewport.height,
      zoom: useYardStore.getState().settings.zoom,
    };
  }

  // ------------------------------------------------------------ menus

  /**
   * New Game (a fresh yard) or Continue: the saved level as it was left, with its score, its
   * cut count and the tiles mowed (a save without the tiles keeps its counts on a fresh lawn).
   */
  async play(mode: 'new' | 'continue'): Promise<void> {
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
    await this.remote.newGame(
      this.seed,
      saved
        ? { level: saved.level, score: saved.score, cutCount: saved.cutCount, cut: saved.cut }
        : { level: 1, score: 0 },
    );
    this.begin();
  }

  /** R: the current level again, from its start. */
  async restart(): Promise<void> {
    this.saveEpoch++;
    await this.remote.newGame(this.seed, { level: this.levelStart.level, score: this.levelStart.score });
    this.begin();
  }

  async nextLevel(): Promise<void> {
    await this.remote.nextLevel();
    this.begin();
  }

  pause(): void {
    if (useYardStore.getState().phase !== 'playing') return;
    void this.remote.setRunning(false);
    this.setPhase('paused');
    void this.saveNow();
  }

  resume(): void {
    if (useYardStore.getState().phase !== 'paused') return;
    void this.remote.setRunning(true);
    this.setPhase('playing');
  }

  async exitToMenu(): Promise<void> {
    void this.remote.setRunning(false);
    this.setPhase('intro');
    await this.saveNow();
    useYardStore.setState({ hasProgress: loadProgress() !== null });
  }

  openSkillTree(): void {
    this.setPhase('skilltree');
  }

  /** Developer menu and the inventory bar: commands straight to the engine. */
  command(command: YardCommand): void {
    void this.remote.command(command);
  }

  setJoystick(x: number, y: number): void {
    this.joystick = { x, y };
    if (x !== 0 || y !== 0) this.moveTo = null;
    this.sendInput();
  }

  /** The throw button (joystick mode): food toward where the gardener faces. */
  throwAhead(): void {
    const p = this.latest?.player;
    if (p) this.command({ type: 'throw', x: p.x + p.facingX * 5, y: p.y + p.facingY * 5 });
  }

  private begin(): void {
    this.latest = null;
    this.moveTo = null;
    this.keys.clear();
    this.joystick = { x: 0, y: 0 };
    this.sendInput();
    // The starting fade: the yard shows, paused, for a moment.
    void this.remote.setRunning(false);
    this.setPhase('starting');
    if (this.startingTimer) clearTimeout(this.startingTimer);
    this.startingTimer = setTimeout(() => {
      if (useYardStore.getState().phase !== 'starting') return;
      void this.remote.setRunning(true);
      this.setPhase('playing');
    }, STARTING_MS);
    if (!this.pumping) void this.pump();
  }

  private setPhase(phase: Phase): void {
    useYardStore.setState({ phase });
  }

  /** Saves the level being played as it is now (the worker has the mowed tiles). */
  private async saveNow(): Promise<void> {
    const epoch = this.saveEpoch;
    let progress = null;
    try {
      progress = await this.remote.progress();
    } catch {
      return;
    }
    if (progress && epoch === this.saveEpoch && !this.disposed) saveProgress(progress);
  }

  // ------------------------------------------------------------ snapshots

  private async pump(): Promise<void> {
    this.pumping = true;
    while (!this.disposed) {
      let snap: YardSnapshot;
      try {
        const spare = this.buffer;
        this.buffer = null;
        snap = await this.snapshots.request(spare, spare ? [spare.buffer as ArrayBuffer] : []);
      } catch (error) {
        if (!this.disposed) console.warn('Yardcore worker stopped', error);
        break;
      }
      if (this.disposed) break;
      this.receive(snap);
      this.buffer = snap.entities;
      // One snapshot per frame drawn (see animationFrame).
      await animationFrame();
    }
    this.pumping = false;
  }

  private receive(snap: YardSnapshot): void {
    const previous = this.latest;
    this.latest = snap;
    const scene = this.scene;
    if (scene) {
      scene.push(snap);
      this.pushedAt = performance.now();
      // Another yard: the scene dropped the last one's chunks.
      if (snap.run !== this.heldRun) {
        this.held.clear();
        this.heldRun = snap.run;
      }
      for (const [cx, cy] of chunksInView(snap.player, this.view()))
        if (!this.held.has(`${cx},${cy}`)) this.fetchChunk(cx, cy);
    }
    this.onSnapshot?.(snap);
    if (snap.events.length) {
      this.onEvents?.(snap.events);
      for (const event of snap.events) {
        if (event.type === 'message') toast(event.text);
        else if (event.type === 'levelup') this.levelUp(snap);
        else if (event.type === 'gameover') this.setPhase('gameover');
        else if (event.type === 'win') this.win(snap);
      }
    }
    // Tap-to-move ends where the gardener arrives (or is stopped by a hedge).
    if (this.moveTo && !snap.player.moving && previous?.player.moving) {
      this.moveTo = null;
      this.sendInput();
    }
    const now = performance.now();
    if (now - this.hudAt >= HUD_MS || snap.events.length) {
      this.hudAt = now;
      const p = snap.player;
      const previousHud = useYardStore.getState().hud;
      // Written only when something shown changed: each write re-rendered the HUD, the
      // inventory and the announcer, ten times a second, for the same numbers.
      const hud = nextHud(previousHud, {
        hp: p.hp,
        score: p.score,
        cutCount: p.cutCount,
        target: p.target,
        level: p.level,
        slots: p.slots,
        activeSlot: p.activeSlot,
      });
      if (hud !== previousHud) useYardStore.setState({ hud });
    }
    if (now - this.savedAt >= SAVE_EVERY_MS) {
      this.savedAt = now;
      if (snap.status === 'playing') void this.saveNow();
    }
  }

  private levelUp(snap: YardSnapshot): void {
    this.levelStart = { score: snap.player.score, level: snap.player.level + 1 };
    this.saveEpoch++;
    saveProgress({ score: snap.player.score, cutCount: 0, level: snap.player.level + 1, cut: [] });
    this.setPhase('levelup');
  }

  private win(snap: YardSnapshot): void {
    // The yard is done: a new game starts from the beginning.
    this.saveEpoch++;
    saveProgress(null);
    this.levelStart = { score: 0, level: 1 };
    useYardStore.setState({ hasProgress: false });
    this.setPhase('win');
    void snap;
  }

  private fetchChunk(cx: number, cy: number): void {
    const key = `${cx},${cy}`;
    if (this.fetching.has(key)) return;
    this.fetching.add(key);
    void this.remote
      .chunk(cx, cy)
      .then(({ run, tiles }) => {
        if (!this.scene) return;
        this.sceneInput({ type: 'chunk', run, cx, cy, tiles });
        if (run === this.heldRun) this.held.add(key);
      })
      .finally(() => this.fetching.delete(key));
    this.forgetFarChunks();
  }

  /** Drops far chunks here and in the scene, by the same rule and from the same snapshot. */
  private forgetFarChunks(): void {
    const p = this.latest?.player;
    if (!p) return;
    for (const key of this.held) {
      const [cx, cy] = key.split(',').map(Number);
      if (isFarChunk(cx, cy, p)) this.held.delete(key);
    }
    this.sceneInput({ type: 'forgetFarChunks' });
  }

  // ------------------------------------------------------------ input

  private sendInput(): void {
    let x = this.joystick.x;
    let y = this.joystick.y;
    for (const key of this.keys) {
      const d = KEY_DIRECTIONS[key];
      if (d) {
        x += d[0];
        y += d[1];
      }
    }
    const input: YardInput = {
      moveX: Math.max(-1, Math.min(1, x)),
      moveY: Math.max(-1, Math.min(1, y)),
      moveTo: this.moveTo,
    };
    void this.remote.setInput(input);
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
      void this.restart();
      return;
    }
    // A direction held through the level's fade-in counts once the yard starts.
    if (phase !== 'playing' && !(phase === 'starting' && KEY_DIRECTIONS[event.code])) return;
    if (KEY_DIRECTIONS[event.code]) {
      event.preventDefault();
      if (!this.keys.has(event.code)) {
        this.keys.add(event.code);
        this.moveTo = null;
        this.sendInput();
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
    if (this.keys.delete(event.code)) this.sendInput();
  };

  private readonly onBlur = (): void => {
    this.keys.clear();
    this.sendInput();
  };

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState === 'visible';
    void this.remote.setVisible(visible);
    if (visible) this.loop?.start();
    else this.loop?.stop();
    if (!visible) this.pause();
  };

  private pointToWorld(event: PointerEvent) {
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const player = this.latest?.player;
    if (!this.scene || !player) return null;
    return screenToTiles(event.clientX - rect.left, event.clientY - rect.top, player, this.view());
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (useYardStore.getState().phase !== 'playing') return;
    const point = this.pointToWorld(event);
    if (!point) return;
    const tap: Tap = { time: event.timeStamp, x: event.clientX, y: event.clientY };
    if (isDoubleTap(this.lastTap, tap)) {
      this.lastTap = null;
      this.command({ type: 'throw', x: point.x, y: point.y });
      return;
    }
    this.lastTap = tap;
    if (useYardStore.getState().settings.controlMode !== 'tapMove') return;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    this.pointerDown = true;
    this.moveTo = point;
    this.sendInput();
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (!this.pointerDown) return;
    const point = this.pointToWorld(event);
    if (!point) return;
    this.moveTo = point;
    this.sendInput();
  };

  private readonly onPointerUp = (): void => {
    this.pointerDown = false;
  };

  /** The developer menu's scene switches. */
  setDevOptions(options: SceneDevOptions): void {
    this.devOptions = options;
    this.sceneInput({ type: 'dev', options });
  }

  /** For the developer overlay. */
  debugInfo(): { fps: number; things: number; chunks: number; x: number; y: number } {
    const p = this.latest?.player;
    return { ...(this.scene?.hud() ?? { fps: 0, things: 0, chunks: 0 }), x: p?.x ?? 0, y: p?.y ?? 0 };
  }
}
