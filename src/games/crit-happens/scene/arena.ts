import type { RenderType } from '../engine/dice.ts';

/*
 * The arena's geometry the page needs too (to lay out the throw it asks the engine for):
 * kept apart from the Pixi scene so the page's bundle does not load Pixi with it.
 */

/** The arena is never laid out smaller than this (CSS px a side). */
export const MIN_ARENA_PX = 200;

/** The die size for an arena: big on desktop, smaller on phones and with many dice. */
export function dieSizeFor(width: number, height: number, count: number): number {
  const base = Math.min(72, Math.max(40, Math.min(width, height) / 6.5));
  const crowd = count > 12 ? Math.sqrt(12 / count) : 1;
  return Math.round(Math.max(34, base * crowd));
}

/** Rotational symmetry of each outline: upright is any multiple of 2π / symmetry. */
export const SYMMETRY: Readonly<Record<RenderType, number>> = {
  coin: 1,
  d4: 3,
  d6: 4,
  d8: 4,
  d10: 1,
  d12: 5,
  d20: 6,
};

export const symmetryOf = (type: RenderType): number => SYMMETRY[type];
