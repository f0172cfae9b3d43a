import type { Rng } from '../../../lib/pure/rng.ts';

/** The 38 car colours (games spec §5): bright, distinct on grass and on dark asphalt. */
export const CAR_COLORS: readonly number[] = [
  0xe53935, 0x1e88e5, 0xfdd835, 0x43a047, 0xfb8c00, 0x8e24aa, 0x00acc1, 0xd81b60, 0x7cb342, 0x3949ab,
  0xffb300, 0x00897b, 0xf4511e, 0x5e35b1, 0xc0ca33, 0x039be5, 0x6d4c41, 0xec407a, 0x26a69a, 0xffffff,
  0xff7043, 0xab47bc, 0x9ccc65, 0x29b6f6, 0xffca28, 0xef5350, 0x66bb6a, 0x5c6bc0, 0xffa726, 0x26c6da,
  0xd4e157, 0xba68c8, 0x8d6e63, 0xff8a80, 0x80d8ff, 0xb9f6ca, 0xffd180, 0x212121,
];

/** Rough perceptual distance between two colours (weighted RGB, the "redmean" formula). */
export function colorDistance(a: number, b: number): number {
  const r1 = (a >> 16) & 255;
  const r2 = (b >> 16) & 255;
  const mean = (r1 + r2) / 2;
  const dr = r1 - r2;
  const dg = ((a >> 8) & 255) - ((b >> 8) & 255);
  const db = (a & 255) - (b & 255);
  return Math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db);
}

/**
 * A colour not in use: a random one of the few free colours that stand out most from the
 * cars already out (so two reds rarely race side by side). All in use: any.
 */
export function pickCarColor(inUse: readonly number[], rng: Rng): number {
  const used = new Set(inUse);
  const free = CAR_COLORS.filter((c) => !used.has(c));
  if (free.length === 0) return rng.pick(CAR_COLORS);
  if (inUse.length === 0) return rng.pick(free);
  const scored = free
    .map((c) => ({ c, d: Math.min(...inUse.map((u) => colorDistance(c, u))) }))
    .sort((x, y) => y.d - x.d);
  return rng.pick(scored.slice(0, 4)).c;
}

/** '#rrggbb' for a colour number. */
export const colorHex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;
