/**
 * The boards (top N answers) and game configs ScoresRepository keeps in this process, with
 * what keeps them honest: every write through the process drops what it changes, a read
 * that overlapped a write is not kept, and identical reads in flight are shared.
 */
import type { GameConfig, ScoreEntry } from '../../src/api/types.ts';

/**
 * Boards and game configs are cached in this process and dropped on every write made
 * through it. A write made by another server process sharing the database is not seen
 * here: this bounds how long a cached board or config may lag it.
 */
export const BOARD_CACHE_MS = 1000;

function boardKey(config: GameConfig, limit: number, levelOrMode: string | null): string {
  return `${config.sort_order} ${limit}${levelOrMode === null ? '' : ` =${levelOrMode}`}`;
}

export class BoardCache {
  /** Game configs change only through the admin console; cached to keep the top-10 read to one query. */
  private configs = new Map<string, { at: number; config: GameConfig | null }>();

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

  /** Reads in flight, by what they read: see singleFlight. */
  private inFlight = new Map<string, { since: number; answer: Promise<unknown> }>();

  /** The cached config of a game (null: cached as unknown), or undefined when it must be read. */
  cachedConfig(gameId: string): GameConfig | null | undefined {
    const cached = this.configs.get(gameId);
    return cached && Date.now() - cached.at < BOARD_CACHE_MS ? cached.config : undefined;
  }

  /** The config of a game: the cached one, else `read`'s answer (kept unless a write overlapped it). */
  async config(gameId: string, read: () => Promise<GameConfig | null>): Promise<GameConfig | null> {
    const cached = this.cachedConfig(gameId);
    if (cached !== undefined) return cached;
    const now = Date.now();
    return this.singleFlight(`config ${gameId}`, gameId, async (since) => {
      const config = await read();
      if (this.unchangedSince(gameId, since)) {
        if (this.configs.size > 1000) this.configs.clear();
        this.configs.set(gameId, { at: now, config });
      }
      return config;
    });
  }

  /** Forgets a game's config (it was written): the next config() reads it. */
  dropConfig(gameId: string): void {
    this.configs.delete(gameId);
  }

  /** The cached top N, or undefined when it must be read. */
  cachedTop(config: GameConfig, limit: number, levelOrMode: string | null): ScoreEntry[] | undefined {
    const cached = this.boards.get(config.game_id)?.get(boardKey(config, limit, levelOrMode));
    return cached && Date.now() - cached.at < BOARD_CACHE_MS ? cached.entries : undefined;
  }

  /** The top N: the cached array, else `read`'s answer (kept unless a write overlapped it). */
  async top(
    config: GameConfig,
    limit: number,
    levelOrMode: string | null,
    read: () => Promise<ScoreEntry[]>,
  ): Promise<ScoreEntry[]> {
    const cached = this.cachedTop(config, limit, levelOrMode);
    if (cached) return cached;
    const key = boardKey(config, limit, levelOrMode);
    const now = Date.now();
    return this.singleFlight(`board ${config.game_id} ${key}`, config.game_id, async (since) => {
      const entries = await read();
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

  /**
   * Drops the cached boards of a game (null: of every game) after a write to it. Its number
   * also keeps a read that overlapped it from being cached (see unchangedSince).
   */
  invalidate(gameId: string | null): void {
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

  /** Whether a read of this game that began at write number `since` may be cached. */
  private unchangedSince(gameId: string, since: number): boolean {
    return this.allWrite <= since && (this.lastWrite.get(gameId) ?? 0) <= since;
  }
}
