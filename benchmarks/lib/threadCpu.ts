/**
 * CPU time of the browser's renderer threads, read from Linux /proc, for what a trace cannot
 * show: the time DevTools' CPU throttle spends outside every trace event.
 *
 * Chromium's throttle (blink's ThreadCPUThrottler, POSIX) sends the page's main thread a
 * SIGUSR2 every 200 µs from a thread of its own, and the handler spins until (rate − 1) × the
 * wall time since it last let go (at most 1 ms). So at 4× a main thread with nothing to do
 * still spins about three quarters of the time, on a core the render worker and the GPU
 * process need here; and a task that is preempted while it runs is charged three times the
 * preemption as spin, in its thread time too.
 */
import fs from 'node:fs';
import type { ThreadRef } from './trace.ts';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of every thread of every renderer process, by thread id; empty off Linux. */
export function rendererThreadCpu(): Map<number, number> {
  const threads = new Map<number, number>();
  if (process.platform !== 'linux') return threads;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const seconds = threadCpuSeconds(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
        if (seconds !== null) threads.set(Number(tid), seconds);
      }
    } catch {
      // The process or thread ended while being read.
    }
  }
  return threads;
}

/** utime + stime of one /proc stat line, in seconds; null when the line does not parse. */
export function threadCpuSeconds(statLine: string): number | null {
  // The name, in parentheses, may hold spaces: the fields are counted after its closing one.
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  // utime and stime are stat's fields 14 and 15: the 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : null;
}

/**
 * The share of one core a thread used between two readings `seconds` apart (1 = a whole
 * core), or null when either reading lacks it.
 */
export function coreShare(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
  thread: Pick<ThreadRef, 'tid'>,
  seconds: number,
): number | null {
  const a = before.get(thread.tid);
  const b = after.get(thread.tid);
  if (a === undefined || b === undefined || seconds <= 0) return null;
  return (b - a) / seconds;
}

/** Linux cuts thread names to 15 bytes: `CPUThrottlingThread` reads `CPUThrottlingTh`. */
const THROTTLER_NAME = /^CPUThrottling/;

/**
 * The renderer's throttle thread (`pid`: the renderer process), or null: Chromium starts one
 * each time a rate above 1 is set and ends it at rate 1.
 */
export function throttlerThread(pid: number): { tid: number } | null {
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`))
      if (THROTTLER_NAME.test(fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8')))
        return { tid: Number(tid) };
  } catch {
    // Not Linux, or the renderer or the thread is gone.
  }
  return null;
}

/** Two `rendererThreadCpu()` readings and the seconds between them: see `cpuWindow`. */
export interface CpuWindowReadings {
  before: ReadonlyMap<number, number>;
  after: ReadonlyMap<number, number>;
  seconds: number;
}

/**
 * Opens a measuring window: reads every renderer thread's CPU now, and again at `stop()`,
 * with the wall seconds between the two, ready for `coreShare`.
 */
export function cpuWindow(): { stop(): CpuWindowReadings } {
  const before = rendererThreadCpu();
  const startedAt = performance.now();
  return {
    stop() {
      const after = rendererThreadCpu();
      return { before, after, seconds: (performance.now() - startedAt) / 1000 };
    },
  };
}
