import { clamp } from '../../../lib/pure/math.ts';
import type { Rng } from '../../../lib/pure/rng.ts';
import {
  PLATFORM_MIN_WIDTH,
  PLATFORM_SHRINK,
  PLATFORM_START_WIDTH,
  TERRAIN_MAX_HEIGHT,
  TERRAIN_MIN_HEIGHT,
  TERRAIN_STEP,
  WORLD_WIDTH,
} from './constants.ts';

export interface Platform {
  x0: number;
  x1: number;
  y: number;
}

/** A height field: a polyline over x from 0 to WORLD_WIDTH, xs strictly increasing. */
export interface Terrain {
  xs: readonly number[];
  ys: readonly number[];
  platform: Platform;
}

/** Platform width of a level: PLATFORM_START_WIDTH × 0.9 per landing, never below 12. */
export function platformWidthForLevel(level: number): number {
  let width = PLATFORM_START_WIDTH;
  for (let l = 1; l < level; l++) width = Math.max(PLATFORM_MIN_WIDTH, width * PLATFORM_SHRINK);
  return width;
}

/**
 * A jagged moonscape from the seeded generator: a mean-reverting random walk with
 * occasional crags, then a flat platform cut in at a random place. Higher levels get
 * rougher ground.
 */
export function generateTerrain(rng: Rng, level: number): Terrain {
  const width = platformWidthForLevel(level);
  const roughness = Math.min(1, 0.55 + 0.06 * (level - 1));
  const base = rng.range(40, 80);
  const heights: number[] = [];
  let h = rng.range(30, 90);
  const count = WORLD_WIDTH / TERRAIN_STEP;
  for (let i = 0; i <= count; i++) {
    h += (base - h) * 0.12 + rng.range(-16, 16) * roughness;
    let y = h;
    if (rng.next() < 0.12) y += rng.range(10, 35) * roughness; // crag
    heights.push(clamp(y, TERRAIN_MIN_HEIGHT + 4, TERRAIN_MAX_HEIGHT - 10));
  }

  const margin = 16;
  const cx = rng.range(margin + width / 2, WORLD_WIDTH - margin - width / 2);
  const x0 = cx - width / 2;
  const x1 = cx + width / 2;
  const under = heights[Math.round(cx / TERRAIN_STEP)];
  const platY = clamp(under + rng.range(-8, 4), TERRAIN_MIN_HEIGHT + 8, 95);

  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i <= count; i++) {
    const x = i * TERRAIN_STEP;
    if (x > x0 - 0.5 && x < x1 + 0.5) continue;
    if (x > x1 && xs[xs.length - 1] < x0) {
      xs.push(x0, x1);
      ys.push(platY, platY);
    }
    xs.push(x);
    ys.push(heights[i]);
  }
  if (xs[xs.length - 1] < x0) {
    xs.push(x0, x1);
    ys.push(platY, platY);
  }
  return { xs, ys, platform: { x0, x1, y: platY } };
}

/** Ground height at x (clamped to the world's ends). */
export function heightAt(terrain: Terrain, x: number): number {
  const { xs, ys } = terrain;
  if (x <= xs[0]) return ys[0];
  const last = xs.length - 1;
  if (x >= xs[last]) return ys[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid;
  }
  const t = (x - xs[lo]) / (xs[hi] - xs[lo]);
  return ys[lo] + (ys[hi] - ys[lo]) * t;
}

/** Highest ground over [a, b]: the ends and every vertex between them. */
export function maxHeightIn(terrain: Terrain, a: number, b: number): number {
  let best = Math.max(heightAt(terrain, a), heightAt(terrain, b));
  const { xs, ys } = terrain;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] <= a) continue;
    if (xs[i] >= b) break;
    if (ys[i] > best) best = ys[i];
  }
  return best;
}
