import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { AdminGameStat, GameConfig, ScoreEntry } from '../../src/api/types.ts';
import type { Db } from '../db/connect.ts';
import type { Database, GameConfigsTable, ScoresTable } from '../db/schema.ts';
import { type RankedInsert, SqliteBatchWriter, workerError } from '../db/sqliteWriter.ts';
import { hotSql, isUniqueViolation, nowIso, num, parseJsonOrNull } from '../util.ts';

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
  return {
    id: num(row.id),
    user_id: row.user_id,
    player_name: row.player_name,
    score: num(row.score),
    duration: row.duration === null ? null : num(row.duration),
    created_at: row.created_at,
    verified: num(row.verified) === 1,
    rank,
    level_or_mode: row.level_or_mode,
    metadata: parseJsonOrNull<Record<string, unknown>>(row.metadata),
  };
}

interface PendingInsert {
  config: GameConfig;
  score: NewScore;
  resolve(value: { id: number; rank: number }): void;
  reject(err: unknown): void;
}

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
  private readonly rankSql: Record<'asc' | 'ascMode' | 'desc' | 'descMode', string>;

  /** SQLite file databases write scores on a worker thread (see SqliteBatchWriter). */
  private readonly writer: SqliteBatchWriter | null;

  constructor(private readonly database: Db) {
    this.writer =
      database.dialect === 'sqlite' && database.file ? new SqliteBatchWriter(database.file) : null;
    this.insertSql = hotSql(
      database.dialect,
      'insert into scores (game_id, user_id, player_name, score, duration, level_or_mode, metadata, verified, ip_address, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id',
    );
    // Two index range counts; one query with "score > ? OR (score = ? AND id < ?)" scans the whole game.
    const rank = (better: '<' | '>', perMode: boolean) => {
      const scope = perMode ? 'game_id = ? and level_or_mode = ?' : 'game_id = ?';
      return hotSql(
        database.dialect,
        `select (select count(*) from scores where ${scope} and score ${better} ?) + (select count(*) from scores where ${scope} and score = ? and id < ?) as n`,
      );
    };
    this.rankSql = {
      asc: rank('<', false),
      ascMode: rank('<', true),
      desc: rank('>', false),
      descMode: rank('>', true),
    };
  }

  private get db() {
    return this.database.db;
  }

  async config(gameId: string): Promise<GameConfig | null> {
    const now = Date.now();
    const cached = this.configCache.get(gameId);
    if (cached && now - cached.at < BOARD_CACHE_MS) return cached.config;
    const since = this.writeCount;
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
    this.invalidateBoards(config.game_id);
  }

  /** Whether a read of this game that began at write number `since` may be cached. */
  private unchangedSince(gameId: string, since: number): boolean {
    return this.allWrite <= since && (this.lastWrite.get(gameId) ?? 0) <= since;
  }

  /**
   * Drops the cached boards and config of a game (null: of every game). Every write that
   * can change a board calls it once the write is committed: score inserts and deletes
   * here, game configs, and account deletion (it anonymises the account's scores).
   */
  invalidateBoards(gameId: string | null) {
    const write = ++this.writeCount;
    if (gameId === null || this.lastWrite.size >= 10_000) {
      // Forgetting the per-game numbers is safe: allWrite now covers every game.
      this.allWrite = write;
      this.lastWrite.clear();
      this.boards.clear();
      this.configCache.clear();
      if (gameId === null) return;
    }
    this.lastWrite.set(gameId, write);
    this.boards.delete(gameId);
    this.configCache.delete(gameId);
  }

  /**
   * The top N of a game (and mode). Boards are read far more often than they change, so
   * answers are kept until a write to the game in this process, or BOARD_CACHE_MS at most.
   * The same array is returned until then, so callers may keep derived data (the JSON) by it.
   */
  async top(config: GameConfig, limit: number, levelOrMode: string | null): Promise<ScoreEntry[]> {
    const key = `${config.sort_order} ${limit}${levelOrMode === null ? '' : ` =${levelOrMode}`}`;
    const now = Date.now();
    const cached = this.boards.get(config.game_id)?.get(key);
    if (cached && now - cached.at < BOARD_CACHE_MS) return cached.entries;
    const since = this.writeCount;
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
      if (this.pending.length === 1 && !this.flushing) setImmediate(() => void this.flush());
    });
  }

  private pending: PendingInsert[] = [];

  /** One batch at a time: what arrives meanwhile waits and goes in the next one (group commit). */
  private flushing = false;

  private async flush() {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    try {
      await this.writeBatch();
    } finally {
      this.flushing = false;
      if (this.pending.length) setImmediate(() => void this.flush());
    }
  }

  private async writeBatch() {
    const batch = this.pending;
    this.pending = [];
    if (this.writer) {
      let outcomes: Awaited<ReturnType<SqliteBatchWriter['run']>>;
      try {
        outcomes = await this.writer.run(batch.map((item) => this.rankedInsert(item.config, item.score)));
      } catch (err) {
        for (const item of batch) item.reject(err);
        return;
      }
      for (const item of batch) this.invalidateBoards(item.config.game_id);
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.ok) batch[i].resolve(outcome.value);
        else batch[i].reject(workerError(outcome.error));
      }
      return;
    }
    try {
      const results = await this.db.transaction().execute(async (trx) => {
        const out: { id: number; rank: number }[] = [];
        for (const item of batch) out.push(await this.insertAndRank(trx, item.config, item.score));
        return out;
      });
      for (const item of batch) this.invalidateBoards(item.config.game_id);
      for (const [i, item] of batch.entries()) item.resolve(results[i]);
    } catch {
      // One bad row must not fail its neighbours: retry each on its own.
      for (const item of batch) {
        try {
          const result = await this.db
            .transaction()
            .execute((trx) => this.insertAndRank(trx, item.config, item.score));
          this.invalidateBoards(item.config.game_id);
          item.resolve(result);
        } catch (err) {
          item.reject(err);
        }
      }
    }
  }

  /** The insert and its rank count as SQL and parameters (the rank query gets the new id appended). */
  private rankedInsert(config: GameConfig, score: NewScore): RankedInsert {
    const direction = config.sort_order === 'ASC' ? 'asc' : 'desc';
    const perMode = score.level_or_mode !== null;
    const scope = perMode ? [config.game_id, score.level_or_mode] : [config.game_id];
    return {
      insertSql: this.insertSql,
      insertParams: [
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
      ],
      rankSql: this.rankSql[`${direction}${perMode ? 'Mode' : ''}`],
      rankParams: [...scope, score.score, ...scope, score.score],
    };
  }

  /** Rank counts better scores and equal older ones (same order as the board). Hand-written SQL: the submit hot path. */
  private async insertAndRank(trx: Transaction<Database>, config: GameConfig, score: NewScore) {
    const statements = this.rankedInsert(config, score);
    const { rows } = await trx.executeQuery<{ id: number | string }>(
      CompiledQuery.raw(statements.insertSql, statements.insertParams),
    );
    const id = num(rows[0].id);
    const counted = await trx.executeQuery<{ n: number | string }>(
      CompiledQuery.raw(statements.rankSql, [...statements.rankParams, id]),
    );
    return { id, rank: num(counted.rows[0].n) + 1 };
  }

  async close(): Promise<void> {
    await this.writer?.close();
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

  async deleteScore(id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('scores').where('id', '=', id).executeTakeFirst();
    this.invalidateBoards(null);
    return num(res.numDeletedRows) > 0;
  }

  async deleteGame(gameId: string): Promise<number> {
    const res = await this.db.deleteFrom('scores').where('game_id', '=', gameId).executeTakeFirst();
    this.invalidateBoards(gameId);
    return num(res.numDeletedRows);
  }
}
