import type { Application, ColorSource } from 'pixi.js';
import type { SceneCanvas, SceneViewport } from './runtime/GameScene.ts';

/** What differs between the games' Pixi applications; the rest is the same for every scene. */
export interface SceneAppOptions {
  background: ColorSource;
  backgroundAlpha?: number;
  /** Width and height at least this (CSS pixels): a scene laid out for a minimum size. */
  minSize?: number;
  /** Render resolution instead of the viewport's (a scene with adaptive quality). */
  resolution?: number;
}

/**
 * Starts a game scene's Pixi application on `canvas` (the page's, or an OffscreenCanvas in a
 * render worker), the same way for every game:
 *
 * - no MSAA: on software GL and low-end phones it multiplies the fill cost of every frame;
 *   scenes antialias what needs it once, into textures;
 * - no ticker: the runtime's frame loop calls the scene's `draw`;
 * - no density styling: the page sizes the canvas element (an OffscreenCanvas has no style);
 * - no Pixi extensions beyond rendering: input comes from the page, as data, and the event
 *   and accessibility systems expect a DOM a render worker does not have.
 */
export async function initSceneApp(
  app: Application,
  canvas: SceneCanvas,
  viewport: SceneViewport,
  options: SceneAppOptions,
): Promise<void> {
  const min = options.minSize ?? 1;
  await app.init({
    canvas,
    width: Math.max(min, viewport.width),
    height: Math.max(min, viewport.height),
    background: options.background,
    backgroundAlpha: options.backgroundAlpha ?? 1,
    antialias: false,
    resolution: options.resolution ?? viewport.resolution,
    autoDensity: false,
    preference: 'webgl',
    autoStart: false,
    sharedTicker: false,
    skipExtensionImports: true,
  });
  app.ticker.stop();
}
