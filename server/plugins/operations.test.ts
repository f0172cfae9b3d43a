import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/connect.ts';
import {
  call,
  createTestApp,
  createTestDatabase,
  devSignIn,
  type TestApp,
  testConfig,
  testDialects,
} from '../test/harness.ts';

/** Busy-waits on the main thread: what a saturated CPU does to the event loop. */
function hog(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDialects)('operations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: 'operator-token-0123456789' });
  });
  afterAll(async () => t?.close());

  it('/healthz and /readyz answer 200 while the database answers', async () => {
    const health = await call(t.app, 'GET', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ success: true, status: 'up' });
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, status: 'ready' });
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/readyz answers 503 when the database is gone, /healthz still 200', async () => {
    const testDb = await createTestDatabase(dialect);
    const app = await buildApp({ config: testConfig(), database: testDb.database });
    await app.ready();
    await testDb.cleanup();
    expect((await call(app, 'GET', '/readyz')).statusCode).toBe(503);
    expect((await call(app, 'GET', '/healthz')).statusCode).toBe(200);
    await app.close();
  });

  it('/metrics needs the token and counts requests per route, database time and event-loop lag', async () => {
    await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji');
    await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji');
    await call(t.app, 'GET', '/api/nope');
    expect((await call(t.app, 'GET', '/metrics')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } }))
        .statusCode,
    ).toBe(401);
    const res = await call(t.app, 'GET', '/metrics', {
      headers: { authorization: 'Bearer operator-token-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /futile_http_requests_total\{method="GET",route="\/api\/scores\/get.php",status_code="200"\} 2\b/,
    );
    expect(text).toMatch(
      /futile_http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1\b/,
    );
    expect(text).toMatch(
      /futile_http_request_duration_seconds_count\{method="GET",route="\/api\/scores\/get.php"\} 2\b/,
    );
    // Buckets are cumulative and end at +Inf with the count; the sum is in seconds.
    expect(text).toMatch(
      /futile_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/scores\/get.php"\} 2\b/,
    );
    expect(text).toMatch(
      /futile_http_request_duration_seconds_bucket\{le="5",method="GET",route="\/api\/scores\/get.php"\} 2\b/,
    );
    expect(text).toMatch(/# TYPE futile_http_request_duration_seconds histogram/);
    expect(text).toMatch(/# TYPE futile_http_requests_total counter/);
    expect(text).toMatch(
      /futile_http_request_duration_seconds_sum\{method="GET",route="\/api\/scores\/get.php"\} 0\.\d+/,
    );
    expect(text).toMatch(
      new RegExp(
        `futile_db_query_duration_seconds_count\\{dialect="${dialect}",operation="select",outcome="ok"\\} [1-9]`,
      ),
    );
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('in production /metrics is off without a token', async () => {
    const testDb = await createTestDatabase(dialect);
    const app = await buildApp({
      config: testConfig({ production: true, metricsToken: null }),
      database: testDb.database,
    });
    try {
      await app.ready();
      expect((await call(app, 'GET', '/metrics')).statusCode).toBe(404);
      // And no OpenAPI document in production.
      expect((await call(app, 'GET', '/api/openapi.json')).statusCode).toBe(404);
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });

  it('serves an OpenAPI document made from the route schemas in development', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const save = doc.paths['/api/saves/save.php'].post;
    expect(save.requestBody.content['application/json'].schema.required).toEqual(['appId', 'key', 'data']);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });
});

describe('overload', () => {
  let t: TestApp;
  let hogTimer: NodeJS.Timeout | null = null;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { overloadMaxLagMs: 30, overloadRetryAfter: 7 });
  });
  afterAll(async () => {
    if (hogTimer) clearInterval(hogTimer);
    await t?.close();
  });

  it('answers 503 with Retry-After while the event loop lags, and recovers', async () => {
    const url = '/api/scores/get.php?game_id=whac-a-moji';
    expect((await call(t.app, 'GET', url)).statusCode).toBe(200);
    // Saturate the loop: 150 ms of work every 160 ms, like a flood of CPU-heavy requests.
    hogTimer = setInterval(() => hog(150), 160);
    let shed = null;
    for (let i = 0; i < 100 && !shed; i++) {
      const res = await call(t.app, 'GET', url);
      if (res.statusCode === 503) shed = res;
      else expect(res.statusCode).toBe(200);
      await sleep(20);
    }
    expect(shed, 'the server never shed load').not.toBeNull();
    expect(shed?.headers['retry-after']).toBe('7');
    expect(shed?.json()).toEqual({ success: false, error: 'The server is busy; try again shortly' });
    // Probes still answer while overloaded.
    expect((await call(t.app, 'GET', '/healthz')).statusCode).toBe(200);
    clearInterval(hogTimer);
    hogTimer = null;
    let recovered = false;
    for (let i = 0; i < 100 && !recovered; i++) {
      await sleep(30);
      recovered = (await call(t.app, 'GET', url)).statusCode === 200;
    }
    expect(recovered).toBe(true);
  });
});

describe('logs', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  const lines: string[] = [];
  beforeAll(async () => {
    const testDb = await createTestDatabase('sqlite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ logLevel: 'info', metricsToken: 'operator-token-0123456789' }),
      database: testDb.database,
      logStream: stream,
    });
    await app.ready();
    cleanup = async () => {
      await app.close();
      await testDb.cleanup();
    };
  });
  afterAll(async () => cleanup?.());

  it('one structured line per request with id, user, route and latency; no secrets', async () => {
    const cookie = await devSignIn(app, 'user');
    const sessionToken = cookie.split('=')[1];
    const saved = await call(app, 'POST', '/api/saves/save.php', {
      cookie,
      body: { appId: 'synth', key: 'k', data: { n: 1 } },
      headers: { authorization: 'Bearer bearer-secret-abcdef' },
    });
    expect(saved.statusCode).toBe(200);
    await call(app, 'POST', '/api/auth/login.php', {
      body: { username: 'nobody', password: 'hunter2-password-secret', totp: '123456' },
    });
    await call(app, 'GET', '/api/account/oauth/callback.php?code=oauth-code-secret&state=oauth-state-secret');
    await call(app, 'GET', '/metrics', { headers: { authorization: 'Bearer operator-token-0123456789' } });
    await call(app, 'GET', '/metrics', { headers: { authorization: 'Bearer wrong-metrics-token-xyz' } });
    await sleep(50);
    const all = lines.join('\n');
    for (const secret of [
      sessionToken,
      'bearer-secret-abcdef',
      'hunter2-password-secret',
      'oauth-code-secret',
      'oauth-state-secret',
      'operator-token-0123456789',
      'wrong-metrics-token-xyz',
      'futile_session',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
    const entries = lines.map((l) => JSON.parse(l));
    const save = entries.find((e) => e.msg === 'request' && e.route === '/api/saves/save.php');
    expect(save).toMatchObject({
      method: 'POST',
      statusCode: 200,
      path: '/api/saves/save.php',
      reqId: saved.headers['x-request-id'],
    });
    expect(typeof save.userId).toBe('string');
    expect(save.userId.length).toBeGreaterThan(0);
    expect(typeof save.latencyMs).toBe('number');
    const login = entries.find((e) => e.msg === 'request' && e.route === '/api/auth/login.php');
    expect(login.userId).toBeUndefined();
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe.each(testDialects)('a saturated database answers 503 with Retry-After, quickly (%s)', (dialect) => {
  it('when no connection or lock comes free in time, and recovers when one does', async () => {
    const testDb = await createTestDatabase(dialect);
    // PostgreSQL: a pool of one connection that a query waits for at most 300 ms.
    const database =
      dialect === 'postgres'
        ? connectDatabase(process.env.TEST_DATABASE_URL as string, {
            schema: testDb.database.schema ?? undefined,
            poolSize: 1,
            queueTimeoutMs: 300,
          })
        : testDb.database;
    const app = await buildApp({ config: testConfig({ overloadRetryAfter: 3 }), database });
    let release = () => {};
    try {
      await app.ready();
      const cookie = await devSignIn(app, 'user');
      const save = () =>
        call(app, 'POST', '/api/saves/save.php', {
          cookie,
          body: { appId: 'synth', key: 'k', data: { n: 1 } },
        });
      const held = new Promise<void>((r) => {
        release = r;
      });
      let holding: Promise<unknown>;
      if (dialect === 'postgres') {
        // Take the only pooled connection and keep it.
        let taken = () => {};
        const took = new Promise<void>((r) => {
          taken = r;
        });
        holding = database.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          taken();
          await held;
        });
        await took;
      } else {
        // Another process holds SQLite's write lock (past the 5 s busy timeout).
        const other = new SQLite(database.file as string);
        other.exec('begin immediate');
        holding = held.then(() => {
          other.exec('rollback');
          other.close();
        });
      }
      const started = performance.now();
      const busy = await save();
      const took = performance.now() - started;
      expect(busy.statusCode, busy.body).toBe(503);
      expect(busy.headers['retry-after']).toBe('3');
      expect(busy.json()).toEqual({ success: false, error: 'The server is busy; try again shortly' });
      // Bounded: the pool wait (300 ms) or SQLite's busy timeout (5 s), not forever.
      expect(took).toBeLessThan(dialect === 'postgres' ? 3000 : 8000);
      release();
      await holding;
      expect((await save()).statusCode).toBe(200);
    } finally {
      release();
      await app.close();
      if (database !== testDb.database) await database.db.destroy();
      await testDb.cleanup();
    }
  }, 60_000);
});
