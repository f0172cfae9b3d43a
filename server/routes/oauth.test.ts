import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase, testConfig, testDialects } from '../test/harness.ts';

/**
 * Sign-in end to end against a real OpenID Connect provider (oidc-provider) on
 * loopback: our server listens too, and a tiny "browser" (fetch + cookie jars)
 * follows the redirects and submits the provider's login and consent forms.
 */
const CLIENT_ID = 'futile-test';
const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';

class Browser {
  private jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string) {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(origin, jar);
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const { origin } = new URL(url);
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = origin;
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      const expired =
        attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) ||
        attributes.some((a) => /max-age=0\b/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, url).href : null,
      text: await res.text(),
    };
  }

  /** Follows redirects until a page (or a stop condition); returns the last answer. */
  async follow(url: string, stop: (url: string) => boolean = () => false) {
    let answer = await this.request(url);
    let current = url;
    for (let hops = 0; answer.location && hops < 10; hops++) {
      current = answer.location;
      if (stop(current)) return { ...answer, url: current };
      answer = await this.request(current);
    }
    return { ...answer, url: current };
  }
}

describe.each(testDialects)('OpenID Connect sign-in against a real provider (%s)', (dialect) => {
  let providerServer: http.Server;
  let issuer: string;
  let app: FastifyInstance;
  let appOrigin: string;
  let testDb: TestDatabase;

  beforeAll(async () => {
    providerServer = http.createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;

    testDb = await createTestDatabase(dialect);
    app = await buildApp({
      config: testConfig({
        oidc: { google: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, microsoft: null },
      }),
      database: testDb.database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    appOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${appOrigin}/api/account/oauth/callback.php`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      async findAccount(_ctx: unknown, id: string) {
        return {
          accountId: id,
          claims: async () => ({
            sub: id,
            email: `${id}@example.org`,
            email_verified: true,
            name: `OIDC ${id}`,
          }),
        };
      },
      cookies: { keys: ['test-cookie-key-0123456789'] },
    });
    providerServer.on('request', provider.callback());
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => providerServer?.close(resolve));
    providerServer?.closeAllConnections?.();
    await testDb?.cleanup();
  });

  const isCallback = (url: string) => url.startsWith(`${appOrigin}/api/account/oauth/callback.php`);

  /** start → provider login form → consent form → the provider's redirect to our callback (not yet followed). */
  async function throughProvider(
    browser: Browser,
    login: string,
    start = '/api/account/oauth/start.php?provider=google&redirect=%2Fsynth',
  ) {
    const started = await browser.request(`${appOrigin}${start}`);
    expect(started.status).toBe(302);
    const authorize = new URL(started.location as string);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    let page = await browser.follow(authorize.href, isCallback);
    for (let step = 0; step < 3 && !isCallback(page.url); step++) {
      const action = page.text.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = page.text.match(/name="prompt" value="(\w+)"/)?.[1];
      expect(action, page.text.slice(0, 300)).toBeTruthy();
      const form: Record<string, string> = { prompt: prompt as string };
      if (prompt === 'login') Object.assign(form, { login, password: 'any' });
      const submitted = await browser.request(new URL(action as string, issuer).href, {
        method: 'POST',
        form,
      });
      page = submitted.location
        ? await browser.follow(submitted.location, isCallback)
        : { ...submitted, url: page.url };
      if (submitted.location && isCallback(submitted.location))
        page = { ...submitted, url: submitted.location };
    }
    expect(isCallback(page.url)).toBe(true);
    return new URL(page.url);
  }

  it('signs in: start → provider login and consent → callback → session', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, 'alice');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const done = await browser.request(callback.href);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`${appOrigin}/synth`);
    expect(browser.cookie(appOrigin, 'futile_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = JSON.parse((await browser.request(`${appOrigin}/api/account/validate.php`)).text);
    expect(me).toMatchObject({
      success: true,
      user: { displayName: 'OIDC alice', email: 'alice@example.org', isAdmin: false },
    });
    const providers = JSON.parse((await browser.request(`${appOrigin}/api/account/providers.php`)).text);
    expect(providers.providers[0]).toEqual({ id: 'google', name: 'Google', available: true });
  });

  it('refuses a tampered state', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, 'mallory');
    callback.searchParams.set('state', 'tampered-state');
    const done = await browser.request(callback.href);
    expect(done.location).toBe(`${appOrigin}/synth?signin_error=signin_failed`);
    expect(browser.cookie(appOrigin, 'futile_session')).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one bound to this browser', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, 'nonce-victim');
    // Same state and PKCE verifier, another nonce: signed with the server's own secret, so only the nonce check can refuse it.
    const raw = browser.cookie(appOrigin, 'futile_oauth') as string;
    const unsigned = app.unsignCookie(decodeURIComponent(raw));
    expect(unsigned.valid).toBe(true);
    const pending = JSON.parse(unsigned.value as string);
    browser.setCookie(
      appOrigin,
      'futile_oauth',
      encodeURIComponent(app.signCookie(JSON.stringify({ ...pending, nonce: 'wrong-nonce' }))),
    );
    const done = await browser.request(callback.href);
    expect(done.location).toBe(`${appOrigin}/synth?signin_error=signin_failed`);
    expect(browser.cookie(appOrigin, 'futile_session')).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in, and a forged state cookie', async () => {
    const victim = new Browser();
    const callback = await throughProvider(victim, 'bob');
    const attacker = new Browser();
    const done = await attacker.request(callback.href);
    expect(done.location).toBe(`${appOrigin}/?signin_error=state_missing`);
    attacker.setCookie(
      appOrigin,
      'futile_oauth',
      encodeURIComponent(JSON.stringify({ provider: 'google', state: 'x' })),
    );
    const forged = await attacker.request(callback.href);
    expect(forged.location).toBe(`${appOrigin}/?signin_error=state_missing`);
  });

  it('without redirect, returns to the same-origin page that started the sign-in', async () => {
    const res = await fetch(`${appOrigin}/api/account/oauth/start.php?provider=google`, {
      redirect: 'manual',
      headers: { referer: `${appOrigin}/lunar-lander?x=1` },
    });
    const raw = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('futile_oauth='))
      ?.split(';')[0]
      .slice('futile_oauth='.length);
    const pending = app.unsignCookie(decodeURIComponent(raw as string));
    expect(JSON.parse(pending.value as string).returnTo).toBe('/lunar-lander?x=1');
    const foreign = await fetch(`${appOrigin}/api/account/oauth/start.php?provider=google`, {
      redirect: 'manual',
      headers: { referer: 'https://evil.example/x' },
    });
    const foreignRaw = foreign.headers
      .getSetCookie()
      .find((c) => c.startsWith('futile_oauth='))
      ?.split(';')[0]
      .slice(13);
    expect(
      JSON.parse(app.unsignCookie(decodeURIComponent(foreignRaw as string)).value as string).returnTo,
    ).toBe('/');
  });

  it('only returns to a relative path, and refuses unavailable providers', async () => {
    const browser = new Browser();
    const started = await browser.request(
      `${appOrigin}/api/account/oauth/start.php?provider=google&redirect=https%3A%2F%2Fevil.example`,
    );
    const pending = app.unsignCookie(decodeURIComponent(browser.cookie(appOrigin, 'futile_oauth') as string));
    expect(JSON.parse(pending.value as string).returnTo).toBe('/');
    expect(started.status).toBe(302);
    const facebook = await browser.request(
      `${appOrigin}/api/account/oauth/start.php?provider=facebook&redirect=%2Frace`,
    );
    expect(facebook.location).toBe(`${appOrigin}/race?signin_error=provider_unavailable`);
    const microsoft = await browser.request(
      `${appOrigin}/api/account/oauth/start.php?provider=microsoft&redirect=%2F`,
    );
    expect(microsoft.location).toBe(`${appOrigin}/?signin_error=provider_unavailable`);
  });
});
