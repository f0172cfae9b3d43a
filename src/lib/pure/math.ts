/** Small numeric helpers the engines share (one definition each). */

/** `v` held within [lo, hi]. */
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The point a fraction `t` of the way from `a` to `b` (t outside [0, 1] extrapolates). */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** The same angle in (-π, π]. */
export function wrapAngle(a: number): number {
  let r = a % (Math.PI * 2);
  if (r > Math.PI) r -= Math.PI * 2;
  if (r <= -Math.PI) r += Math.PI * 2;
  return r;
}

/** The angle a fraction `t` of the way from `a` to `b`, turning the short way round. */
export const lerpAngle = (a: number, b: number, t: number): number => a + wrapAngle(b - a) * t;
