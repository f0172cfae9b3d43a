/**
 * Cheap per-game bounds on a submitted score (DESIGN "Scores"): anything outside
 * could not come from the real game, so it is refused with a clear error.
 */
export interface ScoreClaim {
  score: number;
  duration: number | null;
  metadata: Record<string, unknown> | null;
}

/** Whac-a-Moji: 8 rounds of 30 s, a spawn every 800 ms, at most 20 points a hit (games spec §9). */
const WHAC_ROUNDS = 8;
const WHAC_ROUND_MS = 30_000;
const WHAC_SPAWN_MS = 800;
const WHAC_MAX_HIT = 20;
export const WHAC_MAX_SCORE = WHAC_ROUNDS * Math.ceil(WHAC_ROUND_MS / WHAC_SPAWN_MS) * WHAC_MAX_HIT;

/**
 * Lunar Lander (bounded with one level of slack, as "levels reached" may count the next
 * level): 100 per level cleared plus, for each of those landings, 2*fuel (fuel ≤ 100)
 * plus (0.35-|hvel|)*100.
 */
const LANDER_LANDING_BONUS = 2 * 100 + 35;
const LANDER_MAX_LEVEL = 10_000;

const GENERIC_MAX_ABS_SCORE = 1e12;
const MAX_DURATION_SECONDS = 7 * 86_400;

/** null when plausible, else the reason. */
export function implausibility(gameId: string, claim: ScoreClaim): string | null {
  const { score, duration, metadata } = claim;
  if (!Number.isFinite(score) || Math.abs(score) > GENERIC_MAX_ABS_SCORE)
    return 'Score is out of range for this game';
  if (duration !== null && (!Number.isFinite(duration) || duration < 0 || duration > MAX_DURATION_SECONDS))
    return 'Duration is out of range for this game';
  if (gameId === 'whac-a-moji') {
    if (!Number.isInteger(score) || score < 0 || score > WHAC_MAX_SCORE)
      return 'Score is out of range for this game';
    if (
      duration !== null &&
      score > WHAC_MAX_HIT * (Math.ceil((duration * 1000) / WHAC_SPAWN_MS) + WHAC_ROUNDS)
    )
      return 'Score is not plausible for the game duration';
  }
  if (gameId === 'lunar-lander') {
    if (
      !Number.isInteger(score) ||
      score < 0 ||
      score > (LANDER_MAX_LEVEL - 1) * (100 + LANDER_LANDING_BONUS)
    )
      return 'Score is out of range for this game';
    const level = metadata?.levelsReached;
    if (
      typeof level === 'number' &&
      Number.isFinite(level) &&
      score > Math.max(1, level) * (100 + LANDER_LANDING_BONUS)
    )
      return 'Score is not plausible for the level reached';
  }
  return null;
}
