/** The helper processes the server benchmarks start (serve.ts, bare.ts): start, stop, their CPU time. */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Started {
  child: ChildProcess;
  info: { port: number; cookie?: string; schema?: string | null };
}

/**
 * Starts a helper process and waits for its one-line JSON hello (nodeArgs: e.g. --cpu-prof).
 * `script` is a name in this folder, or an absolute path (another checkout's serve.ts).
 */
export function startProcess(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.resolve(HERE, script)], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let out = '';
    let started = false;
    // Generous: on a shared, overloaded machine compiling and seeding alone has taken over a minute.
    const timer = setTimeout(() => {
      // Not left behind: a child still starting would keep the bench's process alive.
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in 180 s`));
    }, 180_000);
    child.stdout?.on('data', (chunk) => {
      // After the hello, stdout is the server's log (BENCH_LOG_LEVEL=warn shows it).
      if (started) return void process.stderr.write(chunk);
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        started = true;
        process.stderr.write(out.slice(out.indexOf('\n') + 1));
        clearTimeout(timer);
        try {
          resolve({ child, info: JSON.parse(line) });
        } catch (err) {
          reject(err);
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
}

/** Asks a helper to stop (it cleans up: its database schema, its files) and waits for it, 3 s at most. */
export function stopProcess(started: Started | null): Promise<void> {
  if (!started || started.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      started.child.kill('SIGKILL');
      resolve();
    }, 3000);
    started.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    started.child.stdin?.end();
  });
}

/** CPU seconds a process has used (Linux /proc; null elsewhere). Unlike req/s, this barely moves when other work shares the cores. */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat; after "comm)" they are at 11 and 12. Ticks are 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
