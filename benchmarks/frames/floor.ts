/**
 * The floor under figure (a): a blank page recorded as the games are, at each CPU rate, before
 * the games and after them, so that each game's work per frame stands beside it in the same run.
 */

import { loadavg } from 'node:os';
import { loopSteps, setCpuThrottling, startTrace } from '../lib/pagedriver.ts';
import { VIEWPORT } from '../lib/pages.ts';
import type { launchBrowser } from '../lib/site.ts';
import { coreShare, cpuWindow, throttlerThread } from '../lib/threadCpu.ts';
import { type MainThreadSummary, pageMainThread, summarizeMainThread } from '../lib/trace.ts';
import type { SceneStep } from '../scenes.ts';
import type { BenchContext, BenchFigure } from '../types.ts';
import { CPU_RATES, p95Of } from './figures.ts';

/**
 * A page that does nothing but run its frames: a requestAnimationFrame loop that rewrites a
 * HUD line 10 times a second, as every game's HUD does (the offscreen part's blank page).
 * What its main thread spends per frame is what Chromium's own frame work (begin the frame,
 * style, paint, commit) costs on this machine at that moment: the floor under figure (a).
 */
export const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>body{margin:0;background:#0f0a1e;color:#f4f0ff;font:16px system-ui,sans-serif}#hud{padding:12px}</style>
</head><body><div id="hud">0 frames</div><script>
const hud = document.getElementById('hud');
let frames = 0, shown = 0;
const tick = (now) => {
  frames++;
  if (now - shown >= 100) { shown = now; hud.textContent = frames + ' frames'; }
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
</script></body></html>`;

/**
 * The blank page with a button and nothing behind it, for the floor under the pages whose
 * loop clicks (scenes.ts, `clicked`): what a click costs Chromium itself.
 */
export const CLICKED_FLOOR_HTML = FLOOR_HTML.replace(
  '<div id="hud">',
  '<button id="tap" type="button">tap</button><div id="hud">',
);

/**
 * The clicked blank page's loop, in the shape of Whac-a-Moji's and Crit Happens': a click,
 * 200 ms, and a second look for something to click (their next-round and result buttons are
 * mostly absent), through the same tap step the scenes use (a lookup in the page, then a
 * mouse click over CDP).
 */
export const CLICKED_FLOOR_LOOP: SceneStep[] = [{ tap: '#tap' }, { waitMs: 200 }, { tap: '#absent' }];

/** Where the blank page is served: on the bench server's origin, answered by the browser context. */
const FLOOR_PATH = '/__bench/floor';

export interface FloorRun {
  when: 'before' | 'after';
  /** The clicked blank page (CLICKED_FLOOR_LOOP running while it was recorded). */
  clicked?: boolean;
  /** Main-thread work per frame p95 by CPU rate, ms. */
  p95: Record<number, number>;
  /** Main-thread CPU (thread time) per frame p95 by CPU rate, ms. */
  cpuP95: Record<number, number>;
  /**
   * By CPU rate, the share of a core the page's main thread and the throttle's own thread
   * used over the recording, in and out of trace events (lib/threadCpu.ts); absent off Linux.
   */
  coreShare?: Record<number, { main: number; throttler: number }>;
  /** Load average when it was measured. */
  load: number;
}

/** The blank page's work (wall) and CPU per frame p95 at one rate, from its trace; null for a trace without frames. */
export function floorP95(summary: MainThreadSummary | null): { p95: number; cpuP95: number } | null {
  if (!summary?.workPerFrame.length) return null;
  return { p95: p95Of(summary.workPerFrame), cpuP95: p95Of(summary.cpuPerFrame) };
}

/** The blank page at each CPU rate, measured as a game page's figure (a) is (same trace, same summary). */
export async function measureFloor(
  ctx: BenchContext,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  origin: string,
  recordMs: number,
  warmupMs: number,
  when: FloorRun['when'],
  clicked = false,
): Promise<FloorRun> {
  ctx.progress(`${clicked ? 'clicked ' : ''}blank page: the floor under main-thread work per frame…`);
  const context = await browser.newContext({ viewport: VIEWPORT });
  let clicks: ReturnType<typeof loopSteps> | null = null;
  try {
    const body = clicked ? CLICKED_FLOOR_HTML : FLOOR_HTML;
    await context.route(origin + FLOOR_PATH, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
    );
    const page = await context.newPage();
    await page.goto(origin + FLOOR_PATH, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    if (clicked) clicks = loopSteps(page, CLICKED_FLOOR_LOOP);
    await page.waitForTimeout(Math.min(warmupMs, 1000));
    const p95: Record<number, number> = {};
    const cpuP95: Record<number, number> = {};
    const shares: NonNullable<FloorRun['coreShare']> = {};
    for (const rate of CPU_RATES) {
      await setCpuThrottling(cdp, rate);
      await page.waitForTimeout(500);
      const trace = await startTrace(cdp);
      const cpu = cpuWindow();
      await page.waitForTimeout(recordMs);
      const { before: cpuBefore, after: cpuAfter, seconds } = cpu.stop();
      const events = await trace.stop();
      const floor = floorP95(summarizeMainThread(events));
      if (floor) {
        p95[rate] = floor.p95;
        cpuP95[rate] = floor.cpuP95;
      }
      const main = pageMainThread(events);
      const mainShare = main && coreShare(cpuBefore, cpuAfter, main, seconds);
      if (main && mainShare !== null) {
        // The throttle's thread lives only while a rate above 1 is set: 0 at 1×.
        const throttler = throttlerThread(main.pid);
        shares[rate] = {
          main: mainShare,
          throttler: (throttler && coreShare(cpuBefore, cpuAfter, throttler, seconds)) ?? 0,
        };
      }
    }
    await clicks?.stop();
    clicks = null;
    await setCpuThrottling(cdp, 1);
    return { when, ...(clicked ? { clicked } : {}), p95, cpuP95, coreShare: shares, load: loadavg()[0] };
  } finally {
    await clicks?.stop().catch(() => {});
    await context.close();
  }
}

/** The floor before and after the games, at each rate; no goal (it is the machine's, not ours). */
export function floorFigures(floors: FloorRun[]): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const rate of CPU_RATES)
    for (const floor of floors) {
      const value = floor.p95[rate];
      if (value === undefined) continue;
      const kind = floor.clicked ? 'floorClicked' : 'floor';
      const page = floor.clicked ? 'clicked blank page' : 'blank page';
      figures.push({
        id: `frames.${kind}.cpu${rate}x.main.p95.${floor.when}`,
        label: floor.clicked
          ? `clicked blank page (a click every 200 ms, as the clicked scenes' loops) ${rate}× CPU main-thread work per frame p95, ${floor.when} the games (load ${floor.load.toFixed(1)}): the floor under the clicked pages`
          : `blank page (a 10 Hz HUD only) ${rate}× CPU main-thread work per frame p95, ${floor.when} the games (load ${floor.load.toFixed(1)}): the floor under (a)`,
        value: Math.round(value * 100) / 100,
        unit: 'ms',
        better: 'lower',
      });
      const cpu = floor.cpuP95?.[rate];
      if (cpu !== undefined)
        figures.push({
          id: `frames.${kind}.cpu${rate}x.main.cpuP95.${floor.when}`,
          label: `${page} ${rate}× CPU main-thread CPU per frame p95 (thread time), ${floor.when} the games`,
          value: Math.round(cpu * 100) / 100,
          unit: 'ms',
          better: 'lower',
        });
      const share = floor.coreShare?.[rate];
      if (share !== undefined)
        figures.push({
          id: `frames.${kind}.cpu${rate}x.main.coreShare.${floor.when}`,
          label: `${page} ${rate}× CPU: the share of a core its main thread used while recorded, ${floor.when} the games (at 4× mostly the throttle spinning on an idle thread; lib/threadCpu.ts)`,
          value: Math.round(share.main * 1000) / 10,
          unit: `% of a core (the throttle's own thread ${Math.round(share.throttler * 1000) / 10} % more)`,
          better: 'lower',
        });
    }
  return figures;
}
