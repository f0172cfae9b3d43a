/**
 * The contract every canvas game's scene implements, so one runtime can drive it either in
 * a render worker (on an OffscreenCanvas, the default) or on the page's thread (the
 * fallback, `?render=main`) with the same code.
 *
 * A scene touches no DOM: no document, window, HTMLElement, ResizeObserver, matchMedia or
 * requestAnimationFrame. Everything it knows arrives through these calls, as data.
 */

import type { ICanvas } from 'pixi.js';

/**
 * Where a scene draws: a page canvas (fallback) or an OffscreenCanvas in a render worker.
 * Pixi's ICanvas (which both are), not `HTMLCanvasElement | OffscreenCanvas`: render
 * workers are type-checked without the DOM's types, where HTMLCanvasElement does not exist.
 */
export type SceneCanvas = ICanvas;

/** The drawing area, in CSS pixels, and the device pixels per CSS pixel to render at. */
export interface SceneViewport {
  width: number;
  height: number;
  resolution: number;
}

/** What the page knows about the player's setting that a scene draws differently for. */
export interface SceneEnvironment {
  reducedMotion: boolean;
}

/**
 * One game's scene. `Snapshot` is what its engine host sends each step, `Input` what the
 * page forwards (already the game's own actions, points in CSS pixels), `Hud` what the
 * page's React HUD shows (sampled by the runtime at most 10 times a second).
 */
export interface GameScene<Snapshot, Input = never, Hud = never, Recycle = void> {
  /** Creates the renderer on `canvas` and draws nothing until the first snapshot. */
  init(canvas: SceneCanvas, viewport: SceneViewport, environment: SceneEnvironment): Promise<void>;
  resize(viewport: SceneViewport): void;
  setEnvironment(environment: SceneEnvironment): void;
  /**
   * The newest state from the engine; the scene keeps the one before to interpolate. A scene
   * whose snapshots travel in reusable buffers returns the ones it is done with (`Recycle`),
   * and the runtime hands them back to the engine host with its next request, so steady
   * play allocates nothing; others return nothing.
   */
  push(snapshot: Snapshot): Recycle | undefined;
  /** Input the page forwarded. */
  input?(input: Input): void;
  /** Draws one frame; `alpha` in [0, 1] is how far between the last two fixed steps. */
  draw(alpha: number, now: number): void;
  /**
   * The number (`markInput`) of the newest input the frame just drawn shows, or 0: the
   * render host marks the first frame that shows each one, for the bench's input to screen.
   */
  shownInput?(): number;
  /** What the HUD shows now. */
  hud?(): Hud;
  /**
   * How often the page needs the HUD, where that is less often than the runtime's 10 times a
   * second (`HUD_INTERVAL_MS`): each post is a task and a frame's work on the page's thread.
   */
  readonly hudIntervalMs?: number;
  /** The current frame as a PNG (screenshot and share). */
  capture?(): Promise<Blob>;
  destroy(): void;
}
