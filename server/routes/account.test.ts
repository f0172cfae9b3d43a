import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  createTestApp,
  devSignIn,
  suiteApp,
  type TestApp,
  testDialects,
} from '../test/harness.ts';

describe.each(testDialects)('account calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('validate answers user null when signed out', async () => {
    const res = await call(t.app, 'GET', '/api/account/validate.php');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: null });
  });

  it('dev_login signs in with a fresh HttpOnly SameSite=Lax session and redirects back', async () => {
    const res = await call(t.app, 'GET', '/api/account/dev_login.php?as=user&redirect=%2Fsynth%3Fx%3D1');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/synth?x=1');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/futile_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = `futile_session=${cookieFrom(res, 'futile_session')}`;
    const me = await call(t.app, 'GET', '/api/account/validate.php', { cookie });
    expect(me.json()).toMatchObject({ success: true, user: { displayName: 'Dev User', isAdmin: false } });
    // A second sign-in gets a new id.
    const again = await call(t.app, 'GET', '/api/account/dev_login.php?as=user&redirect=/', { cookie });
    expect(cookieFrom(again, 'futile_session')).not.toBe(cookieFrom(res, 'futile_session'));
    expect((await call(t.app, 'GET', '/api/account/validate.php', { cookie })).json().user).toBeNull();
  });

  it('dev_login as admin gives an ordinary user with isAdmin', async () => {
    const cookie = await devSignIn(t.app, 'admin');
    const me = await call(t.app, 'GET', '/api/account/validate.php', { cookie });
    expect(me.json().user).toMatchObject({ displayName: 'Dev Admin', isAdmin: true });
  });

  it('dev_login invalid ends as a failed sign-in, redirected back with an error', async () => {
    const res = await call(t.app, 'GET', '/api/account/dev_login.php?as=invalid&redirect=/race');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/race?signin_error=dev_login_failed');
    expect(cookieFrom(res, 'futile_session')).toBeNull();
  });

  it('dev_login only returns to a relative path', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await call(
        t.app,
        'GET',
        `/api/account/dev_login.php?as=user&redirect=${encodeURIComponent(redirect)}`,
      );
      expect(res.headers.location, redirect).toBe('/');
    }
  });

  it('dev_login is 404 from a non-loopback address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/dev_login.php?as=admin',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found' });
  });

  it('providers lists google/microsoft unavailable without configuration, facebook never', async () => {
    const res = await call(t.app, 'GET', '/api/account/providers.php');
    expect(res.json()).toEqual({
      success: true,
      providers: [
        { id: 'google', name: 'Google', available: false },
        { id: 'microsoft', name: 'Microsoft', available: false },
        { id: 'facebook', name: 'Facebook', available: false },
      ],
      devLogin: true,
    });
  });

  it('profile updates the display name (trimmed, 1–64 chars)', async () => {
    const cookie = await devSignIn(t.app, 'user');
    const ok = await call(t.app, 'POST', '/api/account/profile.php', {
      cookie,
      body: { displayName: '  Ada  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { displayName: 'Ada' } });
    const empty = await call(t.app, 'POST', '/api/account/profile.php', {
      cookie,
      body: { displayName: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, error: 'Display name cannot be empty' });
    const long = await call(t.app, 'POST', '/api/account/profile.php', {
      cookie,
      body: { displayName: 'x'.repeat(65) },
    });
    expect(long.json()).toEqual({ success: false, error: 'Display name is too long (max 64 characters)' });
    const missing = await call(t.app, 'POST', '/api/account/profile.php', { cookie, body: {} });
    expect(missing.json()).toEqual({ success: false, error: 'displayName is required' });
    const extra = await call(t.app, 'POST', '/api/account/profile.php', {
      cookie,
      body: { displayName: 'A', isAdmin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe('Unknown field "isAdmin"');
    const anon = await call(t.app, 'POST', '/api/account/profile.php', { body: { displayName: 'A' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ success: false, error: 'Not signed in' });
  });

  it('refuses non-JSON bodies (415) and cross-origin writes (403)', async () => {
    const cookie = await devSignIn(t.app, 'user');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile.php',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{"displayName":"x"}',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().success).toBe(false);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile.php',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'displayName=x',
    });
    expect(form.statusCode).toBe(415);
    const cross = await call(t.app, 'POST', '/api/account/logout.php', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ success: false, error: 'Cross-origin request refused' });
    const crossSite = await call(t.app, 'POST', '/api/account/logout.php', {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const same = await call(t.app, 'POST', '/api/account/logout.php', {
      cookie,
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers bad JSON and oversized bodies with JSON errors', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"displayName":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: 'Body is not valid JSON' });
    const big = await call(t.app, 'POST', '/api/account/profile.php', {
      body: { displayName: 'x'.repeat(100_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, error: 'Request body is too large' });
  });

  it('logout revokes the session', async () => {
    const cookie = await devSignIn(t.app, 'user');
    const out = await call(t.app, 'POST', '/api/account/logout.php', { cookie });
    expect(out.json()).toEqual({ success: true });
    const me = await call(t.app, 'GET', '/api/account/validate.php', { cookie });
    expect(me.json().user).toBeNull();
  });

  it('delete.php removes the account, its saves, ratings and sessions, and anonymises scores', async () => {
    // A separate identity so other tests' Dev User stays.
    const user = await t.app.repos.users.upsertFromIdentity({
      provider: 'test',
      subject: 'leaving',
      displayName: 'Leaving',
      email: 'leaving@example.org',
      avatarUrl: null,
    });
    const token = await t.app.repos.users.createSession({ userId: user.id });
    const cookie = `futile_session=${token}`;
    const saved = await call(t.app, 'POST', '/api/saves/save.php', {
      cookie,
      body: { appId: 'synth', key: 'a', data: { n: 1 } },
    });
    expect(saved.statusCode).toBe(200);
    const score = await call(t.app, 'POST', '/api/scores/submit.php', {
      cookie,
      body: { game_id: 'whac-a-moji', player_name: 'Leaving', score: 40 },
    });
    const scoreId = score.json().id;
    const unauth = await call(t.app, 'POST', '/api/account/delete.php');
    expect(unauth.statusCode).toBe(401);
    const res = await call(t.app, 'POST', '/api/account/delete.php', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: expect.stringMatching(/^DEL-[A-Z0-9]{8}$/) });
    expect((await call(t.app, 'GET', '/api/account/validate.php', { cookie })).json().user).toBeNull();
    const db = t.database.db;
    expect(await db.selectFrom('saves').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('users').selectAll().where('id', '=', user.id).execute()).toEqual([]);
    const row = await db.selectFrom('scores').selectAll().where('id', '=', scoreId).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.player_name).toBe('Leaving');
  });
});

describe('in production (sqlite)', () => {
  const t = suiteApp('sqlite', { config: { production: true } });

  it('dev_login answers 404 even from loopback, and providers says so', async () => {
    const res = await call(t.app, 'GET', '/api/account/dev_login.php?as=admin&redirect=/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found' });
    expect((await call(t.app, 'GET', '/api/account/providers.php')).json().devLogin).toBe(false);
  });

  it('session cookies are Secure behind an HTTPS proxy', async () => {
    await t.app.repos.admins.create({ username: 'ops', email: null, password: 'a long enough password' });
    const res = await call(t.app, 'POST', '/api/auth/login.php', {
      body: { username: 'ops', password: 'a long enough password' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('futile_admin=');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
  });
});

describe.each(testDialects)('first sign-ins at once (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
  });
  afterAll(async () => t?.close());

  it('ten concurrent first dev sign-ins make one user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'GET', '/api/account/dev_login.php?as=user&redirect=/')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(302));
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });
});
