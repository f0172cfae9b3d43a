/**
 * A save is a hot write: on PostgreSQL each of its statements is prepared once per
 * connection (a new text is parsed and planned every time), and on a SQLite file the
 * commit's disk flush happens on the writer thread, so a save that waits (for the disk, or
 * for the write lock another connection holds) never stalls the requests around it.
 */
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import {
  call,
  createTestApp,
  createTestDatabase,
  devSignIn,
  type TestApp,
  testDialects,
} from '../test/harness.ts';
import { MAX_SAVES_PER_USER, SavesRepository } from './saves.ts';
import { UsersRepository } from './users.ts';

describe.each(testDialects)('save writes (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
    cookie = await devSignIn(t.app, 'user');
  });
  afterAll(async () => t?.close());

  const save = (key: string, data: unknown, ifMatch?: string | number) =>
    call(t.app, 'POST', '/api/saves/save.php', {
      cookie,
      body: { appId: 'synth', key, data, ...(ifMatch === undefined ? {} : { ifMatch }) },
    });

  it('create, overwrite and conditional update keep their answers', async () => {
    const created = await save('song', { v: 1 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, version: 1 });
    expect((await save('song', { v: 2 })).json()).toMatchObject({ success: false, code: 'EXISTS' });
    const overwritten = (await save('song', { v: 2 }, '*')).json();
    expect(overwritten).toMatchObject({ success: true, id: created.json().id, version: 2 });
    const byEtag = (await save('song', { v: 3 }, overwritten.etag)).json();
    expect(byEtag).toMatchObject({ success: true, version: 3 });
    const byVersion = (await save('song', { v: 4 }, 3)).json();
    expect(byVersion).toMatchObject({ success: true, version: 4 });
    const stale = await save('song', { v: 5 }, overwritten.etag);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const missing = await save('nothing-here', { v: 1 }, 7);
    expect(missing.json().error).toBe('This save no longer exists; nothing was overwritten');
    const read = await call(t.app, 'GET', '/api/saves/get.php?appId=synth&key=song', { cookie });
    expect(read.json().save).toMatchObject({ version: 4, data: { v: 4 } });
  });

  it('the save limit holds in the insert itself', async () => {
    const users = new UsersRepository(t.database);
    const saves = new SavesRepository(t.database);
    const user = await users.upsertFromIdentity({
      provider: 'test',
      subject: `limit-${dialect}`,
      email: null,
      displayName: 'Limit',
      avatarUrl: null,
    });
    for (let i = 0; i < MAX_SAVES_PER_USER; i++) await saves.save(user.id, 'synth', `k${i}`, '{}', undefined);
    await expect(saves.save(user.id, 'synth', 'one-more', '{}', '*')).rejects.toMatchObject({
      statusCode: 409,
      code: 'LIMIT',
    });
    // An overwrite at the limit is still allowed.
    await expect(saves.save(user.id, 'synth', 'k0', '{"x":1}', '*')).resolves.toMatchObject({ version: 2 });
  });
});

describe.runIf(testDialects.includes('postgres'))('save statements on PostgreSQL', () => {
  it('every save statement is prepared once per connection (named), not parsed anew', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const { database: setup, cleanup } = await createTestDatabase('postgres');
    // One connection, so the prepared statements listed are those the saves used.
    const database = connectDatabase(url, { schema: setup.schema ?? undefined, poolSize: 1 });
    try {
      const users = new UsersRepository(database);
      const saves = new SavesRepository(database);
      const user = await users.upsertFromIdentity({
        provider: 'test',
        subject: 'prepared',
        email: null,
        displayName: 'P',
        avatarUrl: null,
      });
      const first = await saves.save(user.id, 'synth', 'a', '{}', undefined);
      await saves.save(user.id, 'synth', 'a', '{}', '*');
      await saves.save(user.id, 'synth', 'a', '{}', first.version + 1);
      const rows = await database.rows('select statement from pg_prepared_statements', []);
      const prepared = rows.map(([statement]) => String(statement));
      expect(prepared.some((s) => s.startsWith('insert into saves'))).toBe(true);
      expect(prepared.filter((s) => s.startsWith('update saves')).length).toBe(2);
    } finally {
      await database.db.destroy();
      await cleanup();
    }
  });
});

describe('save writes on a SQLite file', () => {
  it('a save waiting for the write lock does not stall other requests', async () => {
    const t = await createTestApp('sqlite', { rateLimits: false });
    try {
      const cookie = await devSignIn(t.app, 'user');
      await call(t.app, 'POST', '/api/saves/save.php', {
        cookie,
        body: { appId: 'synth', key: 'held', data: { v: 1 } },
      });
      // Another process holds the write lock (as a backup or a second writer would).
      const other = new SQLite(t.database.file as string);
      other.exec('begin immediate');
      const order: string[] = [];
      const saving = call(t.app, 'POST', '/api/saves/save.php', {
        cookie,
        body: { appId: 'synth', key: 'held', data: { v: 2 }, ifMatch: '*' },
      }).then((res) => {
        order.push('save');
        return res;
      });
      // Give the save time to reach the database and start waiting on the lock.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const listed = await call(t.app, 'GET', '/api/saves/list.php?appId=synth', { cookie });
      order.push('list');
      expect(listed.statusCode).toBe(200);
      other.exec('commit');
      other.close();
      const saved = await saving;
      expect(saved.json()).toMatchObject({ success: true, version: 2 });
      // On the event loop's thread the save would have blocked the list until the lock was free.
      expect(order).toEqual(['list', 'save']);
    } finally {
      await t.close();
    }
  });

  it('a database closed with writes queued refuses them instead of losing them silently', async () => {
    const { database, cleanup } = await createTestDatabase('sqlite');
    await migrateToLatest(database.db, database.dialect);
    const writes = database.writes;
    expect(writes).not.toBeNull();
    const pending = database.write('select 1', []);
    await writes?.close();
    await expect(pending).rejects.toThrow('The database is closing');
    await cleanup();
  });
});
