/**
 * A page's main thread on a core of its own, as on a phone, for the frames part.
 *
 * Here one 2-core machine runs the page's main thread beside what a phone runs elsewhere:
 * SwiftShader drawing WebGL in the GPU process, the compositor drawing in software, the
 * page's workers, the server and the benchmark's driver. On a shared core the main thread
 * waits its turn, and that wait lands in its tasks' wall time. DevTools' CPU throttling
 * (Emulation.setCPUThrottlingRate) makes it worse: a thread of the renderer
 * (`CPUThrottlingThread`) wakes every 200 µs to stop the main thread (it spins in a signal
 * handler) and to let it go again, and when that thread itself waits for a core, the main
 * thread spins or runs longer than the rate says.
 *
 * With BENCH_ISOLATE=1 the page's main thread runs at real-time priority (SCHED_FIFO 1: it
 * takes a core whenever it has work, as a phone's main thread on a core of its own does)
 * and the throttler one step above (SCHED_FIFO 2: it stops and starts the main thread on
 * time). Everything else shares what is left. Then a task's wall time is its thread time:
 * no wait for a core is left in it.
 *
 * It is not the default, because it did not make the figure fairer (25 November
 * 2026, all seven pages, one run each way): a fixed piece of script (`effectiveSlowdown`)
 * ran 4.3–4.4× slower at "4×" isolated against 3.7–4.4× shared, and the pages' main-thread
 * work p95 at 4× came out lower on two pages, the same on two and higher on three (see
 * benchmarks/README.md). It stays as a tool to read a page's work without other
 * processes' share in it.
 *
 * Needs Linux, `chrt` (util-linux) and the right to raise priorities (root or
 * CAP_SYS_NICE, and a real-time budget for the cgroup).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
// Lighthouse's own host benchmark (a page function), so the figure is the one its docs calibrate by.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { CDPSession, Page } from 'playwright-core';
import { setCpuThrottling, startTrace } from './pagedriver.ts';
import { throttlerThread } from './threadCpu.ts';
import { pageMainThread, type ThreadRef } from './trace.ts';

/** BENCH_ISOLATE=1 asks the frames part and frames/profile.ts to isolate the page's main thread. */
export const isolationRequested = () => process.env.BENCH_ISOLATE === '1';

const MAIN_PRIORITY = 1;
const THROTTLER_PRIORITY = 2;

export interface Isolation {
  /** The page's renderer main thread. */
  main: ThreadRef;
  /**
   * Raises the throttler thread; false when there is none. Chromium starts a new one each
   * time a rate above 1 is set (and ends it at rate 1), so call this after every such set.
   */
  raiseThrottler(): boolean;
}

function setFifo(tid: number, priority: number): void {
  execFileSync('chrt', ['-f', '-p', String(priority), String(tid)], { stdio: 'pipe' });
}

/** Finds the page's main thread (a short trace names it) and raises it; throws with the reason when it cannot. */
export async function isolateMainThread(cdp: CDPSession): Promise<Isolation> {
  if (process.platform !== 'linux') throw new Error(`not on Linux (${process.platform})`);
  const trace = await startTrace(cdp);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const main = pageMainThread(await trace.stop());
  if (!main) throw new Error('the trace does not name the page’s main thread');
  if (!fs.existsSync(`/proc/${main.pid}/task/${main.tid}`))
    throw new Error(`thread ${main.tid} is not visible here (another PID namespace?)`);
  try {
    setFifo(main.tid, MAIN_PRIORITY);
  } catch (error) {
    const text = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`chrt could not raise the main thread: ${text.split('\n')[0]}`);
  }
  return {
    main,
    raiseThrottler() {
      const throttler = throttlerThread(main.pid);
      if (!throttler) return false;
      setFifo(throttler.tid, THROTTLER_PRIORITY);
      return true;
    },
  };
}

/**
 * A fixed piece of script (about 3 ms here unthrottled), timed in the page at each
 * rate: the ratio of the medians is the slowdown the page's script really gets.
 */
const PROBE_START = `(() => {
  const durations = [];
  const work = () => { let x = 0; for (let i = 0; i < 100000; i++) x += Math.sqrt(i + (x % 7)); return x; };
  const tick = () => {
    const t = performance.now();
    globalThis.__probeSink = work();
    durations.push(performance.now() - t);
    globalThis.__probe.timer = setTimeout(tick, 37);
  };
  globalThis.__probe = { durations, timer: 0 };
  tick();
})()`;
const PROBE_STOP = `(() => { clearTimeout(globalThis.__probe.timer); return globalThis.__probe.durations; })()`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The probe's median at rate 1 and at `rate`, ms, and their ratio (what the rate actually slows script by). */
export async function effectiveSlowdown(
  page: Page,
  cdp: CDPSession,
  rate: number,
  ms: number,
  isolation: Isolation | null,
): Promise<{ unthrottledMs: number; throttledMs: number; ratio: number }> {
  const measure = async (r: number) => {
    await setCpuThrottling(cdp, r);
    if (r > 1) isolation?.raiseThrottler();
    await page.waitForTimeout(300);
    await page.evaluate(PROBE_START);
    await page.waitForTimeout(ms);
    return median((await page.evaluate(PROBE_STOP)) as number[]);
  };
  const unthrottledMs = await measure(1);
  const throttledMs = await measure(rate);
  await setCpuThrottling(cdp, 1);
  return { unthrottledMs, throttledMs, ratio: throttledMs / unthrottledMs };
}

/**
 * Lighthouse's BenchmarkIndex of the page's main thread at `rate` (its own fixed GC-heavy and
 * array-copy loops, `computeBenchmarkIndex`): the scale on which Lighthouse places hosts and
 * devices (docs/throttling.md: 1500–2000 a high-end desktop, 125–800 a mid-tier phone such as
 * a Moto G4, under 125 a budget phone) and by which it says whether "4×" is the right
 * slowdown for a host. The median of `runs`.
 */
export async function benchmarkIndex(page: Page, cdp: CDPSession, rate: number, runs = 3): Promise<number> {
  await setCpuThrottling(cdp, rate);
  try {
    await page.waitForTimeout(300);
    const values: number[] = [];
    for (let i = 0; i < runs; i++)
      values.push((await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number);
    return median(values);
  } finally {
    await setCpuThrottling(cdp, 1);
  }
}
