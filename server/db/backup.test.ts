/**
 * `npm run backup` on a live SQLite database: a server process keeps writing saves while
 * the CLI copies the file; the copy passes integrity_check and holds every save that was
 * acknowledged before the backup started; restored (a server started on the copy), it
 * answers them through the API.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { SaveResponse } from '../../src/api/types.ts';
import {
  type ChildServer,
  devSignInOver,
  type ServerDatabase,
  serverDatabase,
  startServer,
} from '../test/childServer.ts';

const run = promisify(execFile);

function backupCli(databaseUrl: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

describe('npm run backup', () => {
  let store: ServerDatabase | undefined;
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    await store?.drop();
  });

  it('copies the SQLite database while the server writes; the restored copy has the data', async () => {
    store = serverDatabase('sqlite', 'backup');
    const file = store.file as string;
    const server = await startServer(store.env);
    servers.push(server);
    const cookie = await devSignInOver(server.url);
    const acked = new Map<string, { data: unknown; etag: string }>();
    let stop = false;
    // Two writers, each saving new keys one after another until told to stop.
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const key = `w${w}-${n}`;
        const data = { n, filler: 'x'.repeat(2000) };
        const res = await fetch(`${server.url}/api/saves/save.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: server.url },
          body: JSON.stringify({ appId: 'synth', key, data }),
        });
        expect(res.status).toBe(200);
        acked.set(key, { data, etag: ((await res.json()) as Required<SaveResponse>).etag });
      }
    };
    const writers = [writer(0), writer(1)];
    while (acked.size < 40) await new Promise((r) => setTimeout(r, 20));
    const before = new Map(acked);
    const destination = path.join(path.dirname(file), 'copies', 'futile-copy.sqlite');
    const result = await backupCli(file, [destination]);
    const during = acked.size - before.size;
    stop = true;
    await Promise.all(writers);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Backed up ${file} to ${destination}`);
    expect(result.stdout).toContain('integrity ok');
    // The server kept writing while the copy was made.
    expect(during, 'no write was acknowledged during the backup').toBeGreaterThan(0);

    expect(fs.existsSync(`${destination}.partial`)).toBe(false);
    const copy = new SQLite(destination, { readonly: true });
    const integrity = copy.pragma('integrity_check', { simple: true });
    const rows = copy.prepare(`select key, data, etag from saves`).all() as {
      key: string;
      data: string;
      etag: string;
    }[];
    copy.close();
    expect(integrity).toBe('ok');
    const inCopy = new Map(rows.map((r) => [r.key, r]));
    for (const [key, ack] of before) {
      expect(inCopy.get(key)?.etag, key).toBe(ack.etag);
      expect(JSON.parse(inCopy.get(key)?.data ?? 'null')).toEqual(ack.data);
    }
    // Consistent: whatever the copy has beyond that is a whole, acknowledged save.
    for (const row of rows) expect(acked.get(row.key)?.etag, row.key).toBe(row.etag);

    // Restore: a server started on the copy answers the same session and saves.
    const restored = await startServer({ DATABASE_URL: destination });
    servers.push(restored);
    const [key, ack] = [...before].at(-1) as [string, { data: unknown; etag: string }];
    const got = await fetch(`${restored.url}/api/saves/get.php?appId=synth&key=${key}`, {
      headers: { cookie },
    });
    expect(await got.json()).toMatchObject({ success: true, save: { data: ack.data, etag: ack.etag } });
  }, 180_000);

  it('refuses to overwrite a file, and points PostgreSQL users to pg_dump', async () => {
    const existing = path.join(path.dirname(store?.file as string), 'copies', 'futile-copy.sqlite');
    const again = await backupCli(store?.file as string, [existing]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const missing = await backupCli(path.join(path.dirname(existing), 'nope.sqlite'), [`${existing}.2`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No SQLite database at');
    const onPostgres = await backupCli('postgres://nobody@127.0.0.1:1/none', []);
    expect(onPostgres.code).toBe(2);
    expect(onPostgres.stderr).toContain('pg_dump');
  }, 60_000);
});
