/**
 * Two app servers, one database: each a separate process (`server/main.ts`, nothing in
 * memory shared), on PostgreSQL when TEST_DATABASE_URL is set (its own schema), else on
 * one SQLite file. A session made on one is honoured by the other; with Redis
 * (TEST_REDIS_URL; CI sets it when Redis answers) a rate limit counts across both, and
 * without it each process counts alone, as the README says.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateResponse } from '../src/api/types.ts';
import { type ChildServer as Server, startServer, stopServer } from './test/childServer.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const run = crypto.randomBytes(5).toString('hex');
const schema = `two_${run}`;
const redisPrefix = `futile-test-${run}:`;

const adminLogin = (server: Server) =>
  fetch(`${server.url}/api/auth/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: `nobody-${crypto.randomUUID()}`, password: 'wrong password' }),
  });

describe(`two app servers on one ${PG_URL ? 'PostgreSQL' : 'SQLite file'}${REDIS_URL ? ' with Redis' : ' without Redis'}`, () => {
  let a: Server;
  let b: Server;
  let dir: string | null = null;

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (PG_URL) {
      env.DATABASE_URL = PG_URL;
      env.DATABASE_SCHEMA = schema;
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-two-'));
      env.DATABASE_URL = path.join(dir, 'shared.sqlite');
    }
    if (REDIS_URL) {
      env.REDIS_URL = REDIS_URL;
      env.REDIS_PREFIX = redisPrefix;
    } else {
      env.REDIS_URL = '';
    }
    // Both start at once: migrations and schema creation must settle the race themselves.
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    if (PG_URL) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    if (REDIS_URL) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a session made on one server is honoured by the other, and a sign-out on it ends it on both', async () => {
    const login = await fetch(`${a.url}/api/account/dev_login.php?as=user&redirect=/`, {
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/=/);
    const onB = (await (
      await fetch(`${b.url}/api/account/validate.php`, { headers: { cookie } })
    ).json()) as ValidateResponse;
    expect(onB, JSON.stringify(onB)).toMatchObject({ success: true, user: { id: expect.anything() } });
    const out = await fetch(`${b.url}/api/account/logout.php`, {
      method: 'POST',
      headers: { cookie, origin: b.url },
    });
    expect(out.status).toBe(200);
    const onA = (await (
      await fetch(`${a.url}/api/account/validate.php`, { headers: { cookie } })
    ).json()) as ValidateResponse;
    expect(onA.user).toBeNull();
  });

  it(
    REDIS_URL
      ? 'a rate limit counts requests to both servers'
      : 'without Redis each server counts its own requests',
    async () => {
      // Admin sign-in allows 10 attempts a minute per address; alternate between the servers.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await adminLogin(i % 2 === 0 ? a : b)).status);
      expect(statuses).toEqual(new Array(10).fill(401));
      const nextA = await adminLogin(a);
      const nextB = await adminLogin(b);
      if (REDIS_URL) {
        expect(nextA.status).toBe(429);
        expect(((await nextA.json()) as { error?: string }).error).toMatch(/Too many requests/);
        expect(nextB.status).toBe(429);
      } else {
        // Five each so far: both still answer.
        expect(nextA.status).toBe(401);
        expect(nextB.status).toBe(401);
      }
    },
  );
});
