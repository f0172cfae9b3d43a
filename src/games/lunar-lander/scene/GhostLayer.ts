import { Container, Graphics, Text } from 'pixi.js';
import type { GhostSnapshot } from '../engine/index.ts';
import { FOOT_DROP, FOOT_SPAN_HALF } from '../engine/index.ts';

type GhostKind = GhostSnapshot['kind'];

/** How see-through a ghost is: there, but never mistaken for the live lander. */
const GHOST_ALPHA = 0.35;
const LABEL_ALPHA = 0.8;
const TINTS: Record<GhostKind, number> = { best: 0x9fe8ff, top: 0xffd84a };
/** Label text is laid out at this size and scaled into world units. */
const LABEL_FONT_PX = 14;
const LABEL_WORLD_HEIGHT = 5;

/** A lander's outline in its own units (y up, centre at 0,0): no detail, one colour. */
function buildSilhouette(color: number): Graphics {
  const g = new Graphics();
  for (const s of [-1, 1]) {
    g.moveTo(s * 2.6, -1.2)
      .lineTo(s * FOOT_SPAN_HALF, -FOOT_DROP + 0.5)
      .stroke({ width: 0.6, color });
    g.rect(s * FOOT_SPAN_HALF - 1, -FOOT_DROP, 2, 0.6).fill(color);
  }
  g.poly([-3.3, -0.6, -2.8, -2.9, 2.8, -2.9, 3.3, -0.6, 3.3, 0.9, -3.3, 0.9]).fill(color);
  g.poly([-2.7, 0.9, 2.7, 0.9, 2.3, 4.2, 1.3, 5.6, -1.3, 5.6, -2.3, 4.2]).fill(color);
  g.poly([-1.5, 2.6, 0.4, 2.6, 0.2, 4.3, -1.1, 4.3]).fill(0x05030d);
  return g;
}

function buildFlame(color: number): Graphics {
  return new Graphics().poly([-1, 0, 1, 0, 0, -5]).fill(color);
}

interface GhostSprite {
  root: Container;
  flame: Graphics;
  label: Text;
}

/**
 * The ghost landers, drawn in world units inside the scene's world container (under the
 * live lander): a translucent silhouette per ghost with a small label. No particles, no
 * shake, no sound: a ghost shows a path and nothing else.
 */
export class GhostLayer {
  readonly view = new Container({ label: 'ghosts' });
  private readonly sprites = new Map<GhostKind, GhostSprite>();

  private sprite(kind: GhostKind): GhostSprite {
    let sprite = this.sprites.get(kind);
    if (sprite) return sprite;
    const root = new Container();
    const body = new Container({ alpha: GHOST_ALPHA });
    const flame = buildFlame(TINTS[kind]);
    flame.position.set(0, -3);
    body.addChild(flame, buildSilhouette(TINTS[kind]));
    const text = new Text({
      text: '',
      style: {
        fontFamily: 'Nunito, system-ui, sans-serif',
        fontSize: LABEL_FONT_PX,
        fontWeight: '700',
        fill: TINTS[kind],
      },
      resolution: 2,
    });
    text.anchor.set(0.5, 1);
    // The world is drawn y-up (flipped): flip the text back.
    const k = LABEL_WORLD_HEIGHT / LABEL_FONT_PX;
    text.scale.set(k, -k);
    text.position.set(0, 9);
    text.alpha = LABEL_ALPHA;
    root.addChild(body, text);
    this.view.addChild(root);
    sprite = { root, flame, label: text };
    this.sprites.set(kind, sprite);
    return sprite;
  }

  /** Shows these ghosts where they are now; hides the others. */
  update(ghosts: readonly GhostSnapshot[]): void {
    for (const sprite of this.sprites.values()) sprite.root.visible = false;
    for (const ghost of ghosts) {
      const sprite = this.sprite(ghost.kind);
      if (sprite.label.text !== ghost.label) sprite.label.text = ghost.label;
      sprite.root.visible = true;
      sprite.root.position.set(ghost.x, ghost.y);
      sprite.flame.visible = ghost.thrust;
    }
  }
}
