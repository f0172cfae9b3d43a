import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, createTestApp, suiteApp, type TestApp, testDialects } from '../test/harness.ts';

const track = (overrides: Record<string, unknown> = {}) => ({
  v: 3,
  path: 'M 100 100 L 900 100 L 900 900 L 100 900 L 100 100',
  b: 46,
  originalAspectRatio: 1.5,
  timestamp: 1_700_000_000_000,
  ...overrides,
});

describe.each(testDialects)('tracks calls (%s)', (dialect) => {
  const t = suiteApp(dialect, { config: { rateLimits: false }, signIn: ['user', 'admin'] });
  let hash: string;

  it('stores a v3 track; the same track gets the same hash', async () => {
    const res = await call(t.app, 'POST', '/api/tracks/store.php', { body: track() });
    expect(res.statusCode).toBe(200);
    hash = res.json().hash;
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const again = await call(t.app, 'POST', '/api/tracks/store.php', {
      body: track({ timestamp: 1_800_000_000_000 }),
    });
    expect(again.json()).toEqual({ success: true, hash });
    const other = await call(t.app, 'POST', '/api/tracks/store.php', { body: track({ b: 30 }) });
    expect(other.json().hash).not.toBe(hash);
  });

  it('refuses payloads that are not v3 tracks', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [track({ v: 2 }), 'v must be equal to constant'],
      [track({ path: 'M 1 1 Z <script>' }), 'path must be move/line commands (M x y L x y …)'],
      [track({ path: 'M 1 1' }), 'path needs at least two points'],
      [track({ path: 'M 1 1 L 5000 1' }), 'path points must be scaled to 0..1000'],
      [track({ b: 0 }), 'b must be >= 1'],
      [{ ...track(), extra: 1 }, 'Unknown field "extra"'],
    ];
    for (const [body, error] of cases) {
      const res = await call(t.app, 'POST', '/api/tracks/store.php', { body });
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ success: false, error });
    }
  });

  it('get returns the payload and counts loads (db_ prefix accepted)', async () => {
    const res = await call(t.app, 'GET', `/api/tracks/get.php?hash=${hash}`);
    expect(res.json()).toEqual({ success: true, trackData: track() });
    await call(t.app, 'GET', `/api/tracks/get.php?hash=db_${hash}`);
    const stats = (await call(t.app, 'GET', `/api/tracks/rate.php?hash=${hash}`)).json();
    expect(stats).toEqual({
      success: true,
      userRating: null,
      stats: { avgRating: 0, ratingCount: 0, loadCount: 2 },
    });
    const missing = await call(t.app, 'GET', '/api/tracks/get.php?hash=ffffffffffffffff');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Track not found' });
  });

  it('rating: 1–5, one per user or visitor, re-rating replaces', async () => {
    const first = await call(t.app, 'POST', '/api/tracks/rate.php', { body: { hash, rating: 4 } });
    expect(first.json()).toEqual({ success: true, stats: { avgRating: 4, ratingCount: 1, loadCount: 2 } });
    const visitor = `futile_visitor=${cookieFrom(first, 'futile_visitor')}`;
    const replaced = await call(t.app, 'POST', '/api/tracks/rate.php', {
      cookie: visitor,
      body: { hash, rating: 2 },
    });
    expect(replaced.json().stats).toEqual({ avgRating: 2, ratingCount: 1, loadCount: 2 });
    const byUser = await call(t.app, 'POST', '/api/tracks/rate.php', {
      cookie: t.user,
      body: { hash, rating: 5 },
    });
    expect(byUser.json().stats).toEqual({ avgRating: 3.5, ratingCount: 2, loadCount: 2 });
    expect(
      (await call(t.app, 'GET', `/api/tracks/rate.php?hash=${hash}`, { cookie: t.user })).json().userRating,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', `/api/tracks/rate.php?hash=${hash}`, { cookie: visitor })).json().userRating,
    ).toBe(2);
    for (const rating of [0, 6, 3.5]) {
      const bad = await call(t.app, 'POST', '/api/tracks/rate.php', { body: { hash, rating } });
      expect(bad.statusCode).toBe(400);
    }
    const unknown = await call(t.app, 'POST', '/api/tracks/rate.php', { body: { hash: 'abc', rating: 3 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('admin stats and manage: 401/403 for others; list with preview; delete audited', async () => {
    expect((await call(t.app, 'GET', '/api/tracks/admin.php')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/tracks/manage.php', { cookie: t.user })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `/api/tracks/manage.php?hash=${hash}`, { cookie: t.user })).statusCode,
    ).toBe(403);
    const stats = (await call(t.app, 'GET', '/api/tracks/admin.php', { cookie: t.admin })).json();
    expect(stats).toEqual({ success: true, stats: { total_tracks: 2, tracks_today: 2, tracks_week: 2 } });
    const list = (await call(t.app, 'GET', '/api/tracks/manage.php', { cookie: t.admin })).json();
    const row = list.tracks.find((r: { hash: string }) => r.hash === hash);
    expect(row).toMatchObject({
      hash,
      version: 3,
      point_count: 5,
      brush_width: 46,
      ip_address: '127.0.0.1',
      load_count: 2,
      last_loaded_at: expect.any(String),
      avg_rating: 3.5,
      rating_count: 2,
    });
    expect(row.preview).toMatch(/^<svg [^>]*>.*<path d="M 100 100 L 900 100/);
    const del = await call(t.app, 'DELETE', `/api/tracks/manage.php?hash=${hash}`, { cookie: t.admin });
    expect(del.json()).toEqual({ success: true, message: 'Track deleted' });
    expect((await call(t.app, 'GET', `/api/tracks/get.php?hash=${hash}`)).statusCode).toBe(404);
    const audit = (await call(t.app, 'GET', '/api/admin/audit.php', { cookie: t.admin })).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'track.delete',
      target: hash,
      actor: expect.stringMatching(/^user:/),
    });
  });

  it('manage pages through every track: limit and offset, with the total of all tracks', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/tracks/store.php', { body: track({ b: 60 + i }) });
      expect(res.statusCode).toBe(200);
    }
    const pageAt = async (offset: number) =>
      (
        await call(t.app, 'GET', `/api/tracks/manage.php?limit=2&offset=${offset}`, { cookie: t.admin })
      ).json();
    const pages = [await pageAt(0), await pageAt(2), await pageAt(4)];
    for (const page of pages) expect(page.total).toBe(6);
    expect(pages.map((p) => p.tracks.length)).toEqual([2, 2, 2]);
    const hashes = pages.flatMap((p) => p.tracks.map((r: { hash: string }) => r.hash));
    expect(new Set(hashes).size).toBe(6);
    expect((await pageAt(6)).tracks).toEqual([]);
    expect((await pageAt(6)).total).toBe(6);
  });
});

describe.each(testDialects)('the track gallery (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
  });
  afterAll(async () => t?.close());

  const store = async (b: number) =>
    (await call(t.app, 'POST', '/api/tracks/store.php', { body: track({ b }) })).json().hash as string;
  // Each call without a cookie is a new visitor: a new rater.
  const rate = (hash: string, rating: number) =>
    call(t.app, 'POST', '/api/tracks/rate.php', { body: { hash, rating } });

  it('lists rated tracks best first by a Bayesian mean, with what a thumbnail needs', async () => {
    const empty = await call(t.app, 'GET', '/api/tracks/gallery.php');
    expect(empty.json()).toEqual({ success: true, tracks: [] });
    const once = await store(20);
    const many = await store(30);
    const unrated = await store(40);
    const poor = await store(50);
    await rate(once, 5);
    for (const r of [5, 5, 5, 4, 5]) await rate(many, r);
    await rate(poor, 1);
    const res = await call(t.app, 'GET', '/api/tracks/gallery.php');
    expect(res.statusCode).toBe(200);
    const tracks = res.json().tracks;
    expect(tracks.map((x: { hash: string }) => x.hash)).toEqual([many, once, poor]);
    expect(tracks.map((x: { hash: string }) => x.hash)).not.toContain(unrated);
    expect(tracks[0]).toMatchObject({
      path: 'M 100 100 L 900 100 L 900 900 L 100 900 L 100 100',
      b: 30,
      originalAspectRatio: 1.5,
      avgRating: 4.8,
      ratingCount: 5,
      loadCount: 0,
    });
    expect(Number.isNaN(Date.parse(tracks[0].createdAt))).toBe(false);
    const two = await call(t.app, 'GET', '/api/tracks/gallery.php?limit=2');
    expect(two.json().tracks).toHaveLength(2);
  });

  it('refuses a limit outside 1–24 and unknown parameters, clearly', async () => {
    for (const query of ['limit=0', 'limit=25', 'limit=many', 'sort=worst']) {
      const res = await call(t.app, 'GET', `/api/tracks/gallery.php?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().error, query).toMatch(/limit|Unknown query parameter "sort"/);
    }
  });
});
