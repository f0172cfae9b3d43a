/**
 * Crit Happens tables on one server: real sockets to a listening app, with the tables in
 * memory and, when TEST_REDIS_URL is set, in Redis too. Every message a member receives is
 * kept, so the tests can check what it was never sent.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE,
  HISTORY_LENGTH,
  MAX_MEMBERS,
  MAX_MESSAGE_BYTES,
  MAX_ROLLS_PER_MINUTE,
  MAX_TABLES_PER_HOUR,
} from '../../src/api/schemas/tables.ts';
import { dropRedisKeys } from '../test/cleanup.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { TableClient, TableMembers } from '../test/tableClient.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const stores: ('memory' | 'redis')[] = REDIS_URL ? ['memory', 'redis'] : ['memory'];

describe.each(stores)('tables on one server (%s)', (storeKind) => {
  let t: TestApp;
  let base: string;
  const connected = new TableMembers();
  const redisPrefix = `futile-test-${crypto.randomBytes(5).toString('hex')}:`;

  const member = (tableId: string, secret?: string) => connected.connect(base, tableId, secret);

  /** A new table that Ana, then Bo, have joined. */
  async function anaAndBo(): Promise<{ id: string; ana: TableClient; bo: TableClient }> {
    const id = await createTable();
    const ana = member(id);
    const bo = member(id);
    await ana.join('Ana');
    await bo.join('Bo');
    return { id, ana, bo };
  }

  async function createTable(from = '127.0.0.1'): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tables/create.php',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      payload: '{}',
      remoteAddress: from,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; table: { id: string } };
    expect(body.success).toBe(true);
    return body.table.id;
  }

  beforeAll(async () => {
    const redis = storeKind === 'redis' ? { redisUrl: REDIS_URL ?? null, redisPrefix } : {};
    t = await createTestApp('sqlite', { rateLimits: true, ...redis });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    connected.closeAll();
    await t?.close();
    if (storeKind === 'redis' && REDIS_URL) await dropRedisKeys(REDIS_URL, redisPrefix);
  });

  it('opens a table with an unguessable id and tells whether it exists', async () => {
    const id = await createTable();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const found = await t.app.inject({ method: 'GET', url: `/api/tables/get.php?table=${id}` });
    expect(found.json()).toEqual({ success: true, table: { id, members: 0 } });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/tables/get.php?table=AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/does not exist/);
    if (storeKind === 'redis') {
      // Gone after 24 hours idle: Redis expires it (every join and roll pushes that back).
      const redis = new Redis(REDIS_URL as string);
      const ttl = await redis.ttl(`${redisPrefix}table:{${id}}`);
      redis.disconnect();
      expect(ttl).toBeGreaterThan(86_000);
      expect(ttl).toBeLessThanOrEqual(86_400);
    }
  });

  it('a roll is decided by the server and reaches every member with the same faces and seed', async () => {
    const id = await createTable();
    const ana = member(id);
    const bo = member(id);
    await ana.join('Ana');
    const welcome = await bo.join('Bo');
    expect(welcome.members.map((m) => m.name)).toEqual(['Ana', 'Bo']);
    await ana.waitFor((m) => m.type === 'members' && m.members.length === 2);
    const key = ana.roll('2d20+3', { mode: 'advantage' });
    const [forAna] = await ana.waitForRolls(1);
    const [forBo] = await bo.waitForRolls(1);
    expect(forAna.key).toBe(key);
    expect(forBo.key).toBeUndefined();
    const { key: _k, ...shared } = forAna;
    expect(forBo).toEqual(shared);
    expect(forBo).toMatchObject({ seq: 1, by: { name: 'Ana' }, notation: '2d20+3', mode: 'advantage' });
    expect(forBo.faces).toHaveLength(2);
    expect(forBo.total).toBe(Math.max(...forBo.faces!) + 3);
    expect(forBo.seed).toBeGreaterThan(0);
  });

  it('refuses a forged roll that carries its own faces, closing with the reason', async () => {
    const id = await createTable();
    const cheat = member(id);
    await cheat.join('Cheat');
    cheat.send({
      type: 'roll',
      key: 'forged-roll-1',
      notation: 'd20',
      mode: 'normal',
      private: false,
      faces: [20],
    });
    const closed = await cheat.waitForClose();
    expect(closed).toEqual({
      code: CLOSE.invalidMessage,
      reason: 'Invalid roll message: unexpected field "faces"',
    });
    expect(cheat.rolls()).toEqual([]);
  });

  it('closes on unknown, malformed and oversized messages with a clear reason', async () => {
    const id = await createTable();
    const unknown = member(id);
    await unknown.opened;
    unknown.send({ type: 'cheat' });
    expect(await unknown.waitForClose()).toEqual({
      code: CLOSE.invalidMessage,
      reason: 'Unknown message type "cheat": expected join or roll',
    });
    const notJson = member(id);
    await notJson.opened;
    notJson.send('{nope');
    expect((await notJson.waitForClose()).reason).toBe('Invalid message: not JSON');
    const badName = member(id);
    await badName.opened;
    badName.send({ type: 'join', name: '', secret: badName.secret });
    expect((await badName.waitForClose()).reason).toMatch(/^Invalid join message: name /);
    const big = member(id);
    await big.join('Big');
    big.send({
      type: 'roll',
      key: 'big-message',
      notation: 'x'.repeat(MAX_MESSAGE_BYTES),
      mode: 'normal',
      private: false,
    });
    expect(await big.waitForClose()).toEqual({
      code: CLOSE.tooLarge,
      reason: `Message too large: at most ${MAX_MESSAGE_BYTES} bytes`,
    });
  });

  it('refuses notation that does not read, keeping the socket open', async () => {
    const id = await createTable();
    const ana = member(id);
    await ana.join('Ana');
    const key = ana.roll('2d7');
    const refused = await ana.waitFor((m) => m.type === 'refused');
    expect(refused).toMatchObject({ key, code: 'INVALID_ROLL', error: expect.stringMatching(/no d7/) });
    ana.roll('d6');
    await ana.waitForRolls(1);
  });

  it('a private roll shows its faces to the roller only; the others learn only that a roll was made', async () => {
    const { id, ana, bo } = await anaAndBo();
    ana.roll('3d6', { private: true });
    const [mine] = await ana.waitForRolls(1);
    expect(mine.faces).toHaveLength(3);
    const [theirs] = await bo.waitForRolls(1);
    expect(theirs).toEqual({ seq: 1, by: mine.by, at: mine.at, private: true });
    // A late joiner's history hides them too; every frame Bo and Cy got is checked.
    const cy = member(id);
    await cy.join('Cy');
    for (const text of [...bo.raw, ...cy.raw]) {
      expect(text).not.toMatch(/"faces"|"seed"|"total"|"notation"|"key"/);
    }
    // The roller sees them again after a reconnect (same secret, same member).
    const again = member(id, ana.secret);
    const welcome = await again.join('Ana');
    expect(welcome.rolls[0].faces).toEqual(mine.faces);
  });

  it('a late joiner gets the last rolls of the history in order', async () => {
    const { id, ana, bo } = await anaAndBo();
    // Two rollers, to stay under the per-member limit.
    const total = HISTORY_LENGTH + 5;
    for (let i = 0; i < total; i++) (i % 2 ? ana : bo).roll('d4');
    await ana.waitForRolls(total, 20_000);
    const late = member(id);
    const welcome = await late.join('Late');
    expect(welcome.rolls.map((r) => r.seq)).toEqual(
      Array.from({ length: HISTORY_LENGTH }, (_, i) => total - HISTORY_LENGTH + 1 + i),
    );
  });

  it('a retried roll (same key) is not rolled twice', async () => {
    const { ana, bo } = await anaAndBo();
    const key = ana.roll('d20');
    ana.roll('d20', { key });
    const retried = await ana.waitForRolls(2);
    expect(retried[1]).toEqual(retried[0]);
    ana.roll('d8');
    const later = await bo.waitForRolls(2);
    expect(later.map((r) => r.seq)).toEqual([1, 2]);
    expect(later[1].notation).toBe('d8');
  });

  it('a reconnect with the last seen seq gets the missed rolls once, in order', async () => {
    const { id, ana, bo } = await anaAndBo();
    ana.roll('d6');
    await bo.waitForRolls(1);
    bo.socket.terminate();
    await bo.waitForClose();
    for (const n of ['d8', 'd10', 'd12']) ana.roll(n);
    await ana.waitForRolls(4);
    const back = member(id, bo.secret);
    const welcome = await back.join('Bo', 1);
    expect(welcome.rolls.map((r) => [r.seq, r.notation])).toEqual([
      [2, 'd8'],
      [3, 'd10'],
      [4, 'd12'],
    ]);
    ana.roll('d2');
    await back.waitForRolls(4);
    expect(back.rolls().map((r) => r.seq)).toEqual([2, 3, 4, 5]);
  });

  it(`a table holds ${MAX_MEMBERS} members; the next is refused with a clear reason`, async () => {
    const id = await createTable();
    const members = Array.from({ length: MAX_MEMBERS }, () => member(id));
    for (const [i, m] of members.entries()) await m.join(`P${i}`);
    // The same member in a second tab still fits.
    await member(id, members[0].secret).join('P0');
    const extra = member(id);
    await extra.opened;
    extra.send({ type: 'join', name: 'Extra', secret: extra.secret });
    expect(await extra.waitForClose()).toEqual({
      code: CLOSE.tableFull,
      reason: `This table is full: at most ${MAX_MEMBERS} members`,
    });
  });

  it(`a member may roll ${MAX_ROLLS_PER_MINUTE} times a minute; past that, a clear refusal`, async () => {
    const id = await createTable();
    const ana = member(id);
    await ana.join('Ana');
    // Near a minute's end the window resets mid-test: wait it out.
    if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_500 - (Date.now() % 60_000)));
    for (let i = 0; i <= MAX_ROLLS_PER_MINUTE; i++) ana.roll('d2');
    const refused = await ana.waitFor((m) => m.type === 'refused', 20_000);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many rolls: at most 60 a minute; try again in \d+ seconds$/),
    });
    expect(ana.rolls()).toHaveLength(MAX_ROLLS_PER_MINUTE);
  }, 80_000);

  it(`an address may open ${MAX_TABLES_PER_HOUR} tables an hour`, async () => {
    const from = '10.9.8.7';
    for (let i = 0; i < MAX_TABLES_PER_HOUR; i++) await createTable(from);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tables/create.php',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: from,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many requests; try again in/);
  });

  it('closes a socket for a missing table, and one that never joins', async () => {
    const missing = member('AAAAAAAAAAAAAAAAAAAAAA');
    await missing.opened;
    missing.send({ type: 'join', name: 'Lost', secret: missing.secret });
    expect(await missing.waitForClose()).toEqual({
      code: CLOSE.tableMissing,
      reason: 'This table does not exist or has expired (24 hours idle)',
    });
  });

  it('counts connections, tables and rolls on /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/^futile_table_connections \d+$/m);
    expect(res.body).toMatch(/^futile_tables_open \d+$/m);
    expect(res.body).toMatch(/^futile_table_rolls_total\{visibility="public"\} [1-9]\d*$/m);
    expect(res.body).toMatch(/^futile_table_rolls_total\{visibility="private"\} [1-9]\d*$/m);
  });

  it('documents the HTTP calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/tables/create.php', '/api/tables/get.php']),
    );
  });

  it('closing the server closes every socket with the reconnect hint', async () => {
    const other = await createTestApp(
      'sqlite',
      storeKind === 'redis' ? { redisUrl: REDIS_URL ?? null, redisPrefix } : {},
    );
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/tables/create.php',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      const c = new TableClient(url, res.json().table.id);
      await c.join('Ana');
      const closing = other.app.close();
      expect(await c.waitForClose()).toEqual({ code: CLOSE.restart, reason: 'Server restarting: reconnect' });
      await closing;
    } finally {
      await other.close().catch(() => {});
    }
  });
});
