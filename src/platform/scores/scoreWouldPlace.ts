import type { SortDirection } from '../../api/types.ts';
import { LEADERBOARD_SIZE } from './scoresClient.ts';

/**
 * Would `score` make a board of `size` entries (spec §4)? Yes when the board has room,
 * or when it beats some entry: higher for DESC, lower for ASC. A tie beats nothing.
 */
export function scoreWouldPlace(
  board: readonly { score: number }[],
  score: number,
  direction: SortDirection,
  size: number = LEADERBOARD_SIZE,
): boolean {
  if (!Number.isFinite(score)) return false;
  if (board.length < size) return true;
  return board.some((entry) => (direction === 'ASC' ? score < entry.score : score > entry.score));
}
