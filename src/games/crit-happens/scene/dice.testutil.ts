/**
 * Real Pixi dice for the scene's unit tests under jsdom, which has no WebGL and no 2D
 * canvas: baking draws the shape and keeps only its size. A test file also mocks
 * FaceLabel (textFaceLabel.testutil.ts), whose bitmap font needs a 2D canvas.
 */
import { type Container, Texture, TextureSource } from 'pixi.js';
import type { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import { addDie, type DieType, emptyPool } from '../engine/dice.ts';
import { DieSprite } from './dieSprite.ts';
import { DieTextures } from './dieTextures.ts';

/** Bakes as SceneCanvas does, but into a blank texture of the drawing's size. */
export const blankKeeper = {
  bake(
    draw: () => Container,
    options: { frame?: { width: number; height: number } } = {},
    dispose: (target: Container) => void = (target) => target.destroy({ children: true }),
  ): Texture {
    const target = draw();
    const { width, height } = options.frame ?? target.getLocalBounds().rectangle;
    dispose(target);
    return new Texture({ source: new TextureSource({ width, height }) });
  },
} as unknown as SceneCanvas;

export const COLORS = { dice: '#00b22a', numbers: '#ffffff' };

/** The die textures at `size`, baked blank. */
export const blankTextures = (size = 60): DieTextures => new DieTextures(blankKeeper, 1, size);

let dice = emptyPool();

/** A die of `type` (each one made another id) on a table of `textures`, lying at (x, y). */
export function dieSprite(type: DieType, textures = blankTextures(), x = 0, y = 0): DieSprite {
  dice = addDie({ ...dice, dice: [] }, type).pool;
  const sprite = new DieSprite(dice.dice[0], textures, 'Numerals', COLORS);
  Object.assign(sprite, { x, y, placed: true });
  return sprite;
}
