import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, devSignIn, type TestApp, testDialects } from '../test/harness.ts';

describe.each(testDialects)('saves calls (%s)', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await devSignIn(t.app, 'user');
    const bobUser = await t.app.repos.users.upsertFromIdentity({
      provider: 'test',
      subject: 'bob',
      displayName: 'Bob',
      email: null,
      avatarUrl: null,
    });
    bob = `futile_session=${await t.app.repos.users.createSession({ userId: bobUser.id })}`;
  });
  afterAll(async () => t?.close());

  const save = (cookie: string | undefined, body: unknown) =>
    call(t.app, 'POST', '/api/saves/save.php', { cookie, body });

  it('creates, then refuses a second create of the same key with EXISTS', async () => {
    const res = await save(alice, { appId: 'synth', key: 'loop one', data: { bpm: 100 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      version: 1,
      id: expect.any(String),
      etag: expect.any(String),
    });
    const again = await save(alice, { appId: 'synth', key: 'loop one', data: { bpm: 120 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'A save named "loop one" already exists',
      code: 'EXISTS',
    });
    const got = await call(t.app, 'GET', `/api/saves/get.php?id=${body.id}`, { cookie: alice });
    expect(got.json().save.data).toEqual({ bpm: 100 });
  });

  it('updates with the current etag or version; a stale one is CONFLICT and overwrites nothing', async () => {
    const created = (await save(alice, { appId: 'synth', key: 'v', data: 1 })).json();
    const byEtag = await save(alice, { appId: 'synth', key: 'v', data: 2, ifMatch: created.etag });
    expect(byEtag.json()).toMatchObject({ success: true, id: created.id, version: 2 });
    expect(byEtag.json().etag).not.toBe(created.etag);
    const byVersion = await save(alice, { appId: 'synth', key: 'v', data: 3, ifMatch: 2 });
    expect(byVersion.json()).toMatchObject({ success: true, version: 3 });
    const byVersionText = await save(alice, { appId: 'synth', key: 'v', data: 4, ifMatch: '3' });
    expect(byVersionText.json()).toMatchObject({ success: true, version: 4 });
    const stale = await save(alice, { appId: 'synth', key: 'v', data: 99, ifMatch: created.etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    const got = await call(t.app, 'GET', '/api/saves/get.php?appId=synth&key=v', { cookie: alice });
    expect(got.json().save).toMatchObject({ data: 4, version: 4, key: 'v', appId: 'synth' });
    const gone = await save(alice, { appId: 'synth', key: 'never', data: 1, ifMatch: 1 });
    expect(gone.json()).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it("ifMatch '*' overwrites or creates", async () => {
    const a = (await save(alice, { appId: 'synth', key: 'star', data: 'a', ifMatch: '*' })).json();
    expect(a).toMatchObject({ success: true, version: 1 });
    const b = (await save(alice, { appId: 'synth', key: 'star', data: 'b', ifMatch: '*' })).json();
    expect(b).toMatchObject({ success: true, version: 2, id: a.id });
  });

  it('validates with clear errors and codes', async () => {
    const cases: [unknown, number, string, string][] = [
      [{ appId: 'synth', key: '   ', data: 1 }, 400, 'Save name cannot be empty', 'INVALID'],
      [
        { appId: 'synth', key: 'k'.repeat(101), data: 1 },
        400,
        'Save name is too long (max 100 characters)',
        'INVALID',
      ],
      [{ appId: 'synth', key: 'k' }, 400, 'data is required', 'INVALID'],
      [{ appId: 'synth', key: 'k', data: null }, 400, 'Nothing to save', 'INVALID'],
      [{ key: 'k', data: 1 }, 400, 'appId is required', 'INVALID'],
      [{ appId: 'synth', key: 'k', data: 1, owner: 'x' }, 400, 'Unknown field "owner"', 'INVALID'],
      [
        { appId: 'synth', key: 'big', data: 'x'.repeat(256 * 1024) },
        413,
        'Saved data is too large (max 256 KiB)',
        'TOO_LARGE',
      ],
    ];
    for (const [body, status, error, code] of cases) {
      const res = await save(alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json()).toEqual({ success: false, error, code });
    }
  });

  it('answers 401 UNAUTHENTICATED when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/saves/list.php'],
      ['GET', '/api/saves/get.php?id=x'],
      ['DELETE', '/api/saves/delete.php?id=x'],
    ] as const) {
      const res = await call(t.app, method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'Not signed in', code: 'UNAUTHENTICATED' });
    }
    expect((await save(undefined, { appId: 'synth', key: 'k', data: 1 })).statusCode).toBe(401);
  });

  it("keeps another user's saves invisible", async () => {
    const mine = (await save(alice, { appId: 'synth', key: 'private', data: 's' })).json();
    expect((await call(t.app, 'GET', `/api/saves/get.php?id=${mine.id}`, { cookie: bob })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, 'GET', '/api/saves/get.php?appId=synth&key=private', { cookie: bob })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/saves/delete.php?id=${mine.id}`, { cookie: bob })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/saves/list.php', { cookie: bob })).json()).toMatchObject({
      items: [],
      total: 0,
    });
    // Bob's own save of the same key is a different row.
    const bobs = await save(bob, { appId: 'synth', key: 'private', data: 'b' });
    expect(bobs.statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/saves/get.php?id=${mine.id}`, { cookie: alice })).json().save.data,
    ).toBe('s');
  });

  it('lists newest first with paging, without data', async () => {
    for (let i = 0; i < 3; i++) {
      await save(bob, { appId: 'gravity', key: `g${i}`, data: i });
      // Distinct updatedAt (ms): within one millisecond the order falls back to the id.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const page = await call(t.app, 'GET', '/api/saves/list.php?appId=gravity&limit=2', { cookie: bob });
    const body = page.json();
    expect(body).toMatchObject({ success: true, page: 1, limit: 2, total: 3 });
    expect(body.items.map((i: { key: string }) => i.key)).toEqual(['g2', 'g1']);
    expect(body.items[0]).not.toHaveProperty('data');
    const second = (
      await call(t.app, 'GET', '/api/saves/list.php?appId=gravity&limit=2&page=2', { cookie: bob })
    ).json();
    expect(second.items.map((i: { key: string }) => i.key)).toEqual(['g0']);
    const defaults = (await call(t.app, 'GET', '/api/saves/list.php', { cookie: bob })).json();
    expect(defaults).toMatchObject({ page: 1, limit: 50 });
    const tooMany = await call(t.app, 'GET', '/api/saves/list.php?limit=201', { cookie: bob });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ success: false, error: 'limit must be <= 200', code: 'INVALID' });
  });

  it('list items are exactly the handle, appId and updatedAt of each save, whatever the key holds', async () => {
    const keys = [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline',
      'ünï 😀 中',
      '</script>',
      '\u0001\u001f',
    ];
    for (const key of keys)
      expect((await save(bob, { appId: 'keys', key, data: { key } })).statusCode).toBe(200);
    const res = await call(t.app, 'GET', '/api/saves/list.php?appId=keys', { cookie: bob });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['items', 'limit', 'page', 'success', 'total']);
    expect(body).toMatchObject({ success: true, page: 1, limit: 50, total: keys.length });
    expect(body.items.map((i: { key: string }) => i.key).sort()).toEqual([...keys].sort());
    for (const item of body.items) {
      const { data: _, ...expected } = (
        await call(t.app, 'GET', `/api/saves/get.php?id=${item.id}`, { cookie: bob })
      ).json().save;
      expect(item).toStrictEqual(expected);
    }
    const empty = (await call(t.app, 'GET', '/api/saves/list.php?appId=none', { cookie: bob })).json();
    expect(empty).toEqual({ success: true, items: [], page: 1, limit: 50, total: 0 });
    const past = (await call(t.app, 'GET', '/api/saves/list.php?appId=keys&page=9', { cookie: bob })).json();
    expect(past).toEqual({ success: true, items: [], page: 9, limit: 50, total: keys.length });
  });

  it('deletes by id or by appId and key', async () => {
    const a = (await save(bob, { appId: 'synth', key: 'del1', data: 1 })).json();
    await save(bob, { appId: 'synth', key: 'del2', data: 1 });
    expect(
      (await call(t.app, 'DELETE', `/api/saves/delete.php?appId=synth&id=${a.id}`, { cookie: bob })).json(),
    ).toEqual({
      success: true,
    });
    expect(
      (await call(t.app, 'DELETE', '/api/saves/delete.php?appId=synth&key=del2', { cookie: bob })).json(),
    ).toEqual({
      success: true,
    });
    expect(
      (await call(t.app, 'DELETE', `/api/saves/delete.php?id=${a.id}`, { cookie: bob })).statusCode,
    ).toBe(404);
    const neither = await call(t.app, 'DELETE', '/api/saves/delete.php?appId=synth', { cookie: bob });
    expect(neither.json()).toEqual({ success: false, error: 'Give id, or appId and key', code: 'INVALID' });
  });

  it('20 concurrent saves with the same stale etag: exactly one wins, the rest CONFLICT, nothing lost', async () => {
    const first = (await save(alice, { appId: 'race', key: 'contended', data: { writer: -1 } })).json();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, writer) =>
        save(alice, { appId: 'race', key: 'contended', data: { writer }, ifMatch: first.etag }),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    const conflicts = results.filter((r) => r.statusCode === 409 && r.json().code === 'CONFLICT');
    expect(winners).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    const winner = winners[0].json();
    expect(winner.version).toBe(2);
    const stored = (
      await call(t.app, 'GET', '/api/saves/get.php?appId=race&key=contended', { cookie: alice })
    ).json().save;
    expect(stored.etag).toBe(winner.etag);
    expect(stored.version).toBe(2);
    // The stored data is exactly the winner's write.
    const winnerIndex = results.indexOf(winners[0]);
    expect(stored.data).toEqual({ writer: winnerIndex });
  });

  it('caps saves per user at 500 with LIMIT', async () => {
    const capped = await t.app.repos.users.upsertFromIdentity({
      provider: 'test',
      subject: 'hoarder',
      displayName: 'Hoarder',
      email: null,
      avatarUrl: null,
    });
    const now = new Date().toISOString();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `hoard-${i}`,
      user_id: capped.id,
      app_id: 'synth',
      key: `k${i}`,
      data: '1',
      version: 1,
      etag: `e${i}`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await t.database.db
        .insertInto('saves')
        .values(rows.slice(i, i + 100))
        .execute();
    const cookie = `futile_session=${await t.app.repos.users.createSession({ userId: capped.id })}`;
    const res = await save(cookie, { appId: 'synth', key: 'one more', data: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'LIMIT' });
    // Updating an existing one is still fine.
    expect((await save(cookie, { appId: 'synth', key: 'k1', data: 2, ifMatch: 1 })).statusCode).toBe(200);
  });
});
