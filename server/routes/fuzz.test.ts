import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, devSignIn, type TestApp, testDialects } from '../test/harness.ts';

/** Every call of platform §7 and games §7 (and ours), by method. */
const CALLS: ['GET' | 'POST' | 'DELETE', string][] = [
  ['GET', '/api/account/validate.php'],
  ['POST', '/api/account/logout.php'],
  ['POST', '/api/account/profile.php'],
  ['GET', '/api/account/providers.php'],
  ['POST', '/api/account/delete.php'],
  ['GET', '/api/account/dev_login.php'],
  ['GET', '/api/account/oauth/start.php'],
  ['GET', '/api/account/oauth/callback.php'],
  ['POST', '/api/saves/save.php'],
  ['GET', '/api/saves/get.php'],
  ['GET', '/api/saves/list.php'],
  ['DELETE', '/api/saves/delete.php'],
  ['GET', '/api/scores/get.php'],
  ['POST', '/api/scores/submit.php'],
  ['POST', '/api/scores/ticket.php'],
  ['GET', '/api/scores/test.php'],
  ['GET', '/api/scores/manage.php'],
  ['POST', '/api/scores/manage.php'],
  ['DELETE', '/api/scores/manage.php'],
  ['POST', '/api/tracks/store.php'],
  ['GET', '/api/tracks/get.php'],
  ['GET', '/api/tracks/rate.php'],
  ['POST', '/api/tracks/rate.php'],
  ['GET', '/api/tracks/admin.php'],
  ['GET', '/api/tracks/manage.php'],
  ['DELETE', '/api/tracks/manage.php'],
  ['POST', '/api/auth/login.php'],
  ['GET', '/api/auth/validate.php'],
  ['POST', '/api/auth/logout.php'],
  ['GET', '/api/account/admin/users.php'],
  ['POST', '/api/account/admin/toggle_active.php'],
  ['POST', '/api/account/admin/toggle_admin.php'],
  ['GET', '/api/admin/audit.php'],
];

/** Field names the calls know, so the bodies often get past the first check. */
const FIELD = fc.constantFrom(
  'appId',
  'key',
  'data',
  'ifMatch',
  'id',
  'game_id',
  'player_name',
  'score',
  'duration',
  'metadata',
  'level_or_mode',
  'user_id',
  'run',
  'ticket',
  'inputs',
  'v',
  'path',
  'b',
  'originalAspectRatio',
  'timestamp',
  'hash',
  'rating',
  'username',
  'password',
  'totp',
  'userId',
  'isActive',
  'isAdmin',
  'revokeSessions',
  'displayName',
  'display_name',
  'score_type',
  'sort_order',
  'page',
  'limit',
  'offset',
  'q',
  'score_id',
  'as',
  'redirect',
  'provider',
  'code',
  'state',
);
const VALUE = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    'whac-a-moji',
    'lunar-lander',
    'synth',
    '*',
    '',
    ' ',
    '<b>',
    '1e309',
    'NaN',
    '-1',
    'M 0 0 L 1 1',
    'db_x',
  ),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 300 }),
  // Any code unit, NUL and lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 60 }),
);
const BODY = fc.oneof(
  fc.dictionary(FIELD, VALUE, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant(''),
);
const QUERY = fc
  .dictionary(
    FIELD,
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer().map(String),
      fc.constantFrom('-1', '1e9', '0', 'db_', '%'),
    ),
    {
      maxKeys: 5,
    },
  )
  .map((o) => new URLSearchParams(o).toString());
const CONTENT_TYPE = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

describe.each(testDialects)('random and malformed requests never answer 5xx (%s)', (dialect) => {
  let t: TestApp;
  let cookies: (string | undefined)[];
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
    cookies = [undefined, await devSignIn(t.app, 'user'), await devSignIn(t.app, 'admin')];
  });
  afterAll(async () => t?.close());

  it('fires random bodies and queries at every call', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`server fuzz seed (${dialect}): ${seed} — rerun with FUZZ_SEED=${seed}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS),
        QUERY,
        BODY,
        CONTENT_TYPE,
        fc.integer({ min: 0, max: 2 }),
        async ([method, path], query, body, contentType, who) => {
          const headers: Record<string, string> = {};
          if (contentType && method !== 'GET') headers['content-type'] = contentType;
          const cookie = cookies[who];
          if (cookie) headers.cookie = cookie;
          const res = await t.app.inject({
            method,
            url: query ? `${path}?${query}` : path,
            headers,
            payload: method === 'GET' ? undefined : body,
          });
          if (res.statusCode >= 500)
            throw new Error(
              `${method} ${path}?${query} ${body.slice(0, 200)} → ${res.statusCode} ${res.body}`,
            );
          if (res.statusCode >= 400) {
            const answer = res.json();
            expect(answer.success).toBe(false);
            expect(typeof answer.error).toBe('string');
            expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
          }
        },
      ),
      { seed, numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
    );
  });

  it('a few crafted inputs that once looked risky', async () => {
    const admin = cookies[2];
    const probes: [Parameters<typeof call>[1], string, unknown][] = [
      ['POST', '/api/saves/save.php', { appId: 'synth', key: 'k', data: { a: '\u0000' } }],
      ['POST', '/api/scores/submit.php', { game_id: 'whac-a-moji', player_name: 'x', score: 1e308 }],
      [
        'POST',
        '/api/scores/submit.php',
        { game_id: 'whac-a-moji', player_name: 'x', score: 1, run: { ticket: '.', inputs: null } },
      ],
      [
        'POST',
        '/api/scores/submit.php',
        { game_id: 'whac-a-moji', player_name: 'x', score: 1, metadata: { a: [1, { b: 2 }] } },
      ],
      [
        'POST',
        '/api/tracks/store.php',
        { v: 3, path: `M ${'1 '.repeat(40_000)}`, b: 4, originalAspectRatio: 1, timestamp: 0 },
      ],
      ['GET', '/api/account/admin/users.php?q=%25_%5C', undefined],
      ['GET', '/api/account/admin/users.php?q=a%00b', undefined],
      ['POST', '/api/scores/submit.php', { game_id: 'whac-a-moji', player_name: 'a\u0000b', score: 1 }],
      ['POST', '/api/account/profile.php', { displayName: 'a\u0000b' }],
      ['POST', '/api/saves/save.php', { appId: 'synth', key: 'k\u0000', data: 1 }],
      ['GET', '/api/saves/get.php?appId=synth&key=%00', undefined],
      ['POST', '/api/auth/login.php', { username: 'a\u0000', password: 'b\u0000' }],
      ['GET', '/api/scores/manage.php?game_id=whac-a-moji&player_name=%25', undefined],
    ];
    for (const [method, url, body] of probes) {
      const res = await call(t.app, method, url, { cookie: admin, body });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
