/**
 * Whac-a-Moji constants (games spec §9, binding). Every timer is a whole number of
 * engine ticks, so the state machine stays exact and replayable.
 */

/** Fixed engine step. 10 ms keeps input timing finer than a frame at 60–144 Hz. */
export const TICK_MS = 10;

export const ROUND_MS = 30_000;
export const SPAWN_INTERVAL_MS = 800;
export const COUNTDOWN_INTERVAL_MS = 500;
export const COUNTDOWN_START = 3;
/** The last seconds of a round beep once per second. */
export const BEEP_LAST_MS = 5_000;
export const MAX_MISSED_TIMEOUTS = 3;
export const MISS_PENALTY = 1;

/** Rows x cols per round, rounds 1..8. */
export const GRIDS: readonly { rows: number; cols: number }[] = [
  { rows: 3, cols: 3 },
  { rows: 3, cols: 4 },
  { rows: 4, cols: 4 },
  { rows: 4, cols: 5 },
  { rows: 5, cols: 5 },
  { rows: 5, cols: 6 },
  { rows: 6, cols: 6 },
  { rows: 6, cols: 7 },
];
export const TOTAL_ROUNDS = GRIDS.length;

/** Cell size and gap in CSS px on desktop (spec §2); scaled down to fit small screens. */
export const CELL_PX = 85;
export const GAP_PX = 16;

/**
 * Points for a hit by its speed: the time since the emoji appeared. Games spec §9: "The intro
 * text lists tiers of 20/15/10/5 by speed", and the intro states the rules the game applies,
 * so the game applies these four tiers. They keep §9's "20 (countdown at least 3)" (the first
 * 500 ms, while 3 shows) and "5 otherwise" (while 1 shows); the half second the countdown
 * shows 2 is split, 15 in its first half and 10 in its second.
 */
export const HIT_TIERS: readonly { withinMs: number; points: number }[] = [
  { withinMs: 500, points: 20 },
  { withinMs: 750, points: 15 },
  { withinMs: 1000, points: 10 },
  { withinMs: Number.POSITIVE_INFINITY, points: 5 },
];

/** Points for a hit `msSinceSpawn` after the emoji appeared (HIT_TIERS). */
export function hitPoints(msSinceSpawn: number): number {
  for (const tier of HIT_TIERS) if (msSinceSpawn < tier.withinMs) return tier.points;
  return HIT_TIERS[HIT_TIERS.length - 1].points;
}

/** How long a whacked emoji stays on screen (squash animation) before the slot frees up. */
export const HIT_SHOW_MS = 300;
/** How long the red cross of a missed click stays. */
export const CROSS_SHOW_MS = 400;

export const ticks = (ms: number) => ms / TICK_MS;
export const ROUND_TICKS = ticks(ROUND_MS);
export const SPAWN_TICKS = ticks(SPAWN_INTERVAL_MS);
export const COUNTDOWN_TICKS = ticks(COUNTDOWN_INTERVAL_MS);
export const HIT_SHOW_TICKS = ticks(HIT_SHOW_MS);
export const CROSS_SHOW_TICKS = ticks(CROSS_SHOW_MS);
export const TICKS_PER_SECOND = ticks(1000);

export const EMOJIS: readonly string[] = [
  '🐸',
  '🐹',
  '🐰',
  '🦊',
  '🐻',
  '🐼',
  '🐨',
  '🐯',
  '🦁',
  '🐮',
  '🐷',
  '🐵',
  '🐔',
  '🐧',
  '🐙',
  '🦄',
  '🐲',
  '👻',
  '👽',
  '🤖',
  '🎃',
  '🐭',
  '🐶',
  '🐱',
];
