import { createRng } from '../../../lib/pure/rng.ts';
import type { Point } from './track.ts';

/**
 * Loops as a hand would draw them, for tests and benchmarks: a circle, and a random wobbly
 * loop (radius varied by a few low harmonics, a little jitter), sampled as a pointer would
 * report them (every few pixels).
 */
export function circleStroke(cx: number, cy: number, r: number, points = 120): Point[] {
  return Array.from({ length: points + 1 }, (_, i) => {
    const a = (i / points) * Math.PI * 2;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}

export function randomLoopStroke(seed: number, width = 1000, height = 700): Point[] {
  const rng = createRng(seed);
  const cx = width / 2;
  const cy = height / 2;
  const base = Math.min(width, height) * rng.range(0.28, 0.38);
  const harmonics = Array.from({ length: 4 }, (_, k) => ({
    k: k + 2,
    amp: rng.range(0, 0.22 / (k + 1)),
    phase: rng.range(0, Math.PI * 2),
  }));
  const stretch = rng.range(0.8, 1.35);
  const points: Point[] = [];
  const count = 260;
  for (let i = 0; i <= count; i++) {
    const a = (i / count) * Math.PI * 2;
    let r = base;
    for (const h of harmonics) r += base * h.amp * Math.sin(h.k * a + h.phase);
    points.push({
      x: cx + r * Math.cos(a) * stretch + rng.range(-1.5, 1.5),
      y: cy + r * Math.sin(a) + rng.range(-1.5, 1.5),
    });
  }
  return points;
}
