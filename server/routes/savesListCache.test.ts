/**
 * On SQLite the saves list's answer is kept while nothing at all is committed to the database
 * (Db.changeMark: PRAGMA data_version and this connection's total_changes) and the session is
 * unexpired, so the load dialog asked again costs no statement. Every kind of write moves the
 * mark: a save on the writer thread, a delete on the server's own connection, a sign-out, and
 * a write by another connection (another process on the same file). On PostgreSQL every list
 * is a statement (other servers write there too, and no such mark comes without a round trip),
 * but a page the statement finds unchanged (by its tag) comes without its JSON: the server
 * answers the page it kept.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_COLUMNS } from '../repositories/users.ts';
import { call, createTestApp, devSignIn, type TestApp, testDialects } from '../test/harness.ts';

describe.each(testDialects)('saves list answer kept while nothing changes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  const LIST = '/api/saves/list.php?appId=synth';
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
    cookie = await devSignIn(t.app, 'user');
    for (const key of ['a', 'b'])
      await call(t.app, 'POST', '/api/saves/save.php', {
        cookie,
        body: { appId: 'synth', key, data: { key } },
      });
  });
  afterAll(async () => t?.close());
  afterEach(() => void vi.useRealTimers());

  async function list(withCookie = cookie) {
    const seen: string[] = [];
    const observer = (sql: string) => void seen.push(sql);
    t.database.queryObservers.add(observer);
    try {
      const res = await call(t.app, 'GET', LIST, { cookie: withCookie });
      return { res, statements: seen.length, keys: res.json().items?.map((i: { key: string }) => i.key) };
    } finally {
      t.database.queryObservers.delete(observer);
    }
  }

  it('asked again with nothing changed: the same answer, without a statement on SQLite', async () => {
    const first = await list();
    expect(first.keys).toEqual(['b', 'a']);
    const again = await list();
    expect(again.res.body).toBe(first.res.body);
    expect(again.statements).toBe(dialect === 'sqlite' ? 0 : 1);
  });

  it('a save (writer thread) and a delete (the server’s connection) show at once', async () => {
    await list();
    await call(t.app, 'POST', '/api/saves/save.php', { cookie, body: { appId: 'synth', key: 'c', data: 1 } });
    expect((await list()).keys).toEqual(['c', 'b', 'a']);
    await call(t.app, 'DELETE', '/api/saves/delete.php?appId=synth&key=b', { cookie });
    const after = await list();
    expect(after.keys).toEqual(['c', 'a']);
    expect(after.statements).toBe(1);
  });

  it('a write by another connection to the file shows at once', async () => {
    if (dialect !== 'sqlite' || !t.database.file) return;
    await list();
    const other = new SQLite(t.database.file);
    try {
      other.prepare("update saves set key = 'renamed' where key = 'a'").run();
    } finally {
      other.close();
    }
    expect((await list()).keys).toEqual(['c', 'renamed']);
  });

  it('PostgreSQL: an unchanged page comes without its JSON; a write by another server shows at once', async () => {
    if (dialect !== 'postgres') return;
    const rows: unknown[][][] = [];
    const rowsOf = t.database.rows;
    t.database.rows = async (text, params) => {
      const answered = await rowsOf(text, params);
      rows.push(answered);
      return answered;
    };
    try {
      const first = await list();
      const again = await list();
      expect(again.res.body).toBe(first.res.body);
      // The items' JSON (after the call's number, the user's columns and the tag) is left out
      // of the unchanged page's row.
      const itemsOf = (answered: unknown[][]) => answered[0][USER_COLUMNS.length + 2];
      expect(itemsOf(rows[rows.length - 1])).toBeNull();
      // Another server renames a save, past this one: the tag changes and the page comes anew.
      await sql`update saves set key = 'renamed' where key = 'a'`.execute(t.database.db);
      const renamed = await list();
      expect(renamed.keys).toEqual(['c', 'renamed']);
      expect(typeof itemsOf(rows[rows.length - 1])).toBe('string');
      // Another server deletes a save off this page: the total is in the tag too.
      await sql`delete from saves where key = 'renamed'`.execute(t.database.db);
      const deleted = await list();
      expect(deleted.keys).toEqual(['c']);
      expect(deleted.res.json().total).toBe(1);
      // Another page of the same list is its own.
      const paged = await call(t.app, 'GET', `${LIST}&limit=1&page=2`, { cookie });
      expect(paged.json()).toMatchObject({ items: [], page: 2, limit: 1, total: 1 });
    } finally {
      t.database.rows = rowsOf;
    }
  });

  it('an expired session is refused even with nothing written since', async () => {
    const { res } = await list();
    expect(res.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 400 * 86_400_000 });
    const late = await list();
    expect(late.res.statusCode).toBe(401);
  });

  it('after signing out the session lists nothing', async () => {
    const other = await devSignIn(t.app, 'user');
    expect((await list(other)).res.statusCode).toBe(200);
    await call(t.app, 'POST', '/api/account/logout.php', { cookie: other });
    expect((await list(other)).res.statusCode).toBe(401);
  });
});
