import { type Application, type Container, type GenerateTextureOptions, Matrix, type Texture } from 'pixi.js';

/**
 * Keeps a game scene's canvas drawn when nothing moves.
 *
 * Two things empty a WebGL canvas without the scene changing:
 *
 * - Any resize of the renderer: a window resize, or the adaptive quality changing the
 *   render resolution. Setting a canvas's size clears its drawing buffer, so a scene that
 *   draws only when something changed (Draw & Race on an idle or finished track, Crit
 *   Happens between rolls) showed a cleared, black canvas until something moved. A shared
 *   track opened on a busy machine did exactly that: its first slow frames stepped the
 *   quality down (canvas 1440 → 1080 px wide), and the track was never drawn again.
 * - A lost WebGL context (a GPU reset, a driver update, too many contexts): Pixi gets the
 *   context back and re-uploads what it can rebuild (textures from canvases and images,
 *   geometry), but textures drawn on the GPU (`generateTexture`, `cacheAsTexture`) come back
 *   empty, and nothing is drawn until the scene next renders.
 *
 * So every scene makes one `SceneCanvas` for its Pixi application: after each resize and
 * after a restored context it calls the scene's `redraw` (a scene that renders on demand
 * marks itself dirty and wakes its loop; a scene that renders every frame needs none), and
 * the textures a scene draws on the GPU are made with `bake`, which draws them again into
 * the same textures when the context comes back (sprites keep their textures).
 */
export interface SceneCanvasOptions {
  /** Draws the scene again (on the next frame at the latest). */
  redraw?: () => void;
  /** The context is back and the baked textures are drawn again: rebuild the scene's own GPU-only state (e.g. a cached layer). */
  restored?: () => void;
}

interface Recipe {
  draw: () => Container;
  options: Omit<GenerateTextureOptions, 'target'>;
  dispose: (target: Container) => void;
}

const CLEAR = [0, 0, 0, 0];
const defaultDispose = (target: Container) => target.destroy({ children: true });

export class SceneCanvas {
  private readonly recipes = new Map<Texture, Recipe>();
  private lostContext = false;
  private disposed = false;

  constructor(
    private readonly app: Application,
    private readonly options: SceneCanvasOptions = {},
  ) {
    app.renderer.on('resize', this.onResize);
    // Added after Pixi's own listeners (made in app.init): on `webglcontextrestored`, Pixi has
    // already reset its GPU state when this one runs.
    this.canvasEvents?.addEventListener('webglcontextlost', this.onLost);
    this.canvasEvents?.addEventListener('webglcontextrestored', this.onRestored);
  }

  /**
   * The page's canvas, or a render worker's OffscreenCanvas: both fire the WebGL context
   * events (typed as an EventTarget so this compiles in a worker, which has no DOM types).
   */
  private get canvasEvents(): EventTarget | undefined {
    return this.app.canvas as unknown as EventTarget | undefined;
  }

  /** The WebGL context is lost (and not back yet): nothing drawn now is shown. */
  get lost(): boolean {
    return this.lostContext;
  }

  /**
   * `renderer.generateTexture` of what `draw` makes, remembered so the texture can be drawn
   * again after a lost context. `draw` must make the same picture each time; what it made is
   * destroyed with `dispose` (default: with its children). A destroyed texture is forgotten.
   */
  bake(
    draw: () => Container,
    options: Omit<GenerateTextureOptions, 'target'> = {},
    dispose: (target: Container) => void = defaultDispose,
  ): Texture {
    const target = draw();
    const texture = this.app.renderer.generateTexture({ ...options, target });
    dispose(target);
    this.recipes.set(texture, { draw, options, dispose });
    texture.once('destroy', () => this.recipes.delete(texture));
    return texture;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.app.renderer?.off('resize', this.onResize);
    this.canvasEvents?.removeEventListener('webglcontextlost', this.onLost);
    this.canvasEvents?.removeEventListener('webglcontextrestored', this.onRestored);
    this.recipes.clear();
  }

  private readonly onResize = (): void => {
    this.options.redraw?.();
  };

  private readonly onLost = (): void => {
    this.lostContext = true;
  };

  private readonly onRestored = (): void => {
    this.lostContext = false;
    if (this.disposed) return;
    for (const [texture, recipe] of this.recipes) this.redrawBaked(texture, recipe);
    this.options.restored?.();
    this.options.redraw?.();
  };

  /** Draws a baked texture again, in place: what generateTexture did, into the same texture. */
  private redrawBaked(texture: Texture, recipe: Recipe): void {
    const target = recipe.draw();
    const region = recipe.options.frame ?? target.getLocalBounds().rectangle;
    this.app.renderer.render({
      container: target,
      target: texture,
      transform: new Matrix().translate(-region.x, -region.y),
      clear: true,
      clearColor: CLEAR,
    });
    texture.source.updateMipmaps();
    recipe.dispose(target);
  }
}
