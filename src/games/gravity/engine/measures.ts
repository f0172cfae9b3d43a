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
