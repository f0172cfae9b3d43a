/**
 * The saves list, the hot read of the load dialog, is one statement: the session's user and
 * the page together. On PostgreSQL each statement is a round trip, the driver's
 * work and two process wake-ups; the session lookup and the page were two.
 */
import { describe, expect, it } from 'vitest';
import { call, suiteApp, testDialects } from '../test/harness.ts';

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
});
