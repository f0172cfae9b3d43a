import { SnapshotClient } from '../snapshotPort.ts';
import { FrameLoop, realmFrames, SnapshotTimeline } from './frames.ts';
import type { GameScene, SceneCanvas, SceneEnvironment, SceneViewport } from './GameScene.ts';
import { markShown } from './inputMarks.ts';

/**
 * What the render host posts on the page's HUD port: the HUD, an error, and once, `drawn`
 * after the first frame that showed the engine's state (until then the canvas shows at most
 * what the scene draws without it, such as an empty sky).
 */
export type HudMessage<Hud> =
  | { type: 'hud'; hud: Hud }
  | { type: 'error'; message: string }
  | { type: 'drawn' };

/** At most this often the HUD is sampled and posted to the page (10 times a second). */
export const HUD_INTERVAL_MS = 100;

export interface RenderHostOptions<Snapshot, Input, Hud, Recycle> {
  createScene: () => GameScene<Snapshot, Input, Hud, Recycle>;
  /** What of a recycled value moves (not copies) back to the engine host. */
  transferOf?: (recycled: Recycle) => Transferable[];
  frames?: ConstructorParameters<typeof FrameLoop>[1];
  now?: () => number;
}

/**
 * Runs one scene: takes snapshots straight from the engine host's port (one request per
 * drawn frame, so a slow display takes fewer, and the host never queues them; beside them,
 * one the host sends unasked for each new player input), draws each frame between the last
 * two, and posts the HUD to the page at most 10 times a second.
 *
 * The same object serves a render worker (behind Comlink, `exposeRenderWorker`) and the
 * page's own thread (the fallback, `SceneMount`): the wiring is the same either way.
 */
export class RenderHost<Snapshot, Input = never, Hud = never, Recycle = void> {
  private scene: GameScene<Snapshot, Input, Hud, Recycle> | null = null;
  private canvas: SceneCanvas | null = null;
  private snapshots: SnapshotClient<Recycle | null, Snapshot> | null = null;
  private hudPort: MessagePort | null = null;
  private readonly timeline = new SnapshotTimeline();
  private readonly loop: FrameLoop;
  private readonly now: () => number;
  private recycled: Recycle | null = null;
  private inFlight = false;
  private visible = true;
  private lastHud = Number.NEGATIVE_INFINITY;
  private lastShownInput = 0;
  /** A snapshot has reached the scene; then whether a frame has drawn one (`drawn` posted). */
  private hasSnapshot = false;
  private drawnPosted = false;
  private readonly pendingInput: Input[] = [];
  private disposed = false;
  /** The frame time the scene is given (the real one, but in slowFramesForTest). */
  private frameTime = (now: number) => now;

  constructor(private readonly options: RenderHostOptions<Snapshot, Input, Hud, Recycle>) {
    this.loop = new FrameLoop(this.frame, options.frames ?? realmFrames());
    this.now = options.now ?? (() => performance.now());
  }

  /** Makes the scene on `canvas`; the HUD goes to `hudPort`. Drawing starts at once. */
  async init(
    canvas: SceneCanvas,
    viewport: SceneViewport,
    environment: SceneEnvironment,
    hudPort: MessagePort,
  ): Promise<void> {
    const scene = this.options.createScene();
    await scene.init(canvas, viewport, environment);
    if (this.disposed) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.canvas = canvas;
    const pending = this.pendingInput.splice(0);
    for (const input of pending) scene.input?.(input);
    this.hudPort = hudPort;
    if (this.visible) this.loop.start();
  }

  /** The engine host's snapshot port (again after the engine's worker restarted). */
  connect(port: MessagePort): void {
    this.snapshots?.close();
    const client: SnapshotClient<Recycle | null, Snapshot> = new SnapshotClient(port, (snapshot) => {
      if (client === this.snapshots) this.receive(snapshot);
    });
    this.snapshots = client;
    this.inFlight = false;
    this.recycled = null;
    this.timeline.reset();
  }

  /**
   * Input before the scene has finished starting (Pixi's init is async, and the page sends
   * the world, camera and track as soon as it has them) is kept and given to it in order
   * once it has: dropped, a shared track opened quickly showed an unfitted view without its road.
   */
  input(input: Input): void {
    if (this.scene) this.scene.input?.(input);
    else if (!this.disposed) this.pendingInput.push(input);
  }

  resize(viewport: SceneViewport): void {
    this.scene?.resize(viewport);
  }

  setEnvironment(environment: SceneEnvironment): void {
    this.scene?.setEnvironment(environment);
  }

  /** The page is hidden or shown: no frames while hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible && this.scene && !this.disposed) this.loop.start();
    else this.loop.stop();
  }

  /** The current frame as a PNG, for scenes that have it. */
  async capture(): Promise<Blob> {
    if (!this.scene?.capture) throw new Error('This scene has no picture to take.');
    return this.scene.capture();
  }

  /**
   * For the end-to-end tests, which cannot reach a canvas drawn from a worker: loses the
   * WebGL context, waits, restores it (as a GPU reset would) and resolves once restored.
   */
  async loseContextForTest(): Promise<void> {
    const canvas = this.canvas as unknown as OffscreenCanvas | null;
    const gl = (canvas?.getContext('webgl2') ?? canvas?.getContext('webgl')) as WebGLRenderingContext | null;
    const lose = gl?.getExtension('WEBGL_lose_context');
    if (!canvas || !lose) throw new Error('This scene has no WebGL context to lose.');
    const event = (name: string) =>
      new Promise<void>((resolve) => canvas.addEventListener(name, () => resolve(), { once: true }));
    const lost = event('webglcontextlost');
    lose.loseContext();
    await lost;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const restored = event('webglcontextrestored');
    lose.restoreContext();
    await restored;
  }

  /**
   * For the end-to-end tests, which cannot make a machine slow on demand: from now on the
   * scene is told that every frame took `extraMs` longer than it did, so its adaptive quality
   * lowers the resolution as on a device that cannot keep up (the resize that empties a
   * still canvas, which the scene must draw again).
   */
  slowFramesForTest(extraMs: number): void {
    let frames = 0;
    this.frameTime = (now) => now + extraMs * ++frames;
  }

  dispose(): void {
    this.disposed = true;
    this.loop.stop();
    this.snapshots?.close();
    this.snapshots = null;
    this.hudPort?.close();
    this.scene?.destroy();
    this.scene = null;
  }

  private readonly frame = (now: number): void => {
    const scene = this.scene;
    if (!scene) return;
    this.request();
    scene.draw(this.timeline.alpha(now), this.frameTime(now));
    if (this.hasSnapshot && !this.drawnPosted) {
      this.drawnPosted = true;
      this.post({ type: 'drawn' });
    }
    const shown = scene.shownInput?.() ?? 0;
    if (shown > this.lastShownInput) {
      this.lastShownInput = shown;
      markShown(shown);
    }
    if (scene.hud && now - this.lastHud >= Math.max(HUD_INTERVAL_MS, scene.hudIntervalMs ?? 0)) {
      this.lastHud = now;
      this.post({ type: 'hud', hud: scene.hud() });
    }
  };

  /** Asks for the next snapshot, handing back the buffers the scene is done with. */
  private request(): void {
    const client = this.snapshots;
    if (!client || this.inFlight) return;
    this.inFlight = true;
    const recycled = this.recycled;
    this.recycled = null;
    const transfer = recycled !== null && this.options.transferOf ? this.options.transferOf(recycled) : [];
    client.request(recycled, transfer).then(
      (snapshot) => {
        if (client !== this.snapshots) return;
        this.inFlight = false;
        this.receive(snapshot);
      },
      (error: Error) => {
        if (client !== this.snapshots) return;
        this.inFlight = false;
        // The engine host could not make a snapshot: the page says so (its worker still runs).
        this.post({ type: 'error', message: error.message });
      },
    );
  }

  /**
   * A snapshot, asked for or sent unasked (one that shows the player's input, which the
   * engine host sends as soon as it applies it rather than at the next frame's request).
   * The scene hands back the buffers it is done with (and what else it asks for, such as the
   * yard's missing chunks); the next request takes the newest of these, the engine making new
   * buffers for one it did not get back.
   */
  private receive(snapshot: Snapshot): void {
    if (!this.scene) return;
    this.timeline.push(this.now());
    this.hasSnapshot = true;
    const spent = (this.scene.push(snapshot) ?? null) as Recycle | null;
    if (spent !== null) this.recycled = spent;
  }

  private post(message: HudMessage<Hud>): void {
    this.hudPort?.postMessage(message);
  }
}
