import { CompiledQuery, sql } from 'kysely';
import type { AdminGameStat, GameConfig, ScoreEntry } from '../../src/api/types.ts';
import type { Db } from '../db/connect.ts';
import type { GameConfigsTable, ScoresTable } from '../db/schema.ts';
import { type SqliteBatchWriter, workerError } from '../db/sqliteWriter.ts';
import {
  type AheadCount,
  type BucketDelta,
  bucketDeltas,
  bucketScope,
  planRanks,
} from '../domain/scoreRanks.ts';
import { hotSql, isUniqueViolation, nowIso, num } from '../util.ts';
import { BoardCache } from './boardCache.ts';
import { boardEntry } from './boardEntry.ts';
import { PG_SUBMIT_SQL, pgSubmitParams } from './pgSubmit.ts';
import { insertParams, type NewScore, SQLITE_INSERT_SQL, sqliteInsertSql } from './scoreInsert.ts';
import { claimSubmission, type SubmissionClaimOf } from './submissionClaims.ts';

export function toGameConfig(row: GameConfigsTable): GameConfig {
  return {
    game_id: row.game_id,
    display_name: row.display_name,
    score_type: row.score_type === 'time' ? 'time' : 'points',
    sort_order: row.sort_order === 'ASC' ? 'ASC' : 'DESC',
  };
}

type StoredScore = Omit<ScoresTable, 'id'> & { id: number | string };

function toEntry(row: StoredScore, rank: number): ScoreEntry {
  return { ...boardEntry(row, rank), level_or_mode: row.level_or_mode };
}

interface PendingInsert {
  config: GameConfig;
  score: NewScore;
  resolve(value: { id: number; rank: number }): void;
  reject(err: unknown): void;
}

export type SubmissionClaim = SubmissionClaimOf<{ id: number; rank: number; verified: boolean }>;

/** Scores and game configs. Rank is 1-based in the game's sort direction; ties rank by age. */
export class ScoresRepository {
  /** Boards and configs kept in this process: see BoardCache. */
  private readonly cache = new BoardCache();

  /** SQL of the rank counts, by shape (mode scope, direction). */
  private readonly aheadSql = new Map<string, string>();

  /** SQLite file databases write scores on the writer thread (Db.writes, see SqliteBatchWriter). */
  private readonly writer: SqliteBatchWriter | null;

  constructor(private readonly database: Db) {
    this.writer = database.writes;
    this.maxFlushing = database.dialect === 'postgres' ? 2 : 1;
  }

  private get db() {
    return this.database.db;
  }

  /** The cached config of a game (null: cached as unknown), or undefined when it must be read. */
  cachedConfig(gameId: string): GameConfig | null | undefined {
    return this.cache.cachedConfig(gameId);
  }

  async config(gameId: string): Promise<GameConfig | null> {
    return this.cache.config(gameId, async () => {
      const row = await this.db
        .selectFrom('game_configs')
        .selectAll()
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return row ? toGameConfig(row) : null;
    });
  }

  async configs(): Promise<GameConfig[]> {
    const rows = await this.db.selectFrom('game_configs').selectAll().orderBy('game_id').execute();
    return rows.map(toGameConfig);
  }

  async setConfig(config: GameConfig): Promise<void> {
    await this.db
      .insertInto('game_configs')
      .values(config)
      .onConflict((oc) =>
        oc.column('game_id').doUpdateSet({
          display_name: config.display_name,
          score_type: config.score_type,
          sort_order: config.sort_order,
        }),
      )
      .execute();
    this.cache.dropConfig(config.game_id);
    this.invalidateBoards(config.game_id);
  }

  /**
   * Drops the cached boards of a game (null: of every game). Every write that can change
   * a board calls it once the write is committed: score inserts and deletes and game
   * configs here, and account deletion (it anonymises the account's scores). Its number
   * also keeps a read that overlapped it from being cached (see BoardCache).
   */
  invalidateBoards(gameId: string | null) {
    this.cache.invalidate(gameId);
  }

  /**
   * The top N of a game (and mode). Boards are read far more often than they change, so
   * answers are kept until a write to the game in this process, or BOARD_CACHE_MS at most
   * (boardCache.ts). The same array is returned until then, so callers may keep derived data
   * (the JSON) by it.
   */
  async top(config: GameConfig, limit: number, levelOrMode: string | null): Promise<ScoreEntry[]> {
    return this.cache.top(config, limit, levelOrMode, () => this.readTop(config, limit, levelOrMode));
  }

  /** The cached top N (see top()), or undefined when it must be read. */
  cachedTop(config: GameConfig, limit: number, levelOrMode: string | null): ScoreEntry[] | undefined {
    return this.cache.cachedTop(config, limit, levelOrMode);
  }

  private async readTop(
    config: GameConfig,
    limit: number,
    levelOrMode: string | null,
  ): Promise<ScoreEntry[]> {
    let q = this.db.selectFrom('scores').selectAll().where('game_id', '=', config.game_id);
    if (levelOrMode !== null) q = q.where('level_or_mode', '=', levelOrMode);
    const rows = await q
      .orderBy('score', config.sort_order === 'ASC' ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r, i) => toEntry(r, i + 1));
  }

  /**
   * Inserts and ranks. Submissions arriving in the same tick share one transaction
   * (group commit): with synchronous=FULL every commit waits for the disk, so one
   * commit per score would cap throughput at the disk's flush rate.
   */
  insert(config: GameConfig, score: NewScore): Promise<{ id: number; rank: number }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ config, score, resolve, reject });
      if (this.pending.length === 1 && this.flushing < this.maxFlushing)
        setImmediate(() => void this.flush());
    });
  }

  private pending: PendingInsert[] = [];

  /** Batches being written now; what arrives meanwhile waits and goes in the next one (group commit). */
  private flushing = 0;
  /**
   * PostgreSQL: a second batch may start while one commits. It waits on the submit lock in
   * the database (so it still ranks against every row before it), but its connection and
   * call are under way, instead of starting only once the first is answered.
   * SQLite: one writer thread runs batches one at a time anyway.
   */
  private readonly maxFlushing: number;

  private async flush() {
    if (this.flushing >= this.maxFlushing || this.pending.length === 0) return;
    this.flushing++;
    try {
      await this.writeBatch();
    } finally {
      this.flushing--;
      if (this.pending.length) setImmediate(() => void this.flush());
    }
  }

  /** At most this many submits share a transaction (ranking within a batch is quadratic in memory). */
  private static readonly MAX_BATCH = 500;

  private async writeBatch() {
    const batch = this.pending.splice(0, ScoresRepository.MAX_BATCH);
    try {
      const results = await this.insertRanked(batch);
      for (const item of batch) this.invalidateBoards(item.config.game_id);
      for (const [i, item] of batch.entries()) item.resolve(results[i]);
    } catch {
      // One bad row (e.g. its user deleted meanwhile) must not fail its neighbours: each on its own.
      for (const item of batch) {
        try {
          const [result] = await this.insertRanked([item]);
          this.invalidateBoards(item.config.game_id);
          item.resolve(result);
        } catch (err) {
          item.reject(err);
        }
      }
    }
  }

  /** Inserts a batch in one transaction and ranks each score (see server/domain/scoreRanks.ts); all or nothing. */
  private async insertRanked(batch: PendingInsert[]): Promise<{ id: number; rank: number }[]> {
    const plan = planRanks(
      batch.map(({ config, score }) => ({
        gameId: config.game_id,
        mode: score.level_or_mode,
        score: score.score,
        direction: config.sort_order === 'ASC' ? 'ASC' : 'DESC',
      })),
    );
    const deltas = bucketDeltas(
      batch.map(({ score }) => ({ gameId: score.game_id, mode: score.level_or_mode, score: score.score })),
      1,
    );
    let counts: number[];
    let ids: number[];
    if (this.writer) {
      const aheads = plan.counts.map((count) => this.aheadCount(count));
      const bump = this.bucketUpsert(deltas);
      const outcome = await this.writer.run({
        counts: aheads.map(({ expression, params }) => ({ sql: `select ${expression} as n`, params })),
        writes: [bump],
        inserts: batch.map(({ score }) => ({ sql: SQLITE_INSERT_SQL, params: insertParams(score) })),
      });
      if (!outcome.ok) throw workerError(outcome.error);
      ({ counts, ids } = outcome);
    } else {
      let rows: { i: unknown; n: unknown }[];
      if (this.database.dialect === 'postgres') {
        rows = (
          await this.database.lockedRows(
            'scores',
            PG_SUBMIT_SQL,
            pgSubmitParams(
              plan.counts,
              deltas,
              batch.map(({ score }) => score),
            ),
            'i bigint, n bigint',
          )
        ).map(([i, n]) => ({ i, n }));
      } else {
        // SQLite in memory: the writer's statements, in one transaction on the main connection.
        const params = batch.flatMap(({ score }) => insertParams(score));
        const insert = sqliteInsertSql(batch.length);
        const aheads = plan.counts.map((count) => this.aheadCount(count));
        const countSql = aheads
          .map(({ expression }, i) => `select ${i} as i, ${expression} as n`)
          .join(' union all ');
        const countParams = aheads.flatMap(({ params }) => params);
        const bump = this.bucketUpsert(deltas);
        rows = await this.db.transaction().execute(async (trx) => {
          const counted = await trx.executeQuery<{ i: unknown; n: unknown }>(
            CompiledQuery.raw(countSql, countParams),
          );
          await trx.executeQuery(CompiledQuery.raw(bump.sql, bump.params));
          const inserted = await trx.executeQuery<{ id: unknown }>(CompiledQuery.raw(insert, params));
          return [...counted.rows, ...inserted.rows.map((row) => ({ i: -1, n: row.id }))];
        });
      }
      const parsed = rows.map((row) => ({ i: num(row.i), n: num(row.n) }));
      counts = parsed
        .filter((row) => row.i >= 0)
        .sort((a, b) => a.i - b.i)
        .map((row) => row.n);
      // Ids are drawn in the order of the VALUES rows, whatever order RETURNING lists them in.
      ids = parsed
        .filter((row) => row.i < 0)
        .map((row) => row.n)
        .sort((a, b) => a - b);
    }
    const ranks = plan.ranks(counts);
    return ids.map((id, i) => ({ id, rank: ranks[i] }));
  }

  /**
   * The rows of a scope ahead of a score (see AheadCount) as an SQL expression with `?`
   * placeholders (hand-written SQL: the submit hot path): the better buckets' counts, plus
   * a range of the score index no wider than one bucket.
   */
  private aheadCount(count: AheadCount): { expression: string; params: unknown[] } {
    const shape = `${count.mode !== null}${count.direction}`;
    let expression = this.aheadSql.get(shape);
    if (!expression) {
      const scope = count.mode !== null ? 'game_id = ? and level_or_mode = ?' : 'game_id = ?';
      expression =
        `(select coalesce(sum(n), 0) from score_buckets where game_id = ? and scope = ? and bucket ${count.direction === 'DESC' ? '>' : '<'} ?)` +
        ` + (select count(*) from scores where ${scope} and score >= ? and score <= ?)`;
      this.aheadSql.set(shape, expression);
    }
    const params: unknown[] = [count.gameId, bucketScope(count.mode), count.bucket, count.gameId];
    if (count.mode !== null) params.push(count.mode);
    params.push(count.low, count.high);
    return { expression, params };
  }

  /**
   * Adds the deltas to the bucket counts: one statement with `?` placeholders, its rows in
   * key order, so that concurrent writers (two servers, an admin delete) lock them in the
   * same order and cannot deadlock.
   */
  private bucketUpsert(deltas: readonly BucketDelta[]): { sql: string; params: unknown[] } {
    return {
      sql:
        `insert into score_buckets (game_id, scope, bucket, n) values ${deltas.map(() => '(?, ?, ?, ?)').join(', ')}` +
        ' on conflict (game_id, scope, bucket) do update set n = score_buckets.n + excluded.n',
      params: deltas.flatMap((d) => [d.gameId, d.scope, d.bucket, d.n]),
    };
  }

  /** Marks a run ticket used; false when it was used before (single use, atomic via the primary key). */
  async consumeTicket(nonce: string, expiresAt: string): Promise<boolean> {
    try {
      await this.db.insertInto('used_run_tickets').values({ nonce, expires_at: expiresAt }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    // Expired tickets are refused by their signature's expiry; their rows can go.
    if (Math.random() < 0.01)
      await this.db.deleteFrom('used_run_tickets').where('expires_at', '<', nowIso()).execute();
    return true;
  }

  /**
   * Claims an idempotency key for a score submit (migration 0003), as the Daily does
   * (submissionClaims.ts): 'new': this call owns the key and must complete or release it;
   * 'done': an earlier submit with the key made this score; 'pending': another submit with
   * the key is still in progress; 'conflict': the key was used for another game.
   */
  claimSubmission(key: string, gameId: string): Promise<SubmissionClaim> {
    return claimSubmission(this.db, {
      table: 'score_submissions',
      key,
      call: { game_id: gameId },
      pending: { score_id: null, rank: null, verified: 0 },
      done: (row) =>
        row.score_id === null || row.rank === null
          ? null
          : { id: num(row.score_id), rank: num(row.rank), verified: num(row.verified) === 1 },
    });
  }

  /** Records the score a claimed key made. */
  async completeSubmission(
    key: string,
    result: { id: number; rank: number; verified: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('score_submissions')
      .set({ score_id: result.id, rank: result.rank, verified: result.verified ? 1 : 0 })
      .where('idempotency_key', '=', key)
      .execute();
  }

  /** Gives a claimed key up after its submit failed, so a retry may use it. */
  async releaseSubmission(key: string): Promise<void> {
    await this.db
      .deleteFrom('score_submissions')
      .where('idempotency_key', '=', key)
      .where('score_id', 'is', null)
      .execute();
  }

  async stats(): Promise<AdminGameStat[]> {
    const configs = new Map((await this.configs()).map((c) => [c.game_id, c]));
    const rows = await this.db
      .selectFrom('scores')
      .select((eb) => [
        'game_id',
        eb.fn.countAll().as('total'),
        sql<number>`count(distinct player_name)`.as('players'),
        eb.fn.max('score').as('max'),
        eb.fn.min('score').as('min'),
        eb.fn.avg('score').as('avg'),
        eb.fn.max('created_at').as('latest'),
      ])
      .groupBy('game_id')
      .orderBy('game_id')
      .execute();
    return rows.map((r) => ({
      game_id: r.game_id,
      total_scores: num(r.total),
      unique_players: num(r.players),
      // "Highest" is the best score in the game's own direction (lowest time for ASC games).
      highest_score: configs.get(r.game_id)?.sort_order === 'ASC' ? num(r.min) : num(r.max),
      average_score: r.avg === null ? null : Math.round(num(r.avg) * 100) / 100,
      latest_score: (r.latest as string | null) ?? null,
    }));
  }

  async manageList(gameId: string, limit: number, offset: number, playerName: string | null) {
    const config = (await this.config(gameId)) ?? {
      game_id: gameId,
      display_name: gameId,
      score_type: 'points',
      sort_order: 'DESC',
    };
    let q = this.db.selectFrom('scores').where('game_id', '=', gameId);
    if (playerName) {
      const pattern = `%${playerName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where(sql<boolean>`lower(player_name) like ${pattern} escape '\\'`);
    }
    const { n } = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('score', config.sort_order === 'ASC' ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = num(n);
    return {
      scores: rows.map((r, i) => toEntry(r, offset + i + 1)),
      pagination: { total, limit, offset, has_more: offset + rows.length < total },
    };
  }

  /** Deletes a score and takes it out of its bucket counts, in one transaction. */
  async deleteScore(id: number): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('scores')
        .where('id', '=', id)
        .returning(['game_id', 'level_or_mode', 'score'])
        .executeTakeFirst();
      if (!row) return false;
      const drop = this.bucketUpsert(
        bucketDeltas([{ gameId: row.game_id, mode: row.level_or_mode, score: num(row.score) }], -1),
      );
      await trx.executeQuery(CompiledQuery.raw(hotSql(this.database.dialect, drop.sql), drop.params));
      return true;
    });
    this.invalidateBoards(null);
    return deleted;
  }

  async deleteGame(gameId: string): Promise<number> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('scores').where('game_id', '=', gameId).executeTakeFirst();
      await trx.deleteFrom('score_buckets').where('game_id', '=', gameId).execute();
      return num(res.numDeletedRows);
    });
    this.invalidateBoards(gameId);
    return deleted;
  }
}
