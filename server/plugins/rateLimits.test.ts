import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness.ts';
import { LIMITS } from './rateLimits.ts';

describe('rate limits (sqlite)', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    off = await createTestApp('sqlite', { rateLimits: false });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  async function statusesUntilLimit(n: number, send: () => ReturnType<typeof call>) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await send()).statusCode);
    return statuses;
  }

  it('score submit, track store and rating answer 429 past their limits, as JSON', async () => {
    const submit = () =>
      call(t.app, 'POST', '/api/scores/submit.php', {
        body: { game_id: 'whac-a-moji', player_name: 'r', score: 1 },
      });
    const s = await statusesUntilLimit(LIMITS.scoreSubmit.max + 1, submit);
    expect(s.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(s.at(-1)).toBe(429);
    const limited = await submit();
    expect(limited.json()).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests; try again in/),
    });

    const track = (i: number) => ({
      v: 3 as const,
      path: `M 0 0 L ${i} 10`,
      b: 40,
      originalAspectRatio: 1,
      timestamp: 1,
    });
    let i = 0;
    const store = () => call(t.app, 'POST', '/api/tracks/store.php', { body: track(++i) });
    const st = await statusesUntilLimit(LIMITS.trackStore.max + 1, store);
    expect(st.at(-1)).toBe(429);
    const hash = (await call(off.app, 'POST', '/api/tracks/store.php', { body: track(1) })).json().hash;
    await t.app.repos.tracks.store(track(1), null);
    const rate = () => call(t.app, 'POST', '/api/tracks/rate.php', { body: { hash, rating: 3 } });
    const r = await statusesUntilLimit(LIMITS.rating.max + 1, rate);
    expect(r.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(r.at(-1)).toBe(429);
  });

  it('counts signed-in players per session, not per shared address', async () => {
    const fresh = await createTestApp('sqlite');
    try {
      const submit = (cookie?: string) =>
        call(fresh.app, 'POST', '/api/scores/submit.php', {
          cookie,
          body: { game_id: 'whac-a-moji', player_name: 'r', score: 1 },
        });
      for (let i = 0; i < LIMITS.scoreSubmit.max; i++) expect((await submit()).statusCode).toBe(200);
      expect((await submit()).statusCode).toBe(429);
      // Same address, but a signed-in player has a budget of their own.
      const player = await fresh.app.repos.users.upsertFromIdentity({
        provider: 'test',
        subject: 'p',
        displayName: 'P',
        email: null,
        avatarUrl: null,
      });
      const cookie = `futile_session=${await fresh.app.repos.users.createSession({ userId: player.id })}`;
      expect((await submit(cookie)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('answers 429 to the address probing unknown paths past its limit, as JSON; page loads and other addresses are not counted', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-nf-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Futile</title>');
    const fresh = await createTestApp('sqlite', { clientDir });
    try {
      const probe = (i: number, ip = '203.0.113.7') =>
        fresh.app.inject({ method: 'GET', url: `/api/probe-${i}.php`, remoteAddress: ip });
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.notFound.max + 1; i++) statuses.push((await probe(i)).statusCode);
      expect(statuses.slice(0, -1).every((c) => c === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Unknown non-GET paths are the same budget.
      const post = await fresh.app.inject({ method: 'POST', url: '/nothing', remoteAddress: '203.0.113.7' });
      expect(post.statusCode).toBe(429);
      const limited = await probe(0);
      expect(limited.json()).toEqual({
        success: false,
        error: expect.stringMatching(/^Too many requests; try again in/),
      });
      // Another address has its own budget.
      expect((await probe(0, '203.0.113.8')).statusCode).toBe(404);
      // The SPA's pages are served by the same handler, and are not limited.
      const page = await fresh.app.inject({
        method: 'GET',
        url: '/games/whac-a-moji',
        remoteAddress: '203.0.113.7',
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await fresh.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('can be switched off (benchmarks)', async () => {
    const submit = () =>
      call(off.app, 'POST', '/api/scores/submit.php', {
        body: { game_id: 'whac-a-moji', player_name: 'r', score: 1 },
      });
    const s = await statusesUntilLimit(LIMITS.scoreSubmit.max + 5, submit);
    expect(s.every((c) => c === 200)).toBe(true);
    const probe = () => call(off.app, 'GET', '/api/unknown.php');
    const p = await statusesUntilLimit(LIMITS.notFound.max + 5, probe);
    expect(p.every((c) => c === 404)).toBe(true);
  });
});
