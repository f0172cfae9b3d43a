/**
 * The drifting-letters background (platform spec §2: home 48 letters at speed 0.7,
 * about 32 at speed 0.5, fixed seed) as plain data: a seeded layout and a step
 * function (the model lettersMotion.ts plays on the compositor). Positions are fractions
 * of the viewport so a resize keeps the picture.
 */
import { createRng } from '../../lib/pure/rng.ts';

export const BRAND_LETTERS = ['F', 'U', 'T', 'I', 'L', 'E', '*'] as const;

/** The fixed seed: every visit sees the same constellation at start. */
export const LETTERS_SEED = 0xf071e;

export interface DriftingLetter {
  char: (typeof BRAND_LETTERS)[number];
  /** Position as fractions of the width and height, in [0, 1). */
  x: number;
  y: number;
  /** Velocity in CSS pixels per second at speed 1. */
  vx: number;
  vy: number;
  /** Radians, and radians per second at speed 1. */
  angle: number;
  spin: number;
  /** Font size in CSS pixels. */
  size: number;
  /** Index into the palette the renderer uses. */
  tone: number;
  /** 0..1: how strongly the letter shows. */
  alpha: number;
}

export interface LettersOptions {
  count: number;
  seed?: number;
  /** Number of palette entries to pick tones from. */
  tones?: number;
}

export function createLetters({ count, seed = LETTERS_SEED, tones = 4 }: LettersOptions): DriftingLetter[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const heading = rng.range(0, Math.PI * 2);
    const pace = rng.range(14, 46);
    return {
      char: BRAND_LETTERS[i % BRAND_LETTERS.length],
      x: rng.next(),
      y: rng.next(),
      vx: Math.cos(heading) * pace,
      vy: Math.sin(heading) * pace,
      angle: rng.range(-Math.PI, Math.PI),
      spin: rng.range(-0.6, 0.6),
      size: Math.round(rng.range(22, 88)),
      tone: rng.int(0, tones - 1),
      alpha: rng.range(0.1, 0.32),
    };
  });
}

/** Wraps into [0, 1). */
function wrap(v: number): number {
  return v - Math.floor(v);
}

/**
 * Moves every letter by `dt` seconds at `speed` across a `width`×`height` viewport,
 * in place. Letters leaving one edge come back at the opposite one.
 */
export function stepLetters(
  letters: DriftingLetter[],
  dt: number,
  speed: number,
  width: number,
  height: number,
): void {
  if (width <= 0 || height <= 0) return;
  // A long pause (background tab, debugger) must not teleport the letters.
  const t = Math.min(Math.max(dt, 0), 0.1) * speed;
  for (const l of letters) {
    l.x = wrap(l.x + (l.vx * t) / width);
    l.y = wrap(l.y + (l.vy * t) / height);
    l.angle += l.spin * t;
  }
}
