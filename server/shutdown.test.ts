/**
 * Graceful shutdown of a real server process (`server/main.ts`): on SIGTERM it stops
 * accepting connections, finishes the request in flight (a save whose body is still
 * arriving), closes the database and exits 0; a request that never finishes is cut after
 * SHUTDOWN_TIMEOUT_MS. On SQLite always, on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  devSignInOver,
  killServer,
  type ServerDatabase,
  serverDatabase,
  startServer,
} from './test/childServer.ts';
import { testDialects } from './test/harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** Status and body once answered; rejects if the connection is cut first. */
  answer: Promise<{ status: number; body: string }>;
}

/** A save whose body is sent in two parts: the first now, the rest when `finish` is called. */
function slowSave(server: ChildServer, cookie: string, data: unknown): SlowRequest {
  const body = Buffer.from(JSON.stringify({ appId: 'synth', key: 'slow', data }));
  const half = Math.floor(body.length / 2);
  const request = http.request(`${server.url}/api/saves/save.php`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      cookie,
      origin: server.url,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, half));
  return { finish: () => request.end(body.subarray(half)), answer };
}

describe.each(testDialects)('graceful shutdown on SIGTERM (%s)', (dialect) => {
  let server: ChildServer | undefined;
  let store: ServerDatabase | undefined;
  afterEach(async () => {
    await killServer(server);
    await store?.drop();
  });

  it('stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    store = serverDatabase(dialect, 'shutdown');
    server = await startServer({ ...store.env, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '20000' });
    const cookie = await devSignInOver(server.url);
    const data = { steps: Array.from({ length: 200 }, (_, i) => i), note: 'sent across a SIGTERM' };
    const slow = slowSave(server, cookie, data);
    // Let the server take the headers and the first half: the request is now in flight.
    await sleep(300);
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused while the old one is still being served.
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      await sleep(50);
      refused = await fetch(`${server.url}/healthz`).then(
        () => false,
        () => true,
      );
    }
    expect(refused, 'the server still accepts connections after SIGTERM').toBe(true);
    expect(server.child.exitCode, 'the server exited with a request in flight').toBeNull();
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(200);
    const saved = JSON.parse(answer.body);
    expect(saved).toMatchObject({ success: true, version: 1 });
    const { code, signal } = await server.exited;
    expect({ code, signal }, server.output.join('')).toEqual({ code: 0, signal: null });
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    const log = server.output.join('');
    expect(log).toContain('shutting down: finishing requests in flight');
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('cutting requests still in flight');

    // The acknowledged save is there after a restart, and on SQLite the database was closed
    // cleanly: the last connection's close checkpoints the WAL and removes it.
    if (store.file) {
      expect(fs.existsSync(`${store.file}-wal`), 'the WAL is left behind: database not closed').toBe(false);
      const db = new SQLite(store.file, { readonly: true });
      const row = db.prepare(`select data, etag from saves where key = 'slow'`).get() as {
        data: string;
        etag: string;
      };
      db.close();
      expect(JSON.parse(row.data)).toEqual(data);
      expect(row.etag).toBe(saved.etag);
    }
    server = await startServer(store.env);
    const got = await fetch(`${server.url}/api/saves/get.php?appId=synth&key=slow`, { headers: { cookie } });
    expect(await got.json()).toMatchObject({ success: true, save: { data, etag: saved.etag } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('cuts a request that never finishes after SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    store = serverDatabase(dialect, 'shutdown');
    server = await startServer({ ...store.env, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '1000' });
    const cookie = await devSignInOver(server.url);
    const slow = slowSave(server, cookie, { never: 'finished' });
    const cut = slow.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await sleep(300);
    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    const took = Date.now() - sentAt;
    expect({ code, signal }, server.output.join('')).toEqual({ code: 0, signal: null });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(6000);
    expect(await cut).toBe('cut');
    expect(server.output.join('')).toContain('cutting requests still in flight');
  }, 60_000);
});
