import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../cli/adminCommands.ts';
import { call, cookieFrom, createTestApp, devSignIn, type TestApp, testDialects } from '../test/harness.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDialects)('admin auth, users and audit (%s)', (dialect) => {
  let t: TestApp;
  let totp: OTPAuth.TOTP;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const created = await runAdminCommand(
      ['create', 'root', '--email', 'root@example.org', '--password', PASSWORD, '--totp'],
      t.database,
    );
    const uri = created.match(/otpauth:\/\/\S+/)?.[0] as string;
    totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    await runAdminCommand(['create', 'plain', '--password', PASSWORD], t.database);
  });
  afterAll(async () => t?.close());

  const login = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress,
    });

  it('the CLI refuses bad input with clear messages', async () => {
    await expect(runAdminCommand(['create', 'root', '--password', PASSWORD], t.database)).rejects.toThrow(
      'An admin account "root" already exists',
    );
    await expect(runAdminCommand(['create', 'short', '--password', 'x'], t.database)).rejects.toThrow(
      'The password must be at least 10 characters',
    );
    await expect(
      runAdminCommand(['reset-password', 'ghost', '--password', PASSWORD], t.database),
    ).rejects.toThrow('No admin account "ghost"');
    expect(await runAdminCommand([], t.database)).toContain('npm run admin -- create');
  });

  it('password only: signs in by username or email; wrong password is 401', async () => {
    const bad = await login({ username: 'plain', password: 'nope nope nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ success: false, error: 'Invalid username or password' });
    const missing = await login({ username: '', password: '' });
    expect(missing.json()).toEqual({ success: false, error: 'Username and password are required' });
    const ok = await login({ username: 'PLAIN', password: PASSWORD });
    expect(ok.json()).toEqual({ success: true, user: { username: 'plain', displayName: 'plain' } });
    const cookie = `futile_admin=${cookieFrom(ok, 'futile_admin')}`;
    expect((await call(t.app, 'GET', '/api/auth/validate.php', { cookie })).json()).toEqual({
      success: true,
      user: { username: 'plain', displayName: 'plain' },
    });
    // The admin session opens the admin calls.
    expect((await call(t.app, 'GET', '/api/account/admin/users.php', { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout.php', { cookie })).json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/auth/validate.php', { cookie })).json()).toEqual({
      success: false,
      error: 'Not authenticated',
    });
    expect((await call(t.app, 'GET', '/api/account/admin/users.php', { cookie })).statusCode).toBe(401);
  });

  it('TOTP: asks for the code, accepts it once, refuses its replay', async () => {
    const ask = await login({ username: 'root@example.org', password: PASSWORD });
    expect(ask.statusCode).toBe(401);
    expect(ask.json()).toEqual({ success: false, requiresTOTP: true, error: 'Please enter your 2FA code' });
    const wrong = await login({
      username: 'root',
      password: PASSWORD,
      totp: '000000' === totp.generate() ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ success: false, requiresTOTP: true });
    const code = totp.generate();
    const ok = await login({ username: 'root', password: PASSWORD, totp: code });
    expect(ok.json()).toEqual({ success: true, user: { username: 'root', displayName: 'root' } });
    const replay = await login({ username: 'root', password: PASSWORD, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      requiresTOTP: true,
      error: 'Invalid or already used 2FA code',
    });
    // The previous step's code (within ±1) is older than the one used: refused too.
    const previous = totp.generate({ timestamp: Date.now() - 30_000 });
    expect((await login({ username: 'root', password: PASSWORD, totp: previous })).statusCode).toBe(401);
  });

  it('an ordinary session whose user is admin is an admin console session; others are not', async () => {
    const admin = await devSignIn(t.app, 'admin');
    expect((await call(t.app, 'GET', '/api/auth/validate.php', { cookie: admin })).json()).toEqual({
      success: true,
      user: { username: 'admin@localhost', displayName: 'Dev Admin' },
    });
    const user = await devSignIn(t.app, 'user');
    expect((await call(t.app, 'GET', '/api/auth/validate.php', { cookie: user })).json().success).toBe(false);
  });

  it('users.php lists and searches (page size 25); 401/403 for others', async () => {
    for (let i = 0; i < 27; i++) {
      await t.app.repos.users.upsertFromIdentity({
        provider: 'google',
        subject: `s${i}`,
        displayName: `Person ${i}`,
        email: `person${i}@example.org`,
        avatarUrl: null,
      });
    }
    const admin = await devSignIn(t.app, 'admin');
    const user = await devSignIn(t.app, 'user');
    expect((await call(t.app, 'GET', '/api/account/admin/users.php')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account/admin/users.php', { cookie: user })).statusCode).toBe(403);
    const first = (
      await call(t.app, 'GET', '/api/account/admin/users.php?page=1&limit=25', { cookie: admin })
    ).json();
    expect(first).toMatchObject({ success: true, page: 1, total: 29 });
    expect(first.users).toHaveLength(25);
    expect(
      (await call(t.app, 'GET', '/api/account/admin/users.php?page=2', { cookie: admin })).json().users,
    ).toHaveLength(4);
    // LIKE wildcards in the search text are literal characters on both databases.
    for (const displayName of ['under_score 100%', 'underXscore 1000']) {
      await t.app.repos.users.upsertFromIdentity({
        provider: 'test',
        subject: displayName,
        displayName,
        email: null,
        avatarUrl: null,
      });
    }
    for (const q of ['r_s', '100%25']) {
      const literal = (
        await call(t.app, 'GET', `/api/account/admin/users.php?q=${q}`, { cookie: admin })
      ).json();
      expect(
        literal.users.map((u: { displayName: string }) => u.displayName),
        q,
      ).toEqual(['under_score 100%']);
    }
    const found = (
      await call(t.app, 'GET', '/api/account/admin/users.php?q=PERSON1', { cookie: admin })
    ).json();
    expect(found.total).toBe(11);
    const byEmail = (
      await call(t.app, 'GET', '/api/account/admin/users.php?q=person26%40', { cookie: admin })
    ).json();
    expect(byEmail.users).toEqual([
      {
        id: expect.any(String),
        displayName: 'Person 26',
        email: 'person26@example.org',
        createdAt: expect.any(String),
        lastLogin: null,
        providers: ['google'],
        isActive: true,
        isAdmin: false,
      },
    ]);
  });

  it('toggle_active: deactivating revokes sessions and blocks sign-in; toggle_admin grants; all audited', async () => {
    const admin = await devSignIn(t.app, 'admin');
    const user = await devSignIn(t.app, 'user');
    const me = (await call(t.app, 'GET', '/api/account/validate.php', { cookie: user })).json().user;
    const adminMe = (await call(t.app, 'GET', '/api/account/validate.php', { cookie: admin })).json().user;
    expect(
      (
        await call(t.app, 'POST', '/api/account/admin/toggle_active.php', {
          cookie: user,
          body: { userId: me.id, isActive: false, revokeSessions: true },
        })
      ).statusCode,
    ).toBe(403);
    const off = await call(t.app, 'POST', '/api/account/admin/toggle_active.php', {
      cookie: admin,
      body: { userId: me.id, isActive: false, revokeSessions: true },
    });
    expect(off.json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', '/api/account/validate.php', { cookie: user })).json().user).toBeNull();
    const again = await call(t.app, 'GET', '/api/account/dev_login.php?as=user&redirect=/');
    expect(again.headers.location).toBe('/?signin_error=account_disabled');
    expect(cookieFrom(again, 'futile_session')).toBeNull();
    const on = await call(t.app, 'POST', '/api/account/admin/toggle_active.php', {
      cookie: admin,
      body: { userId: me.id, isActive: true, revokeSessions: false },
    });
    expect(on.json()).toEqual({ success: true });
    const back = await devSignIn(t.app, 'user');
    expect((await call(t.app, 'GET', '/api/account/validate.php', { cookie: back })).json().user.id).toBe(
      me.id,
    );

    const grant = await call(t.app, 'POST', '/api/account/admin/toggle_admin.php', {
      cookie: admin,
      body: { userId: me.id, isAdmin: true },
    });
    expect(grant.json()).toEqual({ success: true });
    expect(
      (await call(t.app, 'GET', '/api/account/validate.php', { cookie: back })).json().user.isAdmin,
    ).toBe(true);
    await call(t.app, 'POST', '/api/account/admin/toggle_admin.php', {
      cookie: admin,
      body: { userId: me.id, isAdmin: false },
    });

    const self = await call(t.app, 'POST', '/api/account/admin/toggle_active.php', {
      cookie: admin,
      body: { userId: adminMe.id, isActive: false, revokeSessions: true },
    });
    expect(self.json()).toEqual({ success: false, error: 'You cannot deactivate yourself' });
    const ghost = await call(t.app, 'POST', '/api/account/admin/toggle_admin.php', {
      cookie: admin,
      body: { userId: 'ghost', isAdmin: true },
    });
    expect(ghost.statusCode).toBe(404);
    const bad = await call(t.app, 'POST', '/api/account/admin/toggle_admin.php', {
      cookie: admin,
      body: { userId: me.id },
    });
    expect(bad.json()).toEqual({ success: false, error: 'isAdmin is required' });

    const audit = await call(t.app, 'GET', '/api/admin/audit.php?limit=4', { cookie: admin });
    expect(audit.json().entries.map((e: { action: string; target: string }) => [e.action, e.target])).toEqual(
      [
        ['user.revoke_admin', me.id],
        ['user.grant_admin', me.id],
        ['user.activate', me.id],
        ['user.deactivate', me.id],
      ],
    );
    expect(audit.json().entries[3].actor).toBe(`user:${adminMe.id}`);
    expect((await call(t.app, 'GET', '/api/admin/audit.php', { cookie: back })).statusCode).toBe(403);
  });

  it('rate limits: admin login per IP and per account, dev sign-in per IP → 429', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await login({ username: 'nobody', password: 'wrong password' }, '10.1.1.1')).statusCode;
    expect(last).toBe(429);
    // Per account, across many addresses.
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await login({ username: 'plain', password: 'wrong password!' }, `10.2.0.${i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const locked = await login({ username: 'plain', password: PASSWORD }, '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      error: 'Too many failed sign-ins for this account; try again later',
    });
    const statuses = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/dev_login.php?as=invalid' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
