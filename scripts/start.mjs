// `npm start`: build the client if dist/ is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CLIENT_SOURCES = [
  'src',
  'workers',
  'assets',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

// This process writes little (the build's messages), but a closed or failing stdout must not
// crash it: it would orphan the server.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

// The build is what the server serves only when CLIENT_DIR is unset or dist/ (empty: API only).
const servesDist = path.resolve(process.env.CLIENT_DIR ?? 'dist') === path.resolve('dist');
const built = path.join('dist', 'index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...CLIENT_SOURCES.map(newestMtime));
if (servesDist && builtAt < sourcesAt) {
  console.log(builtAt ? 'Client sources changed: rebuilding…' : 'No client build yet: building…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// One child, no npx/tsx launcher between: a SIGTERM to `npm start` (a container's stop, a
// process manager) is passed on, so the server shuts down gracefully instead of being orphaned.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
// The server ends itself at the latest SHUTDOWN_TIMEOUT_MS + 4 s after a signal (its watchdog);
// should it not (its main thread stuck before it saw the signal), it is killed half a second later.
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
let escalated = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    server.kill(signal);
    if (escalated) return;
    escalated = true;
    setTimeout(() => server.kill('SIGKILL'), shutdownTimeoutMs + 4500);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGKILL' ? 9 : 15) : 1));
});
