import type { GhostRef, StoredRun } from '../../src/api/schemas/runs.ts';
import type { Db } from '../db/connect.ts';
import { nowIso, num } from '../util.ts';

export interface NewRunLog {
  scoreId: number;
  gameId: string;
  seed: number;
  levelsCleared: number;
  /** The log as JSON, already bounded by the caller. */
  inputs: string;
}

/** Input logs of verified runs (migration 0006), served as ghosts. */
export class RunLogsRepository {
  constructor(private readonly database: Db) {}

  private get db() {
    return this.database.db;
  }

  async keep(log: NewRunLog): Promise<void> {
    await this.db
      .insertInto('run_logs')
      .values({
        score_id: log.scoreId,
        game_id: log.gameId,
        seed: log.seed,
        levels_cleared: log.levelsCleared,
        inputs: log.inputs,
        created_at: nowIso(),
      })
      .execute();
  }

  /** The run a verified score made; null when the score is unknown, unverified or kept no log. */
  async run(scoreId: number): Promise<StoredRun | null> {
    const row = await this.db
      .selectFrom('run_logs as r')
      .innerJoin('scores as s', 's.id', 'r.score_id')
      .select(['s.id', 's.game_id', 's.player_name', 's.score', 'r.seed', 'r.levels_cleared', 'r.inputs'])
      .where('r.score_id', '=', scoreId)
      .where('s.verified', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: num(row.id),
      game_id: row.game_id,
      player_name: row.player_name,
      score: num(row.score),
      seed: num(row.seed),
      levels_cleared: num(row.levels_cleared),
      inputs: JSON.parse(row.inputs),
    };
  }

  /**
   * The best verified run of a game that landed `level` (of one user, or of everyone), in
   * the game's board order: better score first, then the older.
   */
  async best(
    gameId: string,
    level: number,
    direction: 'ASC' | 'DESC',
    userId: string | null,
  ): Promise<GhostRef | null> {
    let q = this.db
      .selectFrom('run_logs as r')
      .innerJoin('scores as s', 's.id', 'r.score_id')
      .select(['s.id', 's.player_name', 's.score'])
      .where('r.game_id', '=', gameId)
      .where('r.levels_cleared', '>=', level)
      .where('s.verified', '=', 1);
    if (userId !== null) q = q.where('s.user_id', '=', userId);
    const row = await q
      .orderBy('s.score', direction === 'ASC' ? 'asc' : 'desc')
      .orderBy('s.id', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row ? { id: num(row.id), player_name: row.player_name, score: num(row.score) } : null;
  }
}
