/**
 * The dice's textures at one die size: each shape baked once (outline, shadow, glow) and the
 * six pip faces baked side by side into one. Sprites of baked textures cost four vertices a
 * die instead of a few hundred triangles of Graphics, and the bake (at twice the screen's
 * resolution, sampled linearly) smooths edges that an arena without MSAA would draw jagged.
 * Baked through the scene's `SceneCanvas`, so a lost WebGL context draws them again.
 */
import { Container, Graphics, type GraphicsContext, Rectangle, Sprite, Texture } from 'pixi.js';
import type { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { buildPips } from './shapes.ts';

/** A baked texture with the anchor that puts its origin at the die's centre. */
export interface Baked {
  texture: Texture;
  anchorX: number;
  anchorY: number;
  /** The texture `texture` is a frame of, when baked with others into one (the pip faces). */
  atlas?: Texture;
}

export class DieTextures {
  private readonly baked = new Map<string, Baked>();

  /**
   * @param size the die size (px) the textures are drawn for (`resize` changes it).
   * @param resolution the page's device pixel ratio: textures are baked at twice it (at most 4).
   */
  constructor(
    private readonly keeper: SceneCanvas,
    private readonly resolution: number,
    public size: number,
  ) {}

  /** Textures for another die size: the old ones are dropped, the new ones baked as asked for. */
  resize(size: number): void {
    this.drop();
    this.size = size;
  }

  /** The baked texture called `key`, drawn by `draw` on first use at this die size. */
  bake(key: string, draw: () => GraphicsContext | Graphics): Baked {
    let baked = this.baked.get(key);
    if (!baked) {
      const make = () => {
        const drawn = draw();
        return drawn instanceof Graphics ? drawn : new Graphics(drawn);
      };
      const graphics = make();
      const bounds = graphics.getLocalBounds();
      graphics.destroy({ context: true });
      const pad = 2;
      const frame = new Rectangle(
        bounds.x - pad,
        bounds.y - pad,
        bounds.width + pad * 2,
        bounds.height + pad * 2,
      );
      const texture = this.keeper.bake(
        make,
        { frame, resolution: this.bakeResolution(), antialias: true },
        (g) => g.destroy({ context: true }),
      );
      texture.source.scaleMode = 'linear';
      baked = { texture, anchorX: -frame.x / frame.width, anchorY: -frame.y / frame.height };
      this.baked.set(key, baked);
    }
    return baked;
  }

  /** A sprite of a baked texture, its anchor at the die's centre. */
  sprite(baked: Baked): Sprite {
    const sprite = new Sprite(baked.texture);
    sprite.anchor.set(baked.anchorX, baked.anchorY);
    return sprite;
  }

  /** A d6's face `face` (1–6) of pips. */
  pips(face: number): Baked {
    if (!this.baked.has('pips1')) this.bakePips();
    return this.baked.get(`pips${face}`)!;
  }

  /** Destroys every texture baked (the atlas once, its frames each). */
  drop(): void {
    const atlases = new Set<Texture>();
    for (const baked of this.baked.values()) {
      if (baked.atlas) {
        baked.texture.destroy(false);
        atlases.add(baked.atlas);
      } else baked.texture.destroy(true);
    }
    for (const atlas of atlases) atlas.destroy(true);
    this.baked.clear();
  }

  private bakeResolution(): number {
    return Math.min(4, this.resolution * 2);
  }

  /**
   * The six pip faces baked side by side into one texture, each face a frame of it. A
   * tumbling d6 shows another face every 70 ms: with a texture each, the new face's texture
   * was often not among the batch's, and Pixi rebuilt the whole stage's draw instructions;
   * frames of one source are swapped in place.
   */
  private bakePips(): void {
    const pad = 2;
    const size = this.size;
    let cells: { x: number; width: number; height: number; originX: number; originY: number }[] = [];
    let x = 0;
    let height = 0;
    const makeRow = () => {
      const row = new Container();
      cells = [];
      x = 0;
      height = 0;
      for (const context of buildPips(size)) {
        const graphics = new Graphics(context);
        const bounds = graphics.getLocalBounds();
        const cell = {
          x,
          width: bounds.width + pad * 2,
          height: bounds.height + pad * 2,
          originX: pad - bounds.x,
          originY: pad - bounds.y,
        };
        graphics.position.set(x + cell.originX, cell.originY);
        row.addChild(graphics);
        cells.push(cell);
        x += cell.width;
        height = Math.max(height, cell.height);
      }
      return row;
    };
    makeRow().destroy({ children: true, context: true });
    const atlas = this.keeper.bake(
      makeRow,
      { frame: new Rectangle(0, 0, x, height), resolution: this.bakeResolution(), antialias: true },
      (row) => row.destroy({ children: true, context: true }),
    );
    atlas.source.scaleMode = 'linear';
    cells.forEach((cell, i) => {
      const texture = new Texture({
        source: atlas.source,
        frame: new Rectangle(cell.x, 0, cell.width, cell.height),
      });
      this.baked.set(`pips${i + 1}`, {
        texture,
        anchorX: cell.originX / cell.width,
        anchorY: cell.originY / cell.height,
        atlas,
      });
    });
  }
}
