import type { GameScene, SceneEnvironment, SceneViewport } from './runtime/GameScene.ts';

/**
 * The page's side of a scene drawn on the page's own thread: what a scene may not read
 * itself (sizes, the device's pixel ratio, the player's motion setting) measured here and
 * handed over as data, and a frame loop that calls `draw` once per animation frame. This
 * is the fallback path the render-worker runtime takes where OffscreenCanvas is missing.
 */

/** Device pixels per CSS pixel to render at: the screen's, at most 2 (phones pay for every pixel filled). */
export const pageResolution = (): number => Math.min(window.devicePixelRatio || 1, 2);

/** An element's drawing area (CSS pixels, at least `min` a side) at the page's resolution. */
export function viewportOf(element: HTMLElement, min = 1): SceneViewport {
  return {
    width: Math.max(min, element.clientWidth),
    height: Math.max(min, element.clientHeight),
    resolution: pageResolution(),
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function pageEnvironment(): SceneEnvironment {
  return { reducedMotion: window.matchMedia?.(REDUCED_MOTION).matches ?? false };
}

/** Calls `onChange` when the player changes the motion setting; returns the unsubscribe. */
export function watchEnvironment(onChange: (environment: SceneEnvironment) => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  if (!query) return () => {};
  const listener = () => onChange(pageEnvironment());
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * A canvas for a scene, hidden from assistive technology (the page describes the game). The
 * page puts it in the stage once the scene is ready: a canvas on screen says the game is.
 */
export function newSceneCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}

/**
 * Draws a scene once per animation frame. `alphaAt(now)` says how far between its last two
 * snapshots the frame is (1: at the newest). A scene that can be still (`still()` true
 * after a frame) lets the loop sleep, so a still page asks for no frames at all, until
 * `wake()` (after the page gave the scene anything new).
 */
export class PageSceneLoop {
  private raf = 0;
  private running = false;

  constructor(
    private readonly scene: Pick<GameScene<unknown, unknown, unknown>, 'draw'>,
    private readonly alphaAt: (now: number) => number = () => 1,
    private readonly still: () => boolean = () => false,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  /** Something changed: draw from the next frame on (a running loop that sleeps starts again). */
  wake(): void {
    if (this.running) this.schedule();
  }

  private schedule(): void {
    if (!this.raf) this.raf = requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.raf = 0;
    if (!this.running) return;
    this.scene.draw(this.alphaAt(now), now);
    if (this.running && !this.still()) this.schedule();
  };
}
