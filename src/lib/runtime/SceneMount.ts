import * as Comlink from 'comlink';
import type { SceneEnvironment, SceneViewport } from './GameScene.ts';
import { type HudMessage, RenderHost, type RenderHostOptions } from './RenderHost.ts';
import { startWorker, type WorkerBridge } from './WorkerBridge.ts';

/** Where a scene draws: in its render worker (the default) or on the page's thread. */
export type RenderMode = 'worker' | 'main';

let offscreenWebGLAnswer: boolean | null = null;

/** Whether this browser can hand a canvas to a worker and draw WebGL there. */
export function offscreenWebGL(): boolean {
  if (offscreenWebGLAnswer !== null) return offscreenWebGLAnswer;
  let answer = false;
  if (typeof OffscreenCanvas !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype) {
    try {
      const probe = new OffscreenCanvas(1, 1);
      const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
      answer = gl !== null;
      // Contexts are few per page: give this one back now rather than at collection.
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      answer = false;
    }
  }
  offscreenWebGLAnswer = answer;
  return answer;
}

/** `?render=main` asks for the page's thread; so does a browser without OffscreenCanvas WebGL. */
export function chooseRenderMode(search: string = window.location.search): RenderMode {
  if (new URLSearchParams(search).get('render') === 'main') return 'main';
  return offscreenWebGL() ? 'worker' : 'main';
}

export interface SceneMountOptions<Snapshot, Input, Hud, Recycle> {
  /** The element the canvas fills; its size changes are forwarded as the scene's viewport. */
  container: HTMLElement;
  mode: RenderMode;
  /** For the message when the render worker stops ("Gravity's drawing"). */
  label: string;
  /** Makes the game's render worker (`workers/<game>-render.worker.ts`, through its `?worker` import). */
  createWorker: () => Worker;
  /** The scene for the page's thread, loaded only there (the worker loads its own). */
  loadScene: () => Promise<RenderHostOptions<Snapshot, Input, Hud, Recycle>>;
  /** The canvas size, in CSS pixels, for the container's current size. */
  size: () => { width: number; height: number };
  /** Attributes the canvas carries (role, aria-label). */
  canvasAttributes?: Record<string, string>;
  onHud: (hud: Hud) => void;
  /** The render worker stopped, or the scene reported an error. */
  onError: (error: Error) => void;
}

type RenderApi<Snapshot, Input, Hud, Recycle> = RenderHost<Snapshot, Input, Hud, Recycle>;

/**
 * The page's side of a scene: makes the canvas, hands it to the render worker (or runs the
 * same RenderHost here), and forwards what only the page knows: its size, visibility and
 * the reduced-motion setting, plus the game's input. The HUD comes back on a port of its own.
 */
export class SceneMount<Snapshot, Input = never, Hud = never, Recycle = void> {
  canvas: HTMLCanvasElement;
  private bridge: WorkerBridge<RenderApi<Snapshot, Input, Hud, Recycle>> | null = null;
  private local: RenderHost<Snapshot, Input, Hud, Recycle> | null = null;
  private hudPort: MessagePort | null = null;
  private readonly resizeObserver: ResizeObserver;
  private readonly motionQuery: MediaQueryList | null;
  private lastSize = { width: 0, height: 0 };
  private disposed = false;
  private readonly pendingInput: Input[] = [];

  constructor(private readonly options: SceneMountOptions<Snapshot, Input, Hud, Recycle>) {
    this.canvas = this.makeCanvas();
    this.resizeObserver = new ResizeObserver(() => this.fit());
    this.motionQuery = window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
  }

  get mode(): RenderMode {
    return this.options.mode;
  }

  /** Starts drawing (nothing shows until the first snapshot arrives through `connect`). */
  async start(): Promise<void> {
    await this.startRenderer();
    if (this.disposed) return;
    this.resizeObserver.observe(this.options.container);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.motionQuery?.addEventListener('change', this.onMotion);
  }

  /** The engine host's snapshot port: goes to the renderer, wherever it runs. */
  connect(port: MessagePort): void {
    if (this.local) this.local.connect(port);
    else this.bridge?.send('connect', Comlink.transfer(port, [port]));
  }

  /** The game's input for the scene; on the page's thread, kept until the scene's code has loaded. */
  input(input: Input): void {
    if (this.local) this.local.input(input);
    else if (this.bridge) this.bridge.send('input', input);
    else if (!this.disposed) this.pendingInput.push(input);
  }

  /**
   * The scene's current frame as a PNG (screenshot, share), wherever it draws: a canvas
   * drawn from a worker cannot be read by the page, so its renderer makes the picture.
   */
  capture(): Promise<Blob> {
    if (this.local) return this.local.capture();
    if (!this.bridge) return Promise.reject(new Error('The scene has not started.'));
    return this.bridge.call('capture');
  }

  /**
   * The size, in CSS pixels, the scene was last given: read when the container last resized,
   * after layout. A page that lays things out to the scene's size reads it here rather than
   * from the DOM, which in an input's task would lay out the page again for it.
   */
  get sceneSize(): { width: number; height: number } {
    return this.lastSize;
  }

  /** Whether the render worker has stopped. */
  get stopped(): boolean {
    return this.bridge?.stopped != null;
  }

  /** A new canvas and renderer in place of a stopped one; `connect` a snapshot port again after. */
  async restart(): Promise<void> {
    this.teardownRenderer();
    const fresh = this.makeCanvas();
    this.canvas.replaceWith(fresh);
    this.canvas = fresh;
    await this.startRenderer();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.resizeObserver.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.motionQuery?.removeEventListener('change', this.onMotion);
    this.teardownRenderer();
    this.bridge?.dispose();
    this.canvas.remove();
  }

  private makeCanvas(): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    for (const [name, value] of Object.entries(this.options.canvasAttributes ?? {}))
      canvas.setAttribute(name, value);
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    this.options.container.appendChild(canvas);
    return canvas;
  }

  private viewport(): SceneViewport {
    const { width, height } = this.options.size();
    this.lastSize = { width, height };
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    return { width, height, resolution: Math.min(window.devicePixelRatio || 1, 2) };
  }

  private environment(): SceneEnvironment {
    return { reducedMotion: this.motionQuery?.matches ?? false };
  }

  private async startRenderer(): Promise<void> {
    const viewport = this.viewport();
    const environment = this.environment();
    const hud = new MessageChannel();
    this.hudPort = hud.port1;
    hud.port1.onmessage = (event: MessageEvent<HudMessage<Hud>>) => {
      const message = event.data;
      if (message.type === 'hud') this.options.onHud(message.hud);
      else if (message.type === 'drawn') this.drawn();
      else this.options.onError(new Error(message.message));
    };
    if (this.options.mode === 'main') {
      const local = new RenderHost(await this.options.loadScene());
      this.local = local;
      for (const input of this.pendingInput.splice(0)) local.input(input);
      await local.init(this.canvas, viewport, environment, hud.port2);
      local.setVisible(document.visibilityState !== 'hidden');
      this.started();
      return;
    }
    if (this.bridge) this.bridge.restart();
    else {
      this.bridge = startWorker<RenderApi<Snapshot, Input, Hud, Recycle>>(this.options.createWorker, {
        label: this.options.label,
        onError: this.options.onError,
      });
    }
    const offscreen = this.canvas.transferControlToOffscreen();
    await this.bridge.call(
      'init',
      Comlink.transfer(offscreen, [offscreen]),
      viewport,
      environment,
      Comlink.transfer(hud.port2, [hud.port2]),
    );
    this.bridge.send('setVisible', document.visibilityState !== 'hidden');
    this.started();
  }

  /**
   * The scene's code has loaded and its renderer runs: the canvas says so (`data-scene`), for
   * whoever waits on it (the tests that take the network away once everything is loaded).
   */
  private started(): void {
    if (!this.disposed) this.canvas.dataset.scene = 'started';
  }

  /**
   * A frame has shown the engine's state: the canvas says so (`data-drawn`), for whoever
   * looks at the picture (a scene that has started may not have had its first snapshot yet).
   */
  private drawn(): void {
    if (!this.disposed) this.canvas.dataset.drawn = 'true';
  }

  private teardownRenderer(): void {
    this.hudPort?.close();
    this.hudPort = null;
    this.local?.dispose();
    this.local = null;
  }

  private fit(): void {
    const before = this.lastSize;
    const viewport = this.viewport();
    if (viewport.width === before.width && viewport.height === before.height) return;
    if (this.local) this.local.resize(viewport);
    else this.bridge?.send('resize', viewport);
  }

  private readonly onVisibility = (): void => {
    const visible = document.visibilityState !== 'hidden';
    if (this.local) this.local.setVisible(visible);
    else this.bridge?.send('setVisible', visible);
  };

  private readonly onMotion = (): void => {
    const environment = this.environment();
    if (this.local) this.local.setEnvironment(environment);
    else this.bridge?.send('setEnvironment', environment);
  };
}
