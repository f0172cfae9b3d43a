import { sql } from 'kysely';
import type { DailyEntry } from '../../src/api/schemas/daily.ts';
import type { Db } from '../db/connect.ts';
import type { DailyScoresTable, NewBoardRow } from '../db/schema.ts';
import { nowIso, num } from '../util.ts';
import { boardEntry } from './boardEntry.ts';
import { claimSubmission, type SubmissionClaimOf } from './submissionClaims.ts';

type StoredEntry = Omit<DailyScoresTable, 'id'> & { id: number | string };

export type NewDailyEntry = NewBoardRow<DailyScoresTable>;

export type Direction = 'ASC' | 'DESC';

export type DailySubmissionClaim = SubmissionClaimOf<{
  id: number;
  rank: number;
  verified: boolean;
  best: boolean;
}>;

/**
 * Daily boards (migration 0005): one board per game and UTC day. Ranked by score in the
 * game's direction, then by who got there first (created_at), then id. A day's board is
 * small and indexed by (game, day, score), so it is read straight from the database.
 */
export class DailyScoresRepository {
  constructor(private readonly database: Db) {}

  private get db() {
    return this.database.db;
  }

  async top(gameId: string, day: string, direction: Direction, limit: number): Promise<DailyEntry[]> {
    const order = direction === 'ASC' ? 'asc' : 'desc';
    const rows = await this.db
      .selectFrom('daily_scores')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('day', '=', day)
      .orderBy('score', order)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row, i) => boardEntry(row, i + 1));
  }

  /** A signed-in player's entry of the day, with its rank; null when they have none. */
  async entryOf(
    gameId: string,
    day: string,
    userId: string,
    direction: Direction,
  ): Promise<DailyEntry | null> {
    const row = await this.db
      .selectFrom('daily_scores')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('day', '=', day)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? boardEntry(row, await this.rankOf(row, direction)) : null;
  }

  /** 1 + the entries of the row's board ahead of it (better score, or same score earlier). */
  private async rankOf(row: StoredEntry, direction: Direction): Promise<number> {
    const better = direction === 'ASC' ? '<' : '>';
    const score = num(row.score);
    const { n } = await this.db
      .selectFrom('daily_scores')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('game_id', '=', row.game_id)
      .where('day', '=', row.day)
      .where((eb) =>
        eb.or([
          eb('score', better, score),
          eb.and([
            eb('score', '=', score),
            eb.or([
              eb('created_at', '<', row.created_at),
              eb.and([eb('created_at', '=', row.created_at), eb('id', '<', num(row.id))]),
            ]),
          ]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return num(n) + 1;
  }

  /**
   * Stores a run. A guest's run is a row of its own; a signed-in player's replaces their
   * entry of the day only when it is better (one atomic upsert, so two tabs submitting at
   * once keep the better run). Answers the player's entry and whether this run is it.
   */
  async submit(
    entry: NewDailyEntry,
    direction: Direction,
  ): Promise<{ id: number; rank: number; best: boolean }> {
    const values = {
      ...entry,
      metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
      verified: entry.verified ? 1 : 0,
      created_at: nowIso(),
    };
    const better = direction === 'ASC' ? '<' : '>';
    const inserted = await this.db
      .insertInto('daily_scores')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'day', 'user_id'])
          .doUpdateSet({
            player_name: values.player_name,
            score: values.score,
            duration: values.duration,
            metadata: values.metadata,
            verified: values.verified,
            ip_address: values.ip_address,
            created_at: values.created_at,
          })
          .where(sql<boolean>`excluded.score ${sql.raw(better)} daily_scores.score`),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { id: num(inserted.id), rank: await this.rankOf(inserted, direction), best: true };
    // A signed-in player's better run of the day stays their entry.
    const kept = await this.entryOf(entry.game_id, entry.day, entry.user_id as string, direction);
    if (!kept) throw new Error('Daily entry vanished during its submit');
    return { id: kept.id, rank: kept.rank, best: false };
  }

  /** Claims an idempotency key for a Daily submit: the key belongs to one game and day. */
  claimSubmission(key: string, gameId: string, day: string): Promise<DailySubmissionClaim> {
    return claimSubmission(this.db, {
      table: 'daily_submissions',
      key,
      call: { game_id: gameId, day },
      pending: { entry_id: null, rank: null, verified: 0, best: 0 },
      done: (row) =>
        row.entry_id === null || row.rank === null
          ? null
          : {
              id: num(row.entry_id),
              rank: num(row.rank),
              verified: num(row.verified) === 1,
              best: num(row.best) === 1,
            },
    });
  }

  async completeSubmission(
    key: string,
    result: { id: number; rank: number; verified: boolean; best: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('daily_submissions')
      .set({
        entry_id: result.id,
        rank: result.rank,
        verified: result.verified ? 1 : 0,
        best: result.best ? 1 : 0,
      })
      .where('idempotency_key', '=', key)
      .execute();
  }

  async releaseSubmission(key: string): Promise<void> {
    await this.db
      .deleteFrom('daily_submissions')
      .where('idempotency_key', '=', key)
      .where('entry_id', 'is', null)
      .execute();
  }
}
