import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ScoreEntry } from '../../src/api/types.ts';
import { buildApp } from '../app.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import { BOARD_CACHE_MS } from '../repositories/boardCache.ts';
import { call, devSignIn, suiteApp, testConfig, testDialects } from '../test/harness.ts';

/**
 * Boards (scores/get.php) are cached in the server process. Every write that can change
 * one must show on the very next GET, on both databases.
 */
describe.each(testDialects)('cached boards (%s)', (dialect) => {
  const t = suiteApp(dialect, { config: { rateLimits: false }, signIn: ['admin'] });

  const board = async (query: string, app: FastifyInstance = t.app) => {
    const res = await call(app, 'GET', `/api/scores/get.php?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { scores: ScoreEntry[]; game_config: { display_name: string } | null };
  };
  const names = async (query: string, app?: FastifyInstance) =>
    (await board(query, app)).scores.map((s) => s.player_name);
  const submit = async (body: Record<string, unknown>, cookie?: string) => {
    const res = await call(t.app, 'POST', '/api/scores/submit.php', { cookie, body });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; rank: number };
  };
  const setConfig = async (game_id: string, display_name: string, sort_order: 'ASC' | 'DESC') => {
    const res = await call(t.app, 'POST', '/api/scores/manage.php', {
      cookie: t.admin,
      body: { game_id, display_name, score_type: 'points', sort_order },
    });
    expect(res.statusCode).toBe(200);
  };

  it('a submit shows at once on every cached board of its game (limits, modes)', async () => {
    await setConfig('cache-submit', 'Cache', 'DESC');
    await submit({ game_id: 'cache-submit', player_name: 'a', score: 10 });
    await submit({ game_id: 'cache-submit', player_name: 'm', score: 5, level_or_mode: 'm' });
    // Warm the cache of three boards of the game, twice each.
    for (let i = 0; i < 2; i++) {
      expect(await names('game_id=cache-submit')).toEqual(['a', 'm']);
      expect(await names('game_id=cache-submit&limit=1')).toEqual(['a']);
      expect(await names('game_id=cache-submit&level_or_mode=m')).toEqual(['m']);
    }
    await submit({ game_id: 'cache-submit', player_name: 'b', score: 20 });
    expect(await names('game_id=cache-submit')).toEqual(['b', 'a', 'm']);
    expect(await names('game_id=cache-submit&limit=1')).toEqual(['b']);
    expect(await names('game_id=cache-submit&level_or_mode=m')).toEqual(['m']);
    await submit({ game_id: 'cache-submit', player_name: 'n', score: 30, level_or_mode: 'm' });
    expect(await names('game_id=cache-submit&level_or_mode=m')).toEqual(['n', 'm']);
    expect(await names('game_id=cache-submit&limit=1')).toEqual(['n']);
    // An empty mode and no mode are different boards.
    expect(await names('game_id=cache-submit&level_or_mode=')).toEqual([]);
  });

  it('admin deletes (one score, a whole game) show at once', async () => {
    await setConfig('cache-delete', 'Cache', 'DESC');
    const first = await submit({ game_id: 'cache-delete', player_name: 'x', score: 3 });
    await submit({ game_id: 'cache-delete', player_name: 'y', score: 2 });
    expect(await names('game_id=cache-delete')).toEqual(['x', 'y']);
    const del = await call(t.app, 'DELETE', `/api/scores/manage.php?score_id=${first.id}`, {
      cookie: t.admin,
    });
    expect(del.statusCode).toBe(200);
    expect(await names('game_id=cache-delete')).toEqual(['y']);
    const all = await call(t.app, 'DELETE', '/api/scores/manage.php?game_id=cache-delete', {
      cookie: t.admin,
    });
    expect(all.statusCode).toBe(200);
    expect(await names('game_id=cache-delete')).toEqual([]);
  });

  it('a config change (name, sort order) shows at once, and a new game is found at once', async () => {
    // Unknown games are cached too (as unknown).
    expect((await board('game_id=cache-config')).game_config).toBeNull();
    await setConfig('cache-config', 'Before', 'DESC');
    for (const [player_name, score] of [
      ['low', 1],
      ['high', 9],
    ] as const)
      await submit({ game_id: 'cache-config', player_name, score });
    expect(await board('game_id=cache-config')).toMatchObject({ game_config: { display_name: 'Before' } });
    expect(await names('game_id=cache-config')).toEqual(['high', 'low']);
    await setConfig('cache-config', 'After', 'ASC');
    const after = await board('game_id=cache-config');
    expect(after.game_config?.display_name).toBe('After');
    expect(after.scores.map((s) => [s.player_name, s.rank])).toEqual([
      ['low', 1],
      ['high', 2],
    ]);
  });

  it('account deletion shows at once: the scores stay, anonymised', async () => {
    await setConfig('cache-account', 'Cache', 'DESC');
    const cookie = await devSignIn(t.app, 'user');
    await submit({ game_id: 'cache-account', player_name: 'leaving', score: 7 }, cookie);
    const before = await board('game_id=cache-account');
    expect(before.scores[0].user_id).toEqual(expect.any(String));
    const del = await call(t.app, 'POST', '/api/account/delete.php', { cookie });
    expect(del.statusCode).toBe(200);
    const after = await board('game_id=cache-account');
    expect(after.scores.map((s) => [s.player_name, s.user_id])).toEqual([['leaving', null]]);
  });

  it('a read that began before a write and ends after it is not cached', async () => {
    await setConfig('cache-race', 'Cache', 'DESC');
    await submit({ game_id: 'cache-race', player_name: 'old', score: 1 });
    const repo = t.app.repos.scores as unknown as {
      readTop: (...args: unknown[]) => Promise<ScoreEntry[]>;
    };
    const readTop = repo.readTop;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The next board read takes its rows, then waits until a submit has landed.
    repo.readTop = async function (this: unknown, ...args: unknown[]) {
      const rows = await readTop.apply(this, args);
      await gate;
      return rows;
    };
    try {
      const slow = board('game_id=cache-race');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await submit({ game_id: 'cache-race', player_name: 'new', score: 2 });
      release();
      expect((await slow).scores.map((s) => s.player_name)).toEqual(['old']);
    } finally {
      repo.readTop = readTop;
    }
    expect(await names('game_id=cache-race')).toEqual(['new', 'old']);
  });

  it(`another process on the same database sees a write within BOARD_CACHE_MS (${BOARD_CACHE_MS} ms)`, async () => {
    let other: Db | null = null;
    let otherApp: FastifyInstance | null = null;
    try {
      other =
        dialect === 'sqlite'
          ? connectDatabase(t.database.file as string)
          : connectDatabase(process.env.TEST_DATABASE_URL as string, {
              schema: t.database.schema as string,
            });
      otherApp = await buildApp({ config: testConfig({ rateLimits: false }), database: other });
      await setConfig('cache-shared', 'Shared', 'DESC');
      await submit({ game_id: 'cache-shared', player_name: 'one', score: 1 });
      expect(await names('game_id=cache-shared', otherApp)).toEqual(['one']);
      await submit({ game_id: 'cache-shared', player_name: 'two', score: 2 });
      // This process saw the write; the other one may answer from its cache until the bound.
      expect(await names('game_id=cache-shared')).toEqual(['two', 'one']);
      await new Promise((resolve) => setTimeout(resolve, BOARD_CACHE_MS + 50));
      expect(await names('game_id=cache-shared', otherApp)).toEqual(['two', 'one']);
    } finally {
      await otherApp?.close();
      await other?.db.destroy();
    }
  });

  it('requests that miss the cache together make one read, and a write in the meantime is not joined to it', async () => {
    await submit({ game_id: 'lunar-lander', player_name: 'flight', score: 10 });
    const reads: string[] = [];
    const observer = (text: string) => {
      if (/from "scores"/.test(text) && /order by/.test(text)) reads.push(text);
    };
    t.database.queryObservers.add(observer);
    try {
      // The submit dropped the cached board: 40 requests at once find it missing.
      const boards = await Promise.all(Array.from({ length: 40 }, () => names('game_id=lunar-lander')));
      expect(reads.length).toBe(1);
      for (const b of boards) expect(b).toContain('flight');
      // A request made after a write does not take the answer of a read that began before it.
      reads.length = 0;
      await submit({ game_id: 'lunar-lander', player_name: 'second', score: 20 });
      const before = names('game_id=lunar-lander');
      await submit({ game_id: 'lunar-lander', player_name: 'third', score: 30 });
      const after = await names('game_id=lunar-lander');
      expect(after).toContain('third');
      expect(await before).toContain('second');
      expect(reads.length).toBe(2);
    } finally {
      t.database.queryObservers.delete(observer);
    }
  });
});
