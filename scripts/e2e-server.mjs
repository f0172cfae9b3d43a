// The server the end-to-end suite talks to: a fresh SQLite file each run, not production (dev login on).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Per-port files so several suites (different E2E_PORT) can run side by side.
const dbFile = path.resolve('test-results', `e2e-${process.env.PORT ?? 4173}.sqlite`);
fs.mkdirSync(path.dirname(dbFile), { recursive: true });
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
const child = spawn('npx', ['tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: dbFile,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // No load shedding: two browsers and a build on two cores lag the loop, and a 503 there is noise.
    OVERLOAD_MAX_LAG_MS: process.env.OVERLOAD_MAX_LAG_MS ?? '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
