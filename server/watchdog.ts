import { Worker } from 'node:worker_threads';

/**
 * The last resort of a shutdown, on a thread of its own: `ms` after it is armed it kills the
 * process with SIGKILL, whatever the main thread is doing (a timer on the main thread never
 * fires while its event loop is blocked, or once `process.exit` hangs in an exit hook).
 * It first tries to say so on stderr, but waits at most 200 ms for that write.
 */
const SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
setTimeout(() => {
  const kill = () => process.kill(workerData.pid, 'SIGKILL');
  setTimeout(kill, 200);
  fs.write(2, workerData.message, kill);
}, workerData.ms);
`;

/** Arms the watchdog; the returned function disarms it. */
export function armWatchdog(ms: number, message: string): () => void {
  const worker = new Worker(SOURCE, {
    eval: true,
    // Plain JavaScript: none of the process's flags (--import tsx would start a module loader
    // that needs the main thread, which is what may be stuck).
    execArgv: [],
    // It writes to fd 2 itself: a worker's process.stderr goes through the main thread.
    workerData: { pid: process.pid, ms, message: `${message}\n` },
  });
  worker.unref();
  return () => {
    void worker.terminate();
  };
}
