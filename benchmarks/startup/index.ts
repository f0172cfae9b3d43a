/**
 * Start-up of the home page on a throttled profile: Fast 3G (1.6 Mbps down, 750 kbps up,
 * 150 ms RTT) and 4× CPU, fresh browser context and no cache each time, 1280 × 800.
 *
 * Each load of home is paired with a load of its floor: the same prerendered home.html
 * with every script, module preload and the manifest link taken out (`bench-floor.html`,
 * written beside it with its .gz and .br), i.e. what the page costs as plain HTML on this
 * profile. Floor and page alternate, so both see the same machine: the ratio page / floor
 * is what compares across runs on a shared, loaded machine.
 *
 * Figures: first contentful paint and largest contentful paint (paint timeline); time to
 * interactive, approximated as the later of DOMContentLoaded end and the end of the last
 * long task (> 50 ms) before a quiet window with no long task (5 s; 2 s with --quick);
 * the long tasks until then; total blocking time (Lighthouse's: each long task's time past
 * 50 ms between FCP and TTI); cumulative layout shift (largest session window, without
 * shifts right after input); DOMContentLoaded; bytes transferred.
 */

import os from 'node:os';
import type { Browser } from 'playwright-core';
import { ensureBuild, ensureServer, launchBrowser, recordServerUser } from '../lib/site.ts';
import { median } from '../lib/stats.ts';
import type { BenchFigure, BenchPart } from '../types.ts';
import { FLOOR_FILE } from './floor.ts';

export const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1e6) / 8,
  uploadThroughput: (750 * 1e3) / 8,
};
const CPU_RATE = 4;
const VIEWPORT = { width: 1280, height: 800 };

// Strings, not functions: tsx's `__name` helper does not exist in the page.
const OBSERVE_SCRIPT = `(() => {
  window.__benchLongTasks = [];
  window.__benchShifts = [];
  window.__benchLcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__benchShifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;
const READ_SCRIPT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    fcp: fcp ? fcp.startTime : null,
    lcp: window.__benchLcp,
    dcl: nav ? nav.domContentLoadedEventEnd : null,
    load: nav ? nav.loadEventEnd : null,
    longTasks: window.__benchLongTasks || [],
    shifts: window.__benchShifts || [],
    transferred: performance.getEntriesByType('resource').reduce((a, r) => a + (r.transferSize || 0), nav ? nav.transferSize : 0),
  };
})()`;

interface Reading {
  fcp: number | null;
  lcp: number | null;
  dcl: number | null;
  load: number | null;
  longTasks: [number, number][];
  shifts: [number, number][];
  transferred: number;
}

export interface Measured extends Reading {
  tti: number;
  tbt: number;
  cls: number;
  quiet: boolean;
  /** 1-minute load average when the load began. */
  loadAverage: number;
}

/** TTI approximation from the long tasks seen until a quiet window: see the file comment. */
export function approximateTti(dcl: number, longTasks: readonly [number, number][]): number {
  let tti = dcl;
  for (const [, end] of longTasks) tti = Math.max(tti, end);
  return tti;
}

/**
 * Total blocking time as Lighthouse counts it: of each long task, the part between FCP and
 * TTI, less 50 ms, summed (a task of that part shorter than 50 ms blocks nothing).
 */
export function totalBlockingTime(fcp: number, tti: number, longTasks: readonly [number, number][]): number {
  let total = 0;
  for (const [start, end] of longTasks) {
    const clipped = Math.min(end, tti) - Math.max(start, fcp);
    if (clipped > 50) total += clipped - 50;
  }
  return total;
}

/**
 * Cumulative layout shift: the largest session window of shifts (a window ends after 1 s
 * without a shift or 5 s after it began), as Chromium's web-vitals count it.
 */
export function cumulativeLayoutShift(shifts: readonly [number, number][]): number {
  let best = 0;
  let sum = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const [time, value] of [...shifts].sort((a, b) => a[0] - b[0])) {
    if (time - last > 1000 || time - windowStart > 5000) {
      sum = 0;
      windowStart = time;
    }
    sum += value;
    last = time;
    best = Math.max(best, sum);
  }
  return best;
}

async function measureOnce(browser: Browser, url: string, quietMs: number): Promise<Measured> {
  const loadAverage = os.loadavg()[0];
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.addInitScript(OBSERVE_SCRIPT);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Wait for a quiet window: no new long task for quietMs (at most 30 s more).
    const deadline = Date.now() + 30_000;
    let seen = -1;
    let quietSince = Date.now();
    let quiet = false;
    while (Date.now() < deadline) {
      const count = ((await page.evaluate('window.__benchLongTasks.length')) as number) ?? 0;
      if (count !== seen) {
        seen = count;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) {
        quiet = true;
        break;
      }
      await page.waitForTimeout(250);
    }
    const reading = (await page.evaluate(READ_SCRIPT)) as Reading;
    if (reading.dcl === null) throw new Error('no navigation timing entry');
    const tti = approximateTti(reading.dcl, reading.longTasks);
    return {
      ...reading,
      tti,
      tbt: totalBlockingTime(reading.fcp ?? reading.dcl, tti, reading.longTasks),
      cls: cumulativeLayoutShift(reading.shifts),
      quiet,
      loadAverage,
    };
  } finally {
    await context.close();
  }
}

/** Whether the server compresses the entry script: the gzip budgets assume it (or a CDN in front) does. */
async function servedEncoding(origin: string): Promise<string | null> {
  const html = await (await fetch(`${origin}/`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!script) return null;
  const response = await fetch(new URL(script, origin), { headers: { 'accept-encoding': 'gzip, br' } });
  await response.arrayBuffer();
  const encoding = response.headers.get('content-encoding');
  return encoding
    ? null
    : `the server sends ${script} uncompressed (no content-encoding for "accept-encoding: gzip, br"): the transfer above is raw bytes, not the gzip sizes the budgets count`;
}

type Metric = 'fcp' | 'lcp' | 'tti' | 'tbt' | 'longTasks' | 'cls' | 'dcl' | 'transferred';
const pick = (r: Measured, metric: Metric): number | null =>
  metric === 'longTasks' ? r.longTasks.length : metric === 'transferred' ? r.transferred / 1000 : r[metric];

/** Median of one metric over the loads that have it (NaN when none has). */
function medianOf(readings: readonly Measured[], metric: Metric): number {
  return median(readings.map((r) => pick(r, metric)).filter((v): v is number => v !== null));
}

interface FigureSpec {
  metric: Metric;
  label: string;
  unit: string;
  round: (v: number) => number;
  goal?: { op: '<='; value: number; text?: string };
}

const ms = Math.round;
const SPECS: FigureSpec[] = [
  { metric: 'fcp', label: 'first contentful paint', unit: 'ms', round: ms, goal: { op: '<=', value: 1200 } },
  {
    metric: 'lcp',
    label: 'largest contentful paint',
    unit: 'ms',
    round: ms,
    goal: { op: '<=', value: 1800 },
  },
  {
    metric: 'tti',
    label: 'time to interactive, approx.',
    unit: 'ms',
    round: ms,
    goal: { op: '<=', value: 2500 },
  },
  {
    metric: 'longTasks',
    label: 'long tasks until quiet',
    unit: 'tasks',
    round: (v) => v,
    goal: { op: '<=', value: 2 },
  },
  { metric: 'tbt', label: 'total blocking time (FCP → TTI)', unit: 'ms', round: ms },
  {
    metric: 'cls',
    label: 'cumulative layout shift',
    unit: '',
    round: (v) => Math.round(v * 1000) / 1000,
    goal: { op: '<=', value: 0.05, text: '≤ 0.05' },
  },
  { metric: 'dcl', label: 'DOMContentLoaded', unit: 'ms', round: ms },
  {
    metric: 'transferred',
    label: 'bytes transferred (compressed as served)',
    unit: 'KB',
    round: (v) => Math.round(v * 10) / 10,
  },
];

/** The figures: home's median of each metric beside its floor's median in the same run, as a ratio. */
export function startupFigures(page: readonly Measured[], floor: readonly Measured[]): BenchFigure[] {
  const of = page.length > 1 ? ` (median of ${page.length})` : '';
  return SPECS.map((spec) => {
    const value = spec.round(medianOf(page, spec.metric));
    const floorValue = floor.length ? spec.round(medianOf(floor, spec.metric)) : Number.NaN;
    const figure: BenchFigure = {
      id: `startup.home.${spec.metric}`,
      label: `home ${spec.label}${of}`,
      value,
      unit: spec.unit,
      better: 'lower',
      ...(spec.goal ? { goal: spec.goal } : {}),
    };
    // A ratio to a floor of 0 (no long task, no shift) says nothing: the floor's value alone is shown.
    if (Number.isFinite(floorValue)) {
      figure.baseline = {
        label: 'plain HTML, no script, same run',
        value: floorValue,
        ratio: floorValue > 0 ? Math.round((value / floorValue) * 100) / 100 : Number.NaN,
        ratioLabel: '× the floor',
      };
    }
    return figure;
  });
}

export const part: BenchPart = {
  name: 'startup',
  description:
    'Home page FCP, LCP, TTI (approx.), long tasks, TBT and CLS on Fast 3G + 4× CPU, cold cache, beside the same page as plain HTML with no script (the floor)',
  async run(ctx) {
    // The build step writes the floor page beside home.html (lib/site.ts, ./floor.ts).
    await ensureBuild(ctx);
    const server = await ensureServer(ctx);
    recordServerUser('startup');
    const repeats = ctx.quick ? 1 : 5;
    const quietMs = ctx.quick ? 2000 : 5000;
    const page: Measured[] = [];
    const floor: Measured[] = [];
    const browser = await launchBrowser(ctx);
    try {
      // Floor and page alternate, so both meet the same machine.
      for (let i = 0; i < repeats; i++) {
        ctx.progress(`floor (plain HTML) on Fast 3G + ${CPU_RATE}× CPU, load ${i + 1}/${repeats}…`);
        floor.push(await measureOnce(browser, `${server.origin}/${FLOOR_FILE}`, quietMs));
        ctx.progress(`home on Fast 3G + ${CPU_RATE}× CPU, load ${i + 1}/${repeats}…`);
        page.push(await measureOnce(browser, `${server.origin}/`, quietMs));
      }
    } finally {
      await browser.close();
    }
    if (page.some((r) => r.fcp === null)) ctx.note?.('first-contentful-paint was missing in some loads');
    if (page.some((r) => r.lcp === null)) ctx.note?.('largest-contentful-paint was missing in some loads');
    const loads = [...page, ...floor].map((r) => r.loadAverage);
    ctx.note?.(
      `load average (1 min) as each load began: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}, median ${median(loads).toFixed(2)} on ${os.cpus().length} CPUs; home's loads: ${page.map((r) => r.loadAverage.toFixed(1)).join(', ')}`,
    );
    ctx.note?.(
      `each load, home: FCP ${page.map((r) => ms(r.fcp ?? Number.NaN)).join(' / ')} ms, TTI ${page.map((r) => ms(r.tti)).join(' / ')} ms, long tasks ${page.map((r) => r.longTasks.length).join(' / ')}; floor: FCP ${floor.map((r) => ms(r.fcp ?? Number.NaN)).join(' / ')} ms, long tasks ${floor.map((r) => r.longTasks.length).join(' / ')}`,
    );
    const noisy = page.filter((r) => !r.quiet).length;
    if (noisy) {
      ctx.note?.(
        `${noisy} of ${page.length} load(s) never had ${quietMs / 1000} s without a long task within 30 s after load: their TTI is the last long task seen, a lower bound`,
      );
    }
    const encoding = await servedEncoding(server.origin);
    if (encoding) ctx.note?.(encoding);
    ctx.note?.(
      `TTI approximation: the later of DOMContentLoaded end and the end of the last long task (> 50 ms) before ${quietMs / 1000} s without long tasks; network quiet is not required. The floor is ${FLOOR_FILE}: home.html without its scripts, module preloads and manifest link`,
    );
    return startupFigures(page, floor);
  },
};

export default part;
