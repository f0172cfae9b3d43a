import type { BodyArrays } from './bodyArrays.ts';
import { KIND_STAR } from './bodyTypes.ts';
import { SOFTENING_SQ } from './constants.ts';
import { CUTOFF_SQ } from './neighbourList.ts';

/** Total momentum Σ m v of the first `count` bodies of a structure-of-arrays world. */
export function momentumOf(
  mass: Float64Array,
  vx: Float64Array,
  vy: Float64Array,
  count: number,
): { px: number; py: number } {
  let px = 0;
  let py = 0;
  for (let i = 0; i < count; i++) {
    px += mass[i] * vx[i];
    py += mass[i] * vy[i];
  }
  return { px, py };
}

/**
 * Kinetic plus softened potential energy over the pairs that interact (all pairs with a
 * star; planet pairs within the cutoff). O(n²): for tests only.
 */
export function energyOf(bodies: BodyArrays, G: number): number {
  const { x, y, vx, vy, mass, kind, count } = bodies;
  let e = 0;
  for (let i = 0; i < count; i++) {
    e += 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
    for (let j = i + 1; j < count; j++) {
      const dx = x[j] - x[i];
      const dy = y[j] - y[i];
      const d2 = dx * dx + dy * dy;
      const anyStar = kind[i] === KIND_STAR || kind[j] === KIND_STAR;
      if (!anyStar && d2 >= CUTOFF_SQ) continue;
      e -= (G * mass[i] * mass[j]) / Math.sqrt(d2 + SOFTENING_SQ);
    }
  }
  return e;
}
