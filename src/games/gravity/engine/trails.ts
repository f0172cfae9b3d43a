import type { BodyArrays } from './bodyArrays.ts';
import { KIND_PLANET } from './bodyTypes.ts';
import { PATH_TRAIL_MAX_POINTS, TRAIL_MAX_POINTS } from './constants.ts';

/** Adds every body's position to its trail (the newest of TRAIL_MAX_POINTS). */
export function recordTrails(bodies: BodyArrays): void {
  record(bodies, bodies.trail, bodies.trailHead, bodies.trailLen, TRAIL_MAX_POINTS, false);
}

/** Adds every planet's position to its path trail, longer and sparser (stars keep none). */
export function recordPathTrails(bodies: BodyArrays): void {
  record(bodies, bodies.pathTrail, bodies.pathTrailHead, bodies.pathTrailLen, PATH_TRAIL_MAX_POINTS, true);
}

/**
 * One point (x, y) into each body's ring of `points` points in `ring`, in its trail slot:
 * `head` is where the newest point is, `len` how many the ring holds.
 */
function record(
  bodies: BodyArrays,
  ring: Float32Array,
  head: Int32Array,
  len: Int32Array,
  points: number,
  planetsOnly: boolean,
): void {
  const { trailSlot, kind, x, y } = bodies;
  const n = bodies.count;
  for (let i = 0; i < n; i++) {
    if (planetsOnly && kind[i] !== KIND_PLANET) continue;
    const s = trailSlot[i];
    const h = head[s] + 1 === points ? 0 : head[s] + 1;
    head[s] = h;
    if (len[s] < points) len[s]++;
    const o = (s * points + h) * 2;
    ring[o] = x[i];
    ring[o + 1] = y[i];
  }
}
