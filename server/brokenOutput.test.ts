/**
 * The server stops on SIGTERM whatever became of its output. `node scripts/start.mjs`
 * (what `npm start` runs) is started as an operator's process manager would, detached with
 * its output piped; then the reader goes away (pipes closed), or stdout is a pipe that is
 * full and nobody reads, or stdout is /dev/full. A save is acknowledged, SIGTERM is sent,
 * and the whole process group must be gone within SHUTDOWN_TIMEOUT_MS + 5 s with exit code 0
 * (a shutdown that finished, not the watchdog's kill); the save is there after a restart, and
 * /metrics counted the log lines that could not be written.
 *
 * Before the fix, pino's exit flush retried the failed write every 100 ms forever (closed or
 * full pipe: the process never exited), and on /dev/full the server died at start.
 * On SQLite always, on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  devSignInOver,
  freePort,
  type ServerDatabase,
  serverDatabase,
  startServer,
  stopServer,
} from './test/childServer.ts';
import { testDialects } from './test/harness.ts';

const SHUTDOWN_TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: ChildProcess;
  url: string;
  /** What it wrote to stderr while we still read it (for failure messages). */
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node scripts/start.mjs` in its own process group, with `stdio`; waits until /readyz answers. */
async function startDetached(env: Record<string, string>, stdio: StdioOptions): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // API only: start.mjs then builds no client.
      CLIENT_DIR: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      ...env,
    },
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (d) => stderr.push(String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`start.mjs exited early (${child.exitCode}):\n${stderr.join('')}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, stderr, exited };
    await sleep(50);
  }
  throw new Error(`the server did not answer:\n${stderr.join('')}`);
}

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function save(url: string, cookie: string, key: string, data: unknown) {
  const res = await fetch(`${url}/api/saves/save.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ appId: 'synth', key, data }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { etag: string };
}

/** The dropped-lines counter for `reason` on /metrics. */
async function dropped(url: string, reason: 'failed' | 'backlog'): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`futile_log_lines_dropped_total{reason="${reason}"}`));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

describe.each(testDialects)('SIGTERM whatever became of stdout/stderr (%s)', (dialect) => {
  let started: Started | undefined;
  let store: ServerDatabase | undefined;
  afterEach(async () => {
    if (started?.child.pid && groupAlive(started.child.pid)) process.kill(-started.child.pid, 'SIGKILL');
    started = undefined;
    await store?.drop();
  });

  /** Saves, sends SIGTERM to start.mjs, checks the group ends in time with 0, then the save after a restart. */
  async function stopsAndKeepsTheSave(prepareOutput: (s: Started) => Promise<void>) {
    const s = started as Started;
    const db = store as ServerDatabase;
    const cookie = await devSignInOver(s.url);
    const data = { note: 'acknowledged before SIGTERM', steps: [1, 2, 3] };
    const { etag } = await save(s.url, cookie, 'before-sigterm', data);
    await prepareOutput(s);
    const pid = s.child.pid as number;
    const sentAt = Date.now();
    process.kill(pid, 'SIGTERM');
    const limit = SHUTDOWN_TIMEOUT_MS + 5000;
    const outcome = await Promise.race([s.exited, sleep(limit).then(() => 'still running' as const)]);
    const took = Date.now() - sentAt;
    expect(outcome, `start.mjs still ran ${limit} ms after SIGTERM`).not.toBe('still running');
    expect(outcome, s.stderr.join('')).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(limit);
    // The server (start.mjs's child, same process group) is gone too, within the same limit
    // (tsx's esbuild helper, also in the group, ends a moment after the server when its pipe closes).
    while (groupAlive(pid) && Date.now() - sentAt < limit) await sleep(20);
    expect(groupAlive(pid), `a process of the group still ran ${limit} ms after SIGTERM`).toBe(false);

    const again = await startServer(db.env);
    try {
      const got = await fetch(`${again.url}/api/saves/get.php?appId=synth&key=before-sigterm`, {
        headers: { cookie },
      });
      expect(await got.json()).toMatchObject({ success: true, save: { data, etag } });
    } finally {
      await stopServer(again);
    }
  }

  it('the reader of the piped output has gone', async () => {
    store = serverDatabase(dialect, 'output');
    started = await startDetached(store.env, ['ignore', 'pipe', 'pipe']);
    await stopsAndKeepsTheSave(async (s) => {
      // The reader goes (as when the parent that read the output exits): both pipes' read
      // ends are closed, so every write gets EPIPE. As in the issue, the first line the
      // server writes after that is the one SIGTERM makes it log.
      s.child.stdout?.destroy();
      s.child.stderr?.destroy();
    });
  }, 120_000);

  it('stdout is a full pipe that nobody reads', async () => {
    store = serverDatabase(dialect, 'output');
    started = await startDetached(store.env, ['ignore', 'pipe', 'pipe']);
    await stopsAndKeepsTheSave(async (s) => {
      (s.child.stdout as NonNullable<ChildProcess['stdout']>).pause();
      // Each request logs its path: 12 KiB paths until more than 1 MiB waits behind the full
      // pipe and the server drops lines (backlog), where a blocking writer would wait forever.
      const long = `${s.url}/api/${'x'.repeat(12 * 1024)}`;
      let backlog = 0;
      for (let i = 0; i < 40 && !(backlog >= 1); i++) {
        await Promise.all(Array.from({ length: 8 }, () => fetch(long).then((r) => r.text())));
        backlog = await dropped(s.url, 'backlog');
      }
      expect(backlog).toBeGreaterThanOrEqual(1);
      // The server still answers.
      expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    });
  }, 120_000);

  it('stdout is /dev/full', async () => {
    store = serverDatabase(dialect, 'output');
    const full = fs.openSync('/dev/full', 'w');
    try {
      started = await startDetached(store.env, ['ignore', full, 'pipe']);
    } finally {
      fs.closeSync(full);
    }
    await stopsAndKeepsTheSave(async (s) => {
      await fetch(`${s.url}/api/health`);
      expect(await dropped(s.url, 'failed')).toBeGreaterThanOrEqual(1);
    });
  }, 120_000);
});
