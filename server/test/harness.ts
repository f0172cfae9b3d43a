import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createRng } from '../../src/lib/pure/rng.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { runVerifiers } from '../runs/verifiers.ts';

/**
 * Real databases for the server suites: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set. Each call gets a fresh SQLite file or its own
 * PostgreSQL schema, so parallel test files never collide; cleanup drops it.
 */
export interface TestDatabase {
  database: Db;
  cleanup(): Promise<void>;
}

export const testDialects: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export async function createTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    // Same pragmas as production (WAL, synchronous=FULL); in memory-backed /dev/shm when
    // there is one, so the suites don't wait on disk flushes.
    const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
    const dir = fs.mkdtempSync(path.join(base, 'futile-db-'));
    const database = connectDatabase(path.join(dir, 'test.sqlite'));
    await migrateToLatest(database.db, database.dialect);
    return {
      database,
      async cleanup() {
        await database.writes?.close();
        await database.db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = connectDatabase(url, { schema, poolSize: 12 });
  await migrateToLatest(database.db, database.dialect, schema);
  return {
    database,
    async cleanup() {
      await database.db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** A users row for tests that insert one directly (an active player, no admin). */
export const userRow = (id: string) => ({
  id,
  display_name: id,
  email: null,
  avatar_url: null,
  is_admin: 0,
  is_active: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
});

/** The engines' seeded generator, so a failing random run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  return createRng(seed).next;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ NODE_ENV: 'test' }), clientDir: null, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  database: Db;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<ServerConfig> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config: testConfig(overrides), database: testDb.database, checkResponses: true });
    await app.ready();
  } catch (err) {
    // A broken build must not leave its schema or file behind.
    await testDb.cleanup();
    throw err;
  }
  return {
    app,
    database: testDb.database,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}

/** A suite's app and the session cookies of the members its tests act as. */
export interface SuiteApp extends TestApp {
  /** Cookie of the dev sign-in as an ordinary user (when `signIn` names it). */
  user: string;
  /** Cookie of the dev sign-in as an admin (when `signIn` names it). */
  admin: string;
}

/**
 * The app of the describe block it is called in: built before the block's tests, with the
 * members of `signIn` signed in (in that order) and `setup` run, and closed after them.
 * Its fields are there from the block's first test on.
 */
export function suiteApp(
  dialect: 'sqlite' | 'postgres',
  options: {
    config?: Partial<ServerConfig>;
    signIn?: readonly ('user' | 'admin')[];
    setup?: (t: SuiteApp) => Promise<void>;
  } = {},
): SuiteApp {
  const suite = {} as SuiteApp;
  beforeAll(async () => {
    Object.assign(suite, await createTestApp(dialect, options.config));
    for (const as of options.signIn ?? []) suite[as] = await devSignIn(suite.app, as);
    await options.setup?.(suite);
  });
  afterAll(async () => suite.close?.());
  return suite;
}

/** The value of a Set-Cookie header by name, or null. */
export function cookieFrom(res: LightMyRequestResponse, name: string): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  for (const line of list) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return null;
}

/** Signs in through dev_login.php (loopback, not production) and returns the session cookie header. */
export async function devSignIn(app: FastifyInstance, as: 'admin' | 'user'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/account/dev_login.php?as=${as}&redirect=/` });
  const value = cookieFrom(res, 'futile_session');
  if (res.statusCode !== 302 || !value) throw new Error(`dev sign-in failed: ${res.statusCode} ${res.body}`);
  return `futile_session=${value}`;
}

/** inject with a JSON body and an optional cookie. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url, headers: { ...options.headers } };
  if (options.cookie) (request.headers as Record<string, string>).cookie = options.cookie;
  if (options.body !== undefined) {
    (request.headers as Record<string, string>)['content-type'] = 'application/json';
    request.payload = JSON.stringify(options.body);
  }
  return app.inject(request);
}

/**
 * Registers a replayable game for the ticket tests, `gameId`, whose verifier scores a run as
 * the sum of its inputs (integers) plus seed % 7, and returns a `setup` that gives it a board
 * (points, highest first) named `displayName`.
 */
export function sumReplayGame(gameId: string, displayName: string): (t: TestApp) => Promise<void> {
  runVerifiers[gameId] = (seed, inputs) => {
    if (!Array.isArray(inputs) || !inputs.every((n) => Number.isInteger(n))) return null;
    return { score: inputs.reduce((a: number, b: number) => a + b, 0) + (seed % 7) };
  };
  return async (t) => {
    await t.app.repos.scores.setConfig({
      game_id: gameId,
      display_name: displayName,
      score_type: 'points',
      sort_order: 'DESC',
    });
  };
}
