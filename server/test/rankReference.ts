/**
 * The definition of a score's rank and fast-check arbitraries for it, shared by the pure
 * ranking tests (server/domain/scoreRanks.test.ts) and the repository's batched-submit tests.
 */
import fc from 'fast-check';
import type { Direction } from '../domain/scoreRanks.ts';

export interface Row {
  id: number;
  gameId: string;
  mode: string | null;
  score: number;
}

/** The definition: 1 + older rows of the scope that are better or equal (ids are arrival order). */
export function referenceRank(rows: readonly Row[], row: Row, direction: Direction): number {
  let rank = 1;
  for (const other of rows) {
    if (other.id >= row.id || other.gameId !== row.gameId) continue;
    if (row.mode !== null && other.mode !== row.mode) continue;
    const better = direction === 'DESC' ? other.score > row.score : other.score < row.score;
    if (better || other.score === row.score) rank++;
  }
  return rank;
}

export const GAMES = ['g1', 'g2'];
export const MODE = fc.constantFrom<string | null>(null, null, 'easy', 'hard');
// Few distinct values, so ties are common; some share a bucket (0 and 1, 64 and 64.5), others are
// on either side of zero and of a bucket edge (127.99 and 128).
export const SCORE = fc.oneof(
  fc.integer({ min: 0, max: 8 }),
  fc.constantFrom(0.5, -1, -0.25, 1e9, 64, 64.5, 127.99, 128, -Number.MIN_VALUE, Number.MIN_VALUE),
);
export const ROW = fc.record({ gameId: fc.constantFrom(...GAMES), mode: MODE, score: SCORE });
export const DIRECTIONS = fc.record({
  g1: fc.constantFrom<Direction>('ASC', 'DESC'),
  g2: fc.constantFrom<Direction>('ASC', 'DESC'),
});
