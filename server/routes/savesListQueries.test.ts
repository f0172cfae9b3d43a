/**
 * The saves list, the hot read of the load dialog, is one statement: the session's user and
 * the page together. On PostgreSQL each statement is a round trip, the driver's
 * work and two process wake-ups; the session lookup and the page were two. Lists asked at
 * once share one (db/batchedReads.ts), each still answered from its own session.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, devSignIn, suiteApp, testDialects } from '../test/harness.ts';

describe.each(testDialects)('saves list statements (%s)', (dialect) => {
  const t = suiteApp(dialect, {
    config: { rateLimits: false },
    signIn: ['user'],
    setup: async (t) => {
      for (const key of ['a', 'b', 'c'])
        await call(t.app, 'POST', '/api/saves/save.php', {
          cookie: t.user,
          body: { appId: 'synth', key, data: { key } },
        });
    },
  });

  async function statementsOf(url: string, withCookie: string | undefined) {
    const seen: string[] = [];
    const observer = (sql: string) => void seen.push(sql);
    t.database.queryObservers.add(observer);
    try {
      const res = await call(t.app, 'GET', url, { cookie: withCookie });
      return { res, seen };
    } finally {
      t.database.queryObservers.delete(observer);
    }
  }

  it('signed in: one statement answers the page, in list order', async () => {
    for (const url of ['/api/saves/list.php?appId=synth', '/api/saves/list.php']) {
      const { res, seen } = await statementsOf(url, t.user);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.map((i: { key: string }) => i.key)).toEqual(['c', 'b', 'a']);
      expect(body.total).toBe(3);
      expect(seen.length).toBe(1);
    }
    const { res } = await statementsOf('/api/saves/list.php?appId=synth&limit=2&page=2', t.user);
    expect(res.json()).toMatchObject({ items: [{ key: 'a' }], page: 2, limit: 2, total: 3 });
  });

  it('an unknown session answers 401 UNAUTHENTICATED', async () => {
    const { res } = await statementsOf('/api/saves/list.php?appId=synth', 'futile_session=nope');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('lists asked at once each answer their own session: pages, apps, totals, unknown sessions', async () => {
    // Another user (dev sign-in as admin is a user of its own).
    const other = await devSignIn(t.app, 'admin');
    for (const key of ['x', 'y'])
      await call(t.app, 'POST', '/api/saves/save.php', {
        cookie: other,
        body: { appId: key === 'x' ? 'synth' : 'race', key, data: { key } },
      });
    const asks = [
      { cookie: t.user, url: '/api/saves/list.php?appId=synth', keys: ['c', 'b', 'a'], total: 3 },
      { cookie: other, url: '/api/saves/list.php?appId=synth', keys: ['x'], total: 1 },
      { cookie: other, url: '/api/saves/list.php', keys: ['y', 'x'], total: 2 },
      { cookie: t.user, url: '/api/saves/list.php?appId=synth&limit=1&page=2', keys: ['b'], total: 3 },
      { cookie: other, url: '/api/saves/list.php?appId=race', keys: ['y'], total: 1 },
      { cookie: t.user, url: '/api/saves/list.php?appId=race', keys: [], total: 0 },
    ];
    const seen: string[] = [];
    const observer = (sql: string) => void seen.push(sql);
    t.database.queryObservers.add(observer);
    const answers = await Promise.all([
      ...asks.map((ask) => call(t.app, 'GET', ask.url, { cookie: ask.cookie })),
      call(t.app, 'GET', '/api/saves/list.php?appId=synth', { cookie: 'futile_session=nope' }),
    ]).finally(() => t.database.queryObservers.delete(observer));
    // PostgreSQL: one statement per shape (all apps, one app), not one per list.
    if (dialect === 'postgres') expect(seen.length).toBe(2);
    for (const [i, ask] of asks.entries()) {
      expect(answers[i].statusCode).toBe(200);
      const body = answers[i].json();
      expect(
        body.items.map((item: { key: string }) => item.key),
        ask.url,
      ).toEqual(ask.keys);
      expect(body.total).toBe(ask.total);
    }
    expect(answers[asks.length].statusCode).toBe(401);
  });

  it('a list asked right after a save, at once with other lists, shows the save', async () => {
    // Whatever joins a statement arrived before it was sent: nothing committed before is missed.
    for (let round = 0; round < 5; round++) {
      const key = `fresh ${dialect} ${round}`;
      await call(t.app, 'POST', '/api/saves/save.php', {
        cookie: t.user,
        body: { appId: 'race', key, data: round },
      });
      const lists = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(t.app, 'GET', '/api/saves/list.php?appId=race', { cookie: t.user }),
        ),
      );
      for (const list of lists) expect(list.json().items[0].key).toBe(key);
    }
  });

  it("a row changed past the app (an operator's SQL) lists as it now is: each row's entry follows it", async () => {
    await sql`update saves set key = ${'renamed "b"'}, version = version + 10 where key = 'b'`.execute(
      t.database.db,
    );
    const items = (await call(t.app, 'GET', '/api/saves/list.php?appId=synth', { cookie: t.user })).json()
      .items as { key: string; version: number }[];
    expect(items.map((i) => i.key)).toEqual(['c', 'renamed "b"', 'a']);
    expect(items[1].version).toBe(11);
  });
});
