/**
 * Real server processes for the tests that need one (crash, shutdown, backup, two servers):
 * `server/main.ts` in a child Node, on a free port, with its output kept for failure messages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ChildServer {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it wrote to stdout and stderr, in order. */
  output: string[];
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `server/main.ts` with `env` and waits until /readyz answers (the database too). */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIR: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, port, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer in ${timeoutMs} ms:\n${output.join('')}`);
}

/** SIGKILL, when it is still running (a test's teardown after it failed half-way). */
export async function killServer(server: ChildServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopServer(server: ChildServer | undefined, graceMs = 5000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = new Promise((r) => setTimeout(r, graceMs));
  await Promise.race([server.exited, timer]);
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Signs in on a child server through dev_login.php; answers the Cookie header value. */
export async function devSignInOver(url: string, as: 'user' | 'admin' = 'user'): Promise<string> {
  const res = await fetch(`${url}/api/account/dev_login.php?as=${as}&redirect=/`, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (res.status !== 302 || !cookie.includes('=')) throw new Error(`dev sign-in failed: ${res.status}`);
  return cookie;
}

/**
 * Where a child server keeps its data: a SQLite file in a fresh folder, or a fresh schema
 * of TEST_DATABASE_URL. `env` is what to give the server; `drop` removes it all.
 */
export interface ServerDatabase {
  dialect: 'sqlite' | 'postgres';
  env: Record<string, string>;
  /** SQLite only: the database file. */
  file: string | null;
  /** PostgreSQL only: the schema. */
  schema: string | null;
  drop(): Promise<void>;
}

export function serverDatabase(dialect: 'sqlite' | 'postgres', label: string): ServerDatabase {
  if (dialect === 'sqlite') {
    // On disk (not /dev/shm): the point of these tests is what survives a process's end.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `futile-${label}-`));
    const file = path.join(dir, 'futile.sqlite');
    return {
      dialect,
      env: { DATABASE_URL: file },
      file,
      schema: null,
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `${label}_${crypto.randomBytes(5).toString('hex')}`;
  return {
    dialect,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    file: null,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
