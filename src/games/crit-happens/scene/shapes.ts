/**
 * Dice outlines as seen from above, drawn once per shape into shared GraphicsContexts in
 * greys and tinted with the player's dice colour: the facets' light and shade survive
 * the tint, so one context serves every colour.
 */
import { GraphicsContext } from 'pixi.js';
import type { RenderType } from '../engine/dice.ts';

/** Where the numeral sits (fraction of the size, from the centre) and how big it is. */
export const LABEL: Readonly<Record<RenderType, { dy: number; scale: number }>> = {
  coin: { dy: 0, scale: 0.42 },
  d4: { dy: 0.1, scale: 0.34 },
  d6: { dy: 0, scale: 0.42 },
  d8: { dy: 0.02, scale: 0.34 },
  d10: { dy: -0.04, scale: 0.32 },
  d12: { dy: 0.02, scale: 0.36 },
  d20: { dy: 0.03, scale: 0.32 },
};

const OUTLINE = 0x2a2a2a;
const BODY = 0xe6e6e6;
const LIGHT = 0xffffff;
const SHADE = 0xaaaaaa;

function regular(sides: number, radius: number, rotation = -Math.PI / 2): number[] {
  const points: number[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i / sides) * Math.PI * 2;
    points.push(Math.cos(a) * radius, Math.sin(a) * radius);
  }
  return points;
}

/** A polygon body: shaded facets from the centre to each edge (light top-left, shade bottom-right). */
function facetedPolygon(ctx: GraphicsContext, points: number[], inner: number[] | null): void {
  ctx.poly(points).fill(BODY);
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const ax = points[i * 2];
    const ay = points[i * 2 + 1];
    const bx = points[((i + 1) % n) * 2];
    const by = points[((i + 1) % n) * 2 + 1];
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    // Facets facing up-left catch the light; those facing down-right sit in shade.
    const facing = (-mx - my) / Math.hypot(mx, my);
    const color = facing > 0.3 ? LIGHT : facing < -0.3 ? SHADE : BODY;
    const face = inner
      ? [
          ax,
          ay,
          bx,
          by,
          inner[((i + 1) % n) * 2],
          inner[((i + 1) % n) * 2 + 1],
          inner[i * 2],
          inner[i * 2 + 1],
        ]
      : [ax, ay, bx, by, 0, 0];
    ctx.poly(face).fill({ color, alpha: 0.9 });
  }
  if (inner) ctx.poly(inner).fill(BODY).stroke({ width: 1, color: OUTLINE, alpha: 0.35 });
  ctx.poly(points).stroke({ width: 2, color: OUTLINE, alpha: 0.9, join: 'round' });
}

/** Builds the outline of a die `size` px across. */
export function buildShape(type: RenderType, size: number): GraphicsContext {
  const s = size;
  const ctx = new GraphicsContext();
  switch (type) {
    case 'coin': {
      ctx.circle(0, 0, s * 0.46).fill(SHADE);
      ctx.circle(-s * 0.02, -s * 0.02, s * 0.44).fill(BODY);
      ctx.circle(0, 0, s * 0.34).stroke({ width: 2, color: OUTLINE, alpha: 0.35 });
      ctx.circle(0, 0, s * 0.46).stroke({ width: 2, color: OUTLINE, alpha: 0.9 });
      break;
    }
    case 'd6': {
      const h = s * 0.42;
      ctx.roundRect(-h, -h, h * 2, h * 2, s * 0.14).fill(SHADE);
      ctx.roundRect(-h, -h, h * 2 - s * 0.05, h * 2 - s * 0.05, s * 0.13).fill(BODY);
      ctx
        .roundRect(-h + s * 0.06, -h + s * 0.06, h * 1.2, s * 0.08, s * 0.04)
        .fill({ color: LIGHT, alpha: 0.7 });
      ctx.roundRect(-h, -h, h * 2, h * 2, s * 0.14).stroke({ width: 2, color: OUTLINE, alpha: 0.9 });
      break;
    }
    case 'd4':
      facetedPolygon(ctx, regular(3, s * 0.58), regular(3, s * 0.2, Math.PI / 2));
      break;
    case 'd8':
      facetedPolygon(ctx, regular(4, s * 0.52), null);
      break;
    case 'd10': {
      const k = s * 0.5;
      const outer = [0, -k * 1.08, k * 0.98, -k * 0.12, 0, k * 0.98, -k * 0.98, -k * 0.12];
      const inner = [0, -k * 0.55, k * 0.5, -k * 0.1, 0, k * 0.55, -k * 0.5, -k * 0.1];
      facetedPolygon(ctx, outer, inner);
      break;
    }
    case 'd12':
      facetedPolygon(ctx, regular(5, s * 0.52), regular(5, s * 0.3));
      break;
    case 'd20':
      facetedPolygon(ctx, regular(6, s * 0.53), regular(3, s * 0.33));
      break;
  }
  return ctx;
}

/** Pip positions of a d6 face, in units of the die's half-size. */
const PIPS: Readonly<Record<number, readonly [number, number][]>> = {
  1: [[0, 0]],
  2: [
    [-0.45, -0.45],
    [0.45, 0.45],
  ],
  3: [
    [-0.45, -0.45],
    [0, 0],
    [0.45, 0.45],
  ],
  4: [
    [-0.45, -0.45],
    [0.45, -0.45],
    [-0.45, 0.45],
    [0.45, 0.45],
  ],
  5: [
    [-0.45, -0.45],
    [0.45, -0.45],
    [0, 0],
    [-0.45, 0.45],
    [0.45, 0.45],
  ],
  6: [
    [-0.45, -0.5],
    [0.45, -0.5],
    [-0.45, 0],
    [0.45, 0],
    [-0.45, 0.5],
    [0.45, 0.5],
  ],
};

/** The pips of each d6 face (1..6) in white, tinted with the number colour. */
export function buildPips(size: number): GraphicsContext[] {
  const half = size * 0.42;
  const r = size * 0.075;
  return [1, 2, 3, 4, 5, 6].map((face) => {
    const ctx = new GraphicsContext();
    for (const [px, py] of PIPS[face]) ctx.circle(px * half * 0.95, py * half * 0.95, r).fill(0xffffff);
    return ctx;
  });
}
