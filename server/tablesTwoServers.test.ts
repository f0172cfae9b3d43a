/**
 * Crit Happens tables across two app servers: separate processes (`server/main.ts`) on one
 * database (PostgreSQL when TEST_DATABASE_URL is set, else one SQLite file) and, with
 * TEST_REDIS_URL, one Redis. Members connected to different servers share every roll.
 * Without Redis each server keeps its own tables, as the README says: a table opened on
 * one is unknown to the other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../src/api/schemas/tables.ts';
import { type ChildServer as Server, startServer, stopServer } from './test/childServer.ts';
import { dropRedisKeys, dropSchema } from './test/cleanup.ts';
import { TableMembers } from './test/tableClient.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const run = crypto.randomBytes(5).toString('hex');
const schema = `tables_${run}`;
const redisPrefix = `futile-test-${run}:`;

async function openTable(server: Server): Promise<string> {
  const res = await fetch(`${server.url}/api/tables/create.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { table: { id: string } }).table.id;
}

describe(`tables on two app servers (${PG_URL ? 'PostgreSQL' : 'SQLite'}${REDIS_URL ? ', Redis' : ', no Redis'})`, () => {
  let a: Server;
  let b: Server;
  let dir: string | null = null;
  const connected = new TableMembers();
  const member = (server: Server, tableId: string, secret?: string) =>
    connected.connect(server.url, tableId, secret);

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (PG_URL) {
      env.DATABASE_URL = PG_URL;
      env.DATABASE_SCHEMA = schema;
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-tables-'));
      env.DATABASE_URL = path.join(dir, 'shared.sqlite');
    }
    env.REDIS_URL = REDIS_URL ?? '';
    if (REDIS_URL) env.REDIS_PREFIX = redisPrefix;
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    connected.closeAll();
    await Promise.all([stopServer(a), stopServer(b)]);
    if (PG_URL) await dropSchema(PG_URL, schema);
    if (REDIS_URL) await dropRedisKeys(REDIS_URL, redisPrefix);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  if (!REDIS_URL) {
    it('without Redis a table lives on the server that opened it only', async () => {
      const id = await openTable(a);
      await member(a, id).join('Ana');
      const elsewhere = member(b, id);
      await elsewhere.opened;
      elsewhere.send({ type: 'join', name: 'Bo', secret: elsewhere.secret });
      expect((await elsewhere.waitForClose()).code).toBe(CLOSE.tableMissing);
    });
    return;
  }

  it('members on different servers see each other’s rolls, in the same order', async () => {
    const id = await openTable(a);
    const onA = member(a, id);
    const onB = member(b, id);
    await onA.join('Ana');
    const welcome = await onB.join('Bo');
    expect(welcome.members.map((m) => m.name)).toEqual(['Ana', 'Bo']);
    await onA.waitFor((m) => m.type === 'members' && m.members.length === 2);
    for (let i = 0; i < 10; i++) (i % 2 ? onA : onB).roll(i % 2 ? 'd20' : '2d6');
    const seenOnA = await onA.waitForRolls(10);
    const seenOnB = await onB.waitForRolls(10);
    const strip = ({ key: _key, ...rest }: (typeof seenOnA)[number]) => rest;
    expect(seenOnA.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seenOnB.map(strip)).toEqual(seenOnA.map(strip));
    expect(seenOnB.filter((r) => r.by.name === 'Ana').every((r) => r.notation === 'd20')).toBe(true);
    // A late joiner on either server gets the same history.
    const late = member(a, id);
    expect((await late.join('Cy')).rolls.map(strip)).toEqual(seenOnA.map(strip));
  });

  it('refuses a forged roll that brings its own faces', async () => {
    const id = await openTable(b);
    const cheat = member(a, id);
    const watcher = member(b, id);
    await cheat.join('Cheat');
    await watcher.join('Watcher');
    cheat.send({
      type: 'roll',
      key: 'forged-roll-2',
      notation: 'd20',
      mode: 'normal',
      private: false,
      seed: 1,
      faces: [20],
    });
    expect((await cheat.waitForClose()).code).toBe(CLOSE.invalidMessage);
    watcher.roll('d4');
    const rolls = await watcher.waitForRolls(1);
    expect(rolls).toHaveLength(1);
    expect(rolls[0]).toMatchObject({ seq: 1, notation: 'd4' });
  });

  it('a private roll’s faces reach no other member, on either server', async () => {
    const id = await openTable(a);
    const roller = member(a, id);
    const sameServer = member(a, id);
    const otherServer = member(b, id);
    await roller.join('Ana');
    await sameServer.join('Bo');
    await otherServer.join('Cy');
    roller.roll('4d6kh3', { private: true });
    const [own] = await roller.waitForRolls(1);
    expect(own.faces).toHaveLength(4);
    await sameServer.waitForRolls(1);
    await otherServer.waitForRolls(1);
    const lateOnB = member(b, id);
    await lateOnB.join('Dee');
    for (const c of [sameServer, otherServer, lateOnB]) {
      for (const text of c.raw) expect(text).not.toMatch(/"faces"|"seed"|"total"|"notation"|"key"/);
      expect(c.rolls()).toEqual([{ seq: 1, by: own.by, at: own.at, private: true }]);
    }
  });

  it('a dropped member rejoins on the other server and gets the missed rolls once, in order', async () => {
    const id = await openTable(a);
    const ana = member(a, id);
    const bo = member(a, id);
    await ana.join('Ana');
    await bo.join('Bo');
    ana.roll('d6');
    await bo.waitForRolls(1);
    bo.socket.terminate();
    await bo.waitForClose();
    for (const n of ['d8', 'd10', 'd12']) ana.roll(n);
    await ana.waitForRolls(4);
    const back = member(b, id, bo.secret);
    const welcome = await back.join('Bo', 1);
    expect(welcome.rolls.map((r) => [r.seq, r.notation])).toEqual([
      [2, 'd8'],
      [3, 'd10'],
      [4, 'd12'],
    ]);
    ana.roll('d2');
    await back.waitForRolls(4);
    await new Promise((r) => setTimeout(r, 200));
    expect(back.rolls().map((r) => r.seq)).toEqual([2, 3, 4, 5]);
  });

  it('a roll retried on the other server (same key) is not rolled twice', async () => {
    const id = await openTable(b);
    const ana = member(a, id);
    const watcher = member(b, id);
    await ana.join('Ana');
    await watcher.join('Bo');
    const key = ana.roll('d20');
    const [first] = await ana.waitForRolls(1);
    ana.socket.terminate();
    await ana.waitForClose();
    const retry = member(b, id, ana.secret);
    await retry.join('Ana', 1);
    retry.roll('d20', { key });
    const [again] = await retry.waitForRolls(1);
    expect(again).toEqual(first);
    retry.roll('d6');
    const seen = await watcher.waitForRolls(2);
    expect(seen.map((r) => [r.seq, r.notation])).toEqual([
      [1, 'd20'],
      [2, 'd6'],
    ]);
  });
});
