/**
 * One die on the table: its shadow, glow, body and face (pips or a numeral) as sprites of
 * the baked textures, where it lies, and how it is turned. The scene moves these; a die
 * knows only how to look the part.
 */
import { Container, Graphics, type Sprite } from 'pixi.js';
import type { Die, RenderType } from '../engine/dice.ts';
import { SYMMETRY } from './arena.ts';
import type { DieTextures } from './dieTextures.ts';
import { FaceLabel } from './FaceLabel.ts';
import { buildShape, LABEL } from './shapes.ts';

/** The colours a die is drawn in (the arena's own colour is the scene's). */
export interface DieColors {
  dice: string;
  numbers: string;
}

const hex = (color: string): number => Number.parseInt(color.replace('#', ''), 16) || 0;

export class DieSprite {
  readonly id: string;
  readonly renderType: RenderType;
  /** The die size (px) it is drawn at: the textures' when it was made. */
  readonly size: number;
  readonly root = new Container();
  readonly shadow: Sprite;
  readonly glow: Sprite;
  readonly body: Sprite;
  /** Pips and numeral: a sibling of the body, not a child, so the dice colour's tint does not reach them. */
  readonly face = new Container();
  readonly pips: Sprite;
  readonly label: FaceLabel;
  /** The flicker slot last shown while tumbling (a face changes only when its slot does). */
  slot = -1;
  /** Resting place (idle layout, or where the last roll left it). */
  x = 0;
  y = 0;
  angle = 0;
  placed = false;

  /** A die drawn at the textures' size, its numerals in the installed bitmap font `font`. */
  constructor(
    die: Die,
    private readonly textures: DieTextures,
    font: string,
    colors: DieColors,
  ) {
    this.id = die.id;
    this.renderType = die.renderType;
    const size = textures.size;
    this.size = size;
    this.shadow = textures.sprite(
      textures.bake('shadow', () =>
        new Graphics().ellipse(0, 0, size * 0.46, size * 0.4).fill({ color: 0x000000, alpha: 0.35 }),
      ),
    );
    this.glow = textures.sprite(
      textures.bake('glow', () =>
        new Graphics()
          .circle(0, 0, size * 0.66)
          .fill({ color: 0xffd54a, alpha: 0.28 })
          .circle(0, 0, size * 0.6)
          .stroke({ width: 4, color: 0xffd54a, alpha: 0.95 }),
      ),
    );
    this.glow.visible = false;
    this.body = textures.sprite(textures.bake(die.renderType, () => buildShape(die.renderType, size)));
    this.pips = textures.sprite(textures.pips(1));
    this.pips.visible = false;
    this.label = new FaceLabel(font, size * LABEL[die.renderType].scale);
    this.label.root.y = size * LABEL[die.renderType].dy;
    this.face.addChild(this.pips, this.label.root);
    this.root.addChild(this.shadow, this.glow, this.body, this.face);
    this.tint(colors);
  }

  tint(colors: DieColors): void {
    this.body.tint = hex(colors.dice);
    this.label.root.tint = hex(colors.numbers);
    this.pips.tint = hex(colors.numbers);
  }

  /** Shows `face`: pips on a d6's 1 to 6, else the numeral `label` (nothing for null). */
  showFace(label: string | null, face: number | null): void {
    const pipFace = this.renderType === 'd6' && face !== null && face >= 1 && face <= 6 ? face : null;
    this.pips.visible = pipFace !== null;
    if (pipFace !== null) {
      const baked = this.textures.pips(pipFace);
      this.pips.texture = baked.texture;
      this.pips.anchor.set(baked.anchorX, baked.anchorY);
    }
    const text = pipFace !== null ? '' : (label ?? '');
    if (this.label.text !== text) this.label.text = text;
  }

  /** Turns body and face together to `angle` (as the outline's symmetry draws it), plus `extra` (radians). */
  turn(angle: number, extra = 0): void {
    this.body.rotation = wrapAngle(angle, SYMMETRY[this.renderType]) + extra;
    this.face.rotation = this.body.rotation;
  }

  /** Drawn lying still where it rests: unsquashed, its shadow at rest. */
  drawAtRest(): void {
    const size = this.size;
    this.root.position.set(this.x, this.y);
    this.turn(this.angle);
    this.body.scale.set(1);
    this.face.scale.set(1);
    this.shadow.position.set(size * 0.06, size * 0.08);
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}

/** The outline is symmetric under turns of 2π / symmetry: draw it within ± half a turn, so numerals read upright-ish. */
function wrapAngle(angle: number, symmetry: number): number {
  const period = (Math.PI * 2) / symmetry;
  return angle - Math.round(angle / period) * period;
}
