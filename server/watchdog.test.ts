/**
 * The shutdown watchdog kills its process from its own thread even when the main thread
 * never runs JavaScript again (here: asleep in Atomics.wait forever, as pino's exit flush was
 * on a closed or full stdout pipe).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('armWatchdog', () => {
  it('kills the process with SIGKILL after its delay while the main thread is blocked', async () => {
    const script = `
      import { armWatchdog } from './server/watchdog.ts';
      armWatchdog(500, 'watchdog fired');
      process.stdout.write('armed\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let armedAt = 0;
    child.stdout.on('data', (d) => {
      if (String(d).includes('armed')) armedAt = Date.now();
    });
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal });
        });
      },
    );
    const took = Date.now() - armedAt;
    expect(armedAt, stderr).toBeGreaterThan(0);
    expect({ code, signal }, stderr).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stderr).toContain('watchdog fired');
    // Armed for 500 ms; the test's own kill would come after 15 s.
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(5000);
  }, 30_000);
});
