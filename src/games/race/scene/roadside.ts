/**
 * What Draw & Race draws with Pixi's Graphics, shape by shape: the lawn, the road (shoulder,
 * white edge, asphalt) and a car. The scene (RaceScene) decides when and where.
 */
import type { Graphics } from 'pixi.js';

/** The lawn: the renderer's clear colour, and its mown stripes and tufts. */
export const GRASS = 0x4a9a3c;
const GRASS_DARK = 0x3f8a33;
const GRASS_LIGHT = 0x5aac48;
/** The debug overlay's racing line. */
export const RACING_LINE = 0x39ff6a;

/**
 * The road's strokes, widest first: a sandy shoulder (6 px a side), a white edge (2 px a
 * side) and the asphalt, each `beyond` px wider than the brush.
 */
const ROAD_LAYERS: readonly { beyond: number; color: number }[] = [
  { beyond: 2 * (6 + 2), color: 0xc9b27c },
  { beyond: 2 * 2, color: 0xffffff },
  { beyond: 0, color: 0x3b3d42 },
];

/** A little top-down car pointing along +x: wheels, body, windscreen, rear window, lights. */
export function drawCar(g: Graphics, color: number, length: number, width: number): void {
  const L = length;
  const W = width;
  g.clear();
  g.roundRect(-L / 2 + 1.5, -W / 2 + 1.5, L, W, W * 0.35).fill({ color: 0x000000, alpha: 0.3 });
  const wheelL = L * 0.22;
  const wheelW = W * 0.22;
  for (const fx of [-0.3, 0.28]) {
    for (const fy of [-1, 1]) {
      g.roundRect(
        L * fx - wheelL / 2,
        fy * (W / 2) - wheelW / 2 - fy * wheelW * 0.15,
        wheelL,
        wheelW,
        1,
      ).fill(0x151515);
    }
  }
  g.roundRect(-L / 2, -W / 2, L, W, W * 0.38)
    .fill(color)
    .stroke({ width: 0.8, color: 0x000000, alpha: 0.45 });
  g.roundRect(L * 0.02, -W * 0.36, L * 0.2, W * 0.72, W * 0.15).fill(0x1d2a3a);
  g.roundRect(-L * 0.36, -W * 0.32, L * 0.12, W * 0.64, W * 0.12).fill(0x1d2a3a);
  g.rect(-L * 0.14, -W * 0.06, L * 0.14, W * 0.12).fill({ color: 0xffffff, alpha: 0.35 });
  g.roundRect(L / 2 - L * 0.07, -W * 0.42, L * 0.06, W * 0.22, 1).fill(0xfff4c2);
  g.roundRect(L / 2 - L * 0.07, W * 0.2, L * 0.06, W * 0.22, 1).fill(0xfff4c2);
  g.rect(-L / 2 + 0.3, -W * 0.4, L * 0.04, W * 0.2).fill(0xd32f2f);
  g.rect(-L / 2 + 0.3, W * 0.2, L * 0.04, W * 0.2).fill(0xd32f2f);
}

/** Strokes a closed (or open) polyline road in the three layers: shoulder, white edge, asphalt. */
export function drawRoad(
  g: Graphics,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  brush: number,
  closed: boolean,
): void {
  const flat: number[] = [];
  for (let i = 0; i < xs.length; i++) flat.push(xs[i], ys[i]);
  if (closed && xs.length > 1) flat.push(xs[0], ys[0], xs[1 % xs.length], ys[1 % xs.length]);
  for (const { beyond, color } of ROAD_LAYERS) {
    g.poly(flat, false).stroke({ width: brush + beyond, color, join: 'round', cap: 'round' });
  }
}

/**
 * Mown stripes and tufts over the background's green, into `g` (cleared first by the
 * caller): fixed pseudo-random from `seed`, so the lawn does not change between frames.
 */
export function drawLawn(g: Graphics, width: number, height: number, seed: number): void {
  const stripe = 48;
  for (let x = 0; x < width; x += stripe * 2) {
    g.rect(x, 0, Math.min(stripe, width - x), height).fill({ color: GRASS_LIGHT, alpha: 0.18 });
  }
  let s = seed;
  const rand = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const tufts = Math.min(900, Math.round((width * height) / 1500));
  for (let i = 0; i < tufts; i++) {
    const x = rand() * width;
    const y = rand() * height;
    g.rect(x, y, 2, 4 + rand() * 3).fill({ color: rand() < 0.5 ? GRASS_DARK : GRASS_LIGHT, alpha: 0.7 });
  }
}
