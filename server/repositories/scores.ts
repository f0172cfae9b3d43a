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
import { boardEntry } from './boardEntry.ts';
import { claimSubmission, type SubmissionClaimOf } from './submissionClaims.ts';

/**
 * Boards and game configs are cached in this process and dropped on every write made
 * through it. A write made by another server process sharing the database is not seen
 * here: this bounds how long a cached board or config may lag it.
 */
export const BOARD_CACHE_MS = 1000;

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

export interface NewScore {
  game_id: string;
  user_id: string | null;
  player_name: string;
  score: number;
  duration: number | null;
  level_or_mode: string | null;
  metadata: Record<string, unknown> | null;
  verified: boolean;
  ip_address: string | null;
}

/** The columns a new score fills, in the order of insertParams. */
const SCORE_COLUMNS = [
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

function insertParams(score: NewScore): unknown[] {
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

/**
 * PostgreSQL: a whole batch of submits as one statement whose text never changes, whatever
 * the batch holds (its rows travel as arrays), so it is parsed and planned once per pooled
 * connection (a named statement). Every part sees the database as it was before the
 * statement, so the counts leave the batch out. It runs after an advisory lock that every
 * server's submits take (Db.lockedRows): batches of two servers would otherwise count
 * without each other's uncommitted rows, and a rank could miss a better score with a
 * smaller id (server/routes/scoreRanksConcurrent.test.ts).
 *
 * It was a statement written out per batch (a union arm and six parameters per distinct
 * score, a VALUES row per score): never the same text twice, so planned every time, and
 * planning grew with the batch (325 ms for 49 scores on the loaded 2-core machine, against
 * 37 ms to run it). Submits are written one batch at a time, so a slow batch made the next
 * one bigger and slower still: at 1,000 submits/s it fell behind for good.
 *
 * `ahead`: per distinct (scope, score), the counts of the better buckets (bucket between
 * blo and bhi) plus the scores of its own bucket from the score to the bucket's better
 * edge (low..high), over the whole game (mode null) or one mode. `bumped`: the bucket
 * deltas, in key order (see bucketUpsert). `inserted`: the scores, ids drawn in array order.
 */
export const PG_SUBMIT_SQL = `with ahead as (
  select t.i - 1 as i,
    (select coalesce(sum(b.n), 0) from score_buckets b
      where b.game_id = t.game_id and b.scope = t.scope and b.bucket between t.blo and t.bhi)
    + case when t.mode is null
        then (select count(*) from scores s where s.game_id = t.game_id and s.score between t.low and t.high)
        else (select count(*) from scores s
          where s.game_id = t.game_id and s.level_or_mode = t.mode and s.score between t.low and t.high)
      end as n
  from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::float8[], $7::float8[])
    with ordinality as t(game_id, mode, scope, blo, bhi, low, high, i)
), bumped as (
  insert into score_buckets (game_id, scope, bucket, n)
  select * from unnest($8::text[], $9::text[], $10::int[], $11::int[])
  on conflict (game_id, scope, bucket) do update set n = score_buckets.n + excluded.n
), inserted as (
  insert into scores (${SCORE_COLUMNS.join(', ')})
  select * from unnest($12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[], $17::text[],
    $18::text[], $19::int[], $20::text[], $21::text[])
  returning id
)
select i::bigint, n::bigint from ahead union all select -1, id::bigint from inserted`;

/** Buckets are non-negative 32-bit integers; these bound "every bucket above / below". */
const BUCKET_MIN = -1;
const BUCKET_MAX = 2 ** 31 - 1;

/** The 21 array parameters of PG_SUBMIT_SQL. */
function pgSubmitParams(
  counts: readonly AheadCount[],
  deltas: readonly BucketDelta[],
  batch: readonly PendingInsert[],
): unknown[][] {
  const columns = (rows: readonly unknown[][], width: number) =>
    Array.from({ length: width }, (_, c) => rows.map((row) => row[c]));
  return [
    ...columns(
      counts.map((c) => [
        c.gameId,
        c.mode,
        bucketScope(c.mode),
        c.direction === 'DESC' ? c.bucket + 1 : BUCKET_MIN,
        c.direction === 'DESC' ? BUCKET_MAX : c.bucket - 1,
        c.low,
        c.high,
      ]),
      7,
    ),
    ...columns(
      deltas.map((d) => [d.gameId, d.scope, d.bucket, d.n]),
      4,
    ),
    ...columns(
      batch.map(({ score }) => insertParams(score)),
      SCORE_COLUMNS.length,
    ),
  ];
}

function boardKey(config: GameConfig, limit: number, levelOrMode: string | null): string {
  return `${config.sort_order} ${limit}${levelOrMode === null ? '' : ` =${levelOrMode}`}`;
}

/** Scores and game configs. Rank is 1-based in the game's sort direction; ties rank by age. */
export class ScoresRepository {
  /** Game configs change only through the admin console; cached to keep the top-10 read to one query. */
  private configCache = new Map<string, { at: number; config: GameConfig | null }>();

  /** Top-N answers per game, then per (sort order, limit, mode); see BOARD_CACHE_MS. */
  private boards = new Map<string, Map<string, { at: number; entries: ScoreEntry[] }>>();

  /**
   * Writes are numbered; each game keeps the number of its last write (allWrite: the last
   * write to every game at once). A read that began before a write and ends after it is
   * answered but not cached, so it cannot bring back what the write replaced.
   */
  private writeCount = 0;
  private lastWrite = new Map<string, number>();
  private allWrite = 0;

  private readonly insertSql: string;
  /** SQL of the rank counts, by shape (mode scope, direction). */
  private readonly aheadSql = new Map<string, string>();

  /** SQLite file databases write scores on the writer thread (Db.writes, see SqliteBatchWriter). */
  private readonly writer: SqliteBatchWriter | null;

  constructor(private readonly database: Db) {
    this.writer = database.writes;
    this.maxFlushing = database.dialect === 'postgres' ? 2 : 1;
    // The worker's statement (SQLite only: no placeholder renumbering).
    this.insertSql = `insert into scores (${SCORE_COLUMNS.join(', ')}) values (${SCORE_COLUMNS.map(() => '?').join(', ')}) returning id`;
  }

  private get db() {
    return this.database.db;
  }

  /** The cached config of a game (null: cached as unknown), or undefined when it must be read. */
  cachedConfig(gameId: string): GameConfig | null | undefined {
    const cached = this.configCache.get(gameId);
    return cached && Date.now() - cached.at < BOARD_CACHE_MS ? cached.config : undefined;
  }

  async config(gameId: string): Promise<GameConfig | null> {
    const now = Date.now();
    const cached = this.configCache.get(gameId);
    if (cached && now - cached.at < BOARD_CACHE_MS) return cached.config;
    return this.singleFlight(`config ${gameId}`, gameId, async (since) => {
      const row = await this.db
        .selectFrom('game_configs')
        .selectAll()
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      const config = row ? toGameConfig(row) : null;
      if (this.unchangedSince(gameId, since)) {
        if (this.configCache.size > 1000) this.configCache.clear();
        this.configCache.set(gameId, { at: now, config });
      }
      return config;
    });
  }

  /** Reads in flight, by what they read: see singleFlight. */
  private inFlight = new Map<string, { since: number; answer: Promise<unknown> }>();

  /**
   * One database read for everyone who asks for the same thing while it runs. When a cached
   * board expires under 1,000 requests/s, every request until the first read comes back
   * missed the cache and read the board itself: a burst of identical queries each second
   * that queued for the pool. A caller joins a read only when no write to the
   * game was made through this process since the read began, so its own writes still show.
   */
  private singleFlight<T>(key: string, gameId: string, read: (since: number) => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running && this.unchangedSince(gameId, running.since)) return running.answer as Promise<T>;
    const since = this.writeCount;
    const answer = read(since).finally(() => {
      if (this.inFlight.get(key)?.answer === answer) this.inFlight.delete(key);
    });
    this.inFlight.set(key, { since, answer });
    return answer;
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
    this.configCache.delete(config.game_id);
    this.invalidateBoards(config.game_id);
  }

  /** Whether a read of this game that began at write number `since` may be cached. */
  private unchangedSince(gameId: string, since: number): boolean {
    return this.allWrite <= since && (this.lastWrite.get(gameId) ?? 0) <= since;
  }

  /**
   * Drops the cached boards of a game (null: of every game). Every write that can change
   * a board calls it once the write is committed: score inserts and deletes and game
   * configs here, and account deletion (it anonymises the account's scores). Its number
   * also keeps a config read that overlapped it from being cached (see config()).
   */
  invalidateBoards(gameId: string | null) {
    const write = ++this.writeCount;
    if (gameId === null || this.lastWrite.size >= 10_000) {
      // Forgetting the per-game numbers is safe: allWrite now covers every game.
      this.allWrite = write;
      this.lastWrite.clear();
      this.boards.clear();
      if (gameId === null) return;
    }
    this.lastWrite.set(gameId, write);
    this.boards.delete(gameId);
  }

  /**
   * The top N of a game (and mode). Boards are read far more often than they change, so
   * answers are kept until a write to the game in this process, or BOARD_CACHE_MS at most.
   * The same array is returned until then, so callers may keep derived data (the JSON) by it.
   */
  async top(config: GameConfig, limit: number, levelOrMode: string | null): Promise<ScoreEntry[]> {
    const key = boardKey(config, limit, levelOrMode);
    const now = Date.now();
    const cached = this.boards.get(config.game_id)?.get(key);
    if (cached && now - cached.at < BOARD_CACHE_MS) return cached.entries;
    return this.singleFlight(`board ${config.game_id} ${key}`, config.game_id, async (since) => {
      const entries = await this.readTop(config, limit, levelOrMode);
      if (this.unchangedSince(config.game_id, since)) {
        let game = this.boards.get(config.game_id);
        if (!game) {
          if (this.boards.size > 1000) this.boards.clear();
          game = new Map();
          this.boards.set(config.game_id, game);
        }
        if (game.size > 1000) game.clear();
        game.set(key, { at: now, entries });
      }
      return entries;
    });
  }

  /** The cached top N (see top()), or undefined when it must be read. */
  cachedTop(config: GameConfig, limit: number, levelOrMode: string | null): ScoreEntry[] | undefined {
    const cached = this.boards.get(config.game_id)?.get(boardKey(config, limit, levelOrMode));
    return cached && Date.now() - cached.at < BOARD_CACHE_MS ? cached.entries : undefined;
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
        inserts: batch.map(({ score }) => ({ sql: this.insertSql, params: insertParams(score) })),
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
            pgSubmitParams(plan.counts, deltas, batch),
            'i bigint, n bigint',
          )
        ).map(([i, n]) => ({ i, n }));
      } else {
        // SQLite in memory: the writer's statements, in one transaction on the main connection.
        const params = batch.flatMap(({ score }) => insertParams(score));
        const insert = `insert into scores (${SCORE_COLUMNS.join(', ')}) values ${batch.map(() => `(${SCORE_COLUMNS.map(() => '?').join(', ')})`).join(', ')} returning id`;
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
