import { clamp } from '../../../lib/pure/math.ts';
import {
  PROFILE_ACCEL,
  PROFILE_BRAKE,
  PROFILE_TOP,
  TURN_FACTORS,
  TURN_HAIRPIN,
  TURN_HAIRPIN_DEG,
  TURN_MILD,
  TURN_MILD_DEG,
  TURN_SHARP,
  TURN_SHARP_DEG,
  TURN_STRAIGHT,
} from './constants.ts';

/** What the racing line needs of a track: the sampled centreline and its frames. */
export interface CentreLine {
  count: number;
  spacing: number;
  brush: number;
  scale: number;
  carWidth: number;
  cx: Float64Array;
  cy: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
}

/**
 * The line cars aim for, one point per centreline sample (x = cx + offset·n), and the
 * target speed there as a fraction of a car's top speed.
 */
export interface RacingLine {
  x: Float64Array;
  y: Float64Array;
  offset: Float64Array;
  /** Target speed, fraction of top speed (0.45–1), after braking and acceleration passes. */
  speed: Float64Array;
  /** Turn class at each point (TURN_STRAIGHT … TURN_HAIRPIN). */
  turn: Uint8Array;
  /** Largest offset allowed either side of the centreline. */
  halfRange: number;
}

/** The solver's passes, and how far each moves an offset past its neighbours' mean (over-relaxation). */
const ITERATIONS = 400;
const OVER_RELAX = 1.6;

/** The heading change (degrees) that puts a turn in its class. */
export function turnClass(degrees: number): number {
  const d = Math.abs(degrees);
  if (d > TURN_HAIRPIN_DEG) return TURN_HAIRPIN;
  if (d > TURN_SHARP_DEG) return TURN_SHARP;
  if (d > TURN_MILD_DEG) return TURN_MILD;
  return TURN_STRAIGHT;
}

export const turnFactor = (cls: number) => TURN_FACTORS[cls];

/**
 * Minimum-curvature line inside the road: each point slides along its normal within
 * ±halfRange (the road's half width less half a car and a margin) to minimise the sum of
 * squared second differences. Solved by projected Gauss–Seidel with over-relaxation: the
 * exact minimiser for one point, its neighbours held, is
 * p* = (4(p[i−1] + p[i+1]) − (p[i−2] + p[i+2])) / 6, projected on its normal and clamped.
 * Then the speed profile: the turn class of the heading change over a look window around
 * each point, and backward (braking) and forward (acceleration) passes around the loop.
 */
export function computeRacingLine(c: CentreLine, iterations = ITERATIONS): RacingLine {
  const { count: n, cx, cy, nx, ny, spacing } = c;
  const halfRange = Math.max(0, c.brush / 2 - c.carWidth / 2 - 2);
  const offset = new Float64Array(n);
  const x = Float64Array.from(cx);
  const y = Float64Array.from(cy);
  // Neighbours round the loop, looked up rather than computed (the inner loop runs ~10⁵ times).
  const prev = new Int32Array(n);
  const next = new Int32Array(n);
  const prev2 = new Int32Array(n);
  const next2 = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    prev[i] = (i - 1 + n) % n;
    next[i] = (i + 1) % n;
    prev2[i] = (i - 2 + 2 * n) % n;
    next2[i] = (i + 2) % n;
  }
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < n; i++) {
      const a = prev[i];
      const b = next[i];
      const a2 = prev2[i];
      const b2 = next2[i];
      const px = (4 * (x[a] + x[b]) - (x[a2] + x[b2])) / 6;
      const py = (4 * (y[a] + y[b]) - (y[a2] + y[b2])) / 6;
      const target = (px - cx[i]) * nx[i] + (py - cy[i]) * ny[i];
      const o = clamp(offset[i] + OVER_RELAX * (target - offset[i]), -halfRange, halfRange);
      offset[i] = o;
      x[i] = cx[i] + nx[i] * o;
      y[i] = cy[i] + ny[i] * o;
    }
  }

  // Headings along the racing line, and the signed change from each point to the next.
  const step = new Float64Array(n);
  let hx = x[1 % n] - x[n - 1];
  let hy = y[1 % n] - y[n - 1];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const gx = x[(j + 1) % n] - x[i];
    const gy = y[(j + 1) % n] - y[i];
    step[i] = Math.atan2(hx * gy - hy * gx, hx * gx + hy * gy);
    hx = gx;
    hy = gy;
  }
  // Heading change over a window of ±50 px (scaled) around each point, by prefix sums.
  const half = Math.max(1, Math.round((50 * c.scale) / spacing));
  const prefix = new Float64Array(3 * n + 1);
  for (let k = 0; k < 3 * n; k++) prefix[k + 1] = prefix[k] + step[k % n];
  const turn = new Uint8Array(n);
  const speed = new Float64Array(n);
  const span = Math.min(half, Math.floor(n / 2) - 1);
  for (let i = 0; i < n; i++) {
    const from = i + n - span;
    const change = prefix[i + n + span] - prefix[from];
    turn[i] = turnClass((change * 180) / Math.PI);
    speed[i] = TURN_FACTORS[turn[i]];
  }
  // Braking: a car must be able to slow down in time (v² ≤ v_next² + 2·brake·ds), and
  // acceleration out of a turn is limited likewise. Two laps each settle the loop.
  const ds = spacing / (PROFILE_TOP * PROFILE_TOP);
  for (let lap = 0; lap < 2; lap++) {
    for (let k = 2 * n - 1; k >= 0; k--) {
      const i = k % n;
      const next = speed[(i + 1) % n];
      speed[i] = Math.min(speed[i], Math.sqrt(next * next + 2 * PROFILE_BRAKE * ds));
    }
  }
  for (let lap = 0; lap < 2; lap++) {
    for (let k = 0; k < 2 * n; k++) {
      const i = k % n;
      const prev = speed[(i - 1 + n) % n];
      speed[i] = Math.min(speed[i], Math.sqrt(prev * prev + 2 * PROFILE_ACCEL * ds));
    }
  }
  return { x, y, offset, speed, turn, halfRange };
}

/** Sum of squared second differences: what the racing line minimises (for tests and benchmarks). */
export function curvatureEnergy(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let e = 0;
  for (let i = 0; i < n; i++) {
    const a = (i - 1 + n) % n;
    const b = (i + 1) % n;
    e += (x[a] - 2 * x[i] + x[b]) ** 2 + (y[a] - 2 * y[i] + y[b]) ** 2;
  }
  return e;
}
