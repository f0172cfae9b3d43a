import type { ScoreEntry } from '../../src/api/types.ts';
import type { ScoresTable } from '../db/schema.ts';
import { num, parseJsonOrNull } from '../util.ts';

/** The columns a board's row stores on both boards, the all-time `scores` and `daily_scores`. */
export type StoredBoardRow = Pick<
  ScoresTable,
  'user_id' | 'player_name' | 'score' | 'duration' | 'created_at' | 'verified' | 'metadata'
> & { id: number | string };

/** What every board's entry holds: the all-time board's less its `level_or_mode` (the Daily's whole entry). */
export type BoardEntry = Omit<ScoreEntry, 'level_or_mode'>;

/**
 * A stored row as the API's entry at `rank`: the fields every board entry has (the all-time
 * board adds `level_or_mode`). PostgreSQL returns bigint ids and numerics as strings, SQLite
 * stores `verified` as 0/1 and the metadata as JSON text.
 */
export function boardEntry(row: StoredBoardRow, rank: number): BoardEntry {
  return {
    id: num(row.id),
    user_id: row.user_id,
    player_name: row.player_name,
    score: num(row.score),
    duration: row.duration === null ? null : num(row.duration),
    created_at: row.created_at,
    verified: num(row.verified) === 1,
    rank,
    metadata: parseJsonOrNull<Record<string, unknown>>(row.metadata),
  };
}
