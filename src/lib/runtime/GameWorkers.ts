import * as Comlink from 'comlink';
import type { RenderHostOptions } from './RenderHost.ts';
import { chooseRenderMode, type RenderMode, SceneMount } from './SceneMount.ts';
import { startWorker, type WorkerBridge, WorkerStoppedError } from './WorkerBridge.ts';
import type { SnapshotSource } from './workerEntries.ts';

/** One of a game's workers, as the page starts it. */
export interface GameWorkerFile {
  /**
   * What the player calls it, for the message when it stops ("The race stopped working.");
   * end-to-end builds list its bridge under it (`window.futileWorkers`).
   */
  label: string;
  /**
   * The game's Vite `?worker` import (`import PhysicsWorker from '…/race.worker.ts?worker'`):
   * the bundler finds a worker by the import in the game's own module, so the runtime is
   * handed the constructor rather than the file's address.
   */
  Worker: new (options: {
    name: string;
  }) => Worker;
  /** The worker's name in the browser's tools: its script's (`race`, `race-render`). */
  name: string;
}

/** What a game on the runtime declares: its physics worker, its render worker and their scene. */
export interface GameWorkerFiles<Snapshot, Input, Hud, Recycle> {
  physics: GameWorkerFile;
  render: GameWorkerFile;
  /** The scene for the page's thread (`?render=main`), loaded only there: the render worker loads its own. */
  loadScene: () => Promise<RenderHostOptions<Snapshot, Input, Hud, Recycle>>;
  /**
   * The canvas's attributes. By default it is hidden from assistive technology: the page
   * describes the game in words, and the picture is decoration.
   */
  canvasAttributes?: Record<string, string>;
}

/** Where a game's page puts its scene, and what it does with the scene's reports. */
export interface GamePageOptions<Hud> {
  /** The element the canvas fills. */
  container: HTMLElement;
  /** The canvas size in CSS pixels; by default the container's, at least `minSize` a side. */
  size?: () => { width: number; height: number };
  /** The smallest side the scene lays out for (CSS px): 1 unless said. */
  minSize?: number;
  /** The element whose `data-render` says where the scene draws (the tests read it): the container unless said. */
  stage?: HTMLElement;
  /** `?render=main`, or a browser without OffscreenCanvas WebGL, draws on the page's thread. */
  mode?: RenderMode;
  onHud?: (hud: Hud) => void;
  /** A worker stopped (its message has a Restart), or something failed in one. */
  onError: (error: Error) => void;
}

/** A game's two workers started: the engine host's bridge and the scene's mount. */
export interface GameWorkers<PhysicsApi, Snapshot, Input, Hud, Recycle> {
  physics: WorkerBridge<PhysicsApi>;
  mount: SceneMount<Snapshot, Input, Hud, Recycle>;
}

/**
 * Starts a game's physics worker and mounts its scene (in the render worker, or on the
 * page's thread), the canvas sized to the container unless the page says otherwise. Start
 * the mount, then `wireSnapshots` the two together.
 */
export function startGameWorkers<PhysicsApi, Snapshot, Input = never, Hud = never, Recycle = void>(
  files: GameWorkerFiles<Snapshot, Input, Hud, Recycle>,
  page: GamePageOptions<Hud>,
): GameWorkers<PhysicsApi, Snapshot, Input, Hud, Recycle> {
  const { container, onError } = page;
  const minSize = page.minSize ?? 1;
  const { physics: physicsFile, render: renderFile } = files;
  const physics = startWorker<PhysicsApi>(() => new physicsFile.Worker({ name: physicsFile.name }), {
    label: physicsFile.label,
    onError,
  });
  const mount = new SceneMount<Snapshot, Input, Hud, Recycle>({
    container,
    mode: page.mode ?? chooseRenderMode(),
    label: renderFile.label,
    createWorker: () => new renderFile.Worker({ name: renderFile.name }),
    loadScene: files.loadScene,
    size:
      page.size ??
      (() => ({
        width: Math.max(minSize, container.clientWidth),
        height: Math.max(minSize, container.clientHeight),
      })),
    canvasAttributes: files.canvasAttributes ?? { 'aria-hidden': 'true' },
    onHud: page.onHud ?? (() => {}),
    onError,
  });
  (page.stage ?? container).dataset.render = mount.mode;
  return { physics, mount };
}

/** A fresh channel from the engine host to the renderer: once the mount has started, and after either restarted. */
export function wireSnapshots<Snapshot, Input, Hud, Recycle>(
  physics: WorkerBridge<SnapshotSource>,
  mount: SceneMount<Snapshot, Input, Hud, Recycle>,
): void {
  const channel = new MessageChannel();
  physics.send('serveSnapshots', Comlink.transfer(channel.port2, [channel.port2]));
  mount.connect(channel.port1);
}

/**
 * For a command whose answer the page uses: the error goes to `onError`, unless the worker
 * stopped (the bridge has reported that itself, once).
 */
export function reportUnlessStopped(onError: (error: Error) => void): (error: unknown) => void {
  return (error) => {
    if (error instanceof WorkerStoppedError) return;
    onError(error instanceof Error ? error : new Error(String(error)));
  };
}
