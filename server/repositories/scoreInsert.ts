/**
 * A new score's row: its columns and their parameters in one order, which every statement
 * that inserts scores shares (SQLite's writer thread and in-memory transaction, the
 * PostgreSQL batch statement in pgSubmit.ts), so that no two of them can drift apart.
 */
import type { NewBoardRow, ScoresTable } from '../db/schema.ts';
import { nowIso } from '../util.ts';

export type NewScore = NewBoardRow<ScoresTable>;

/** The columns a new score fills, in the order of insertParams. */
export const SCORE_COLUMNS = [
  'game_id',
  'user_id',
  'player_name',
  'score',
  'duration',
  'level_or_mode',
  'metadata',
  'verified',
  'ip_address',
  'created_at',
] as const;

export function insertParams(score: NewScore): unknown[] {
  return [
    score.game_id,
    score.user_id,
    score.player_name,
    score.score,
    score.duration,
    score.level_or_mode,
    score.metadata ? JSON.stringify(score.metadata) : null,
    score.verified ? 1 : 0,
    score.ip_address,
    nowIso(),
  ];
}

/** SQLite: inserts `rows` scores (`?` placeholders, insertParams' order) and returns their ids. */
export function sqliteInsertSql(rows: number): string {
  const row = `(${SCORE_COLUMNS.map(() => '?').join(', ')})`;
  return `insert into scores (${SCORE_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => row).join(', ')} returning id`;
}

/** The writer thread's statement, one score a statement (SQLite only: no placeholder renumbering). */
export const SQLITE_INSERT_SQL = sqliteInsertSql(1);
