/**
 * Start-up of the home page on a throttled profile: Fast 3G (1.6 Mbps down, 750 kbps up,
 * 150 ms RTT) and 4× CPU, fresh browser context and no cache each time.
 * First contentful paint comes from the paint timeline. Time to interactive is an
 * approximation: the later of DOMContentLoaded end and the end of the last long task
 * (> 50 ms) before a quiet window with no long task (5 s; 2 s with --quick).
 */
import type { Browser } from 'playwright-core';
import { ensureBuild, ensureServer, launchBrowser, recordServerUser } from '../lib/site.ts';
import { median } from '../lib/stats.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

export const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1e6) / 8,
  uploadThroughput: (750 * 1e3) / 8,
};
const CPU_RATE = 4;

// A string, not a function: tsx's `__name` helper does not exist in the page.
const OBSERVE_SCRIPT = `(() => {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})()`;
const READ_SCRIPT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    fcp: fcp ? fcp.startTime : null,
    dcl: nav ? nav.domContentLoadedEventEnd : null,
    load: nav ? nav.loadEventEnd : null,
    longTasks: window.__benchLongTasks || [],
    transferred: performance.getEntriesByType('resource').reduce((a, r) => a + (r.transferSize || 0), nav ? nav.transferSize : 0),
  };
})()`;

interface Reading {
  fcp: number | null;
  dcl: number | null;
  load: number | null;
  longTasks: [number, number][];
  transferred: number;
}

/** TTI approximation from the long tasks seen until a quiet window: see the file comment. */
export function approximateTti(dcl: number, longTasks: readonly [number, number][]): number {
  let tti = dcl;
  for (const [, end] of longTasks) tti = Math.max(tti, end);
  return tti;
}

async function measureOnce(
  browser: Browser,
  url: string,
  quietMs: number,
): Promise<Reading & { tti: number; quiet: boolean }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
    return { ...reading, tti: approximateTti(reading.dcl, reading.longTasks), quiet };
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

export const part: BenchPart = {
  name: 'startup',
  description:
    'Home page first contentful paint and time to interactive (approx.) on Fast 3G + 4× CPU, cold cache',
  async run(ctx) {
    await ensureBuild(ctx);
    const server = await ensureServer(ctx);
    recordServerUser('startup');
    const repeats = ctx.quick ? 1 : 3;
    const quietMs = ctx.quick ? 2000 : 5000;
    const readings: (Reading & { tti: number; quiet: boolean })[] = [];
    const browser = await launchBrowser(ctx);
    try {
      for (let i = 0; i < repeats; i++) {
        ctx.progress(`home on Fast 3G + ${CPU_RATE}× CPU, load ${i + 1}/${repeats}…`);
        readings.push(await measureOnce(browser, `${server.origin}/`, quietMs));
      }
    } finally {
      await browser.close();
    }
    const fcps = readings.map((r) => r.fcp).filter((v): v is number => v !== null);
    if (fcps.length < readings.length) ctx.note?.('first-contentful-paint was missing in some loads');
    const ms = (v: number) => Math.round(v);
    const of = repeats > 1 ? ` (median of ${repeats})` : '';
    const figures: BenchFigure[] = [
      {
        id: 'startup.home.fcp',
        label: `home first contentful paint${of}`,
        value: ms(median(fcps)),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'startup.home.tti',
        label: `home time to interactive, approx.${of}`,
        value: ms(median(readings.map((r) => r.tti))),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'startup.home.dcl',
        label: `home DOMContentLoaded${of}`,
        value: ms(median(readings.map((r) => r.dcl ?? Number.NaN))),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'startup.home.longTasks',
        label: `home long tasks until quiet${of}`,
        value: median(readings.map((r) => r.longTasks.length)),
        unit: 'tasks',
        better: 'lower',
      },
      {
        id: 'startup.home.transferred',
        label: 'home bytes transferred (compressed as served)',
        value: Math.round(median(readings.map((r) => r.transferred)) / 100) / 10,
        unit: 'KB',
        better: 'lower',
      },
    ];
    const noisy = readings.filter((r) => !r.quiet).length;
    if (noisy) {
      ctx.note?.(
        `${noisy} of ${readings.length} load(s) never had ${quietMs / 1000} s without a long task within 30 s after load: their TTI is the last long task seen, a lower bound`,
      );
    }
    const encoding = await servedEncoding(server.origin);
    if (encoding) ctx.note?.(encoding);
    ctx.note?.(
      `TTI approximation: the later of DOMContentLoaded end and the end of the last long task (> 50 ms) before ${quietMs / 1000} s without long tasks; network quiet is not required`,
    );
    return figures;
  },
};

export default part;
