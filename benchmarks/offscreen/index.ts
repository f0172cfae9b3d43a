/**
 * What moving a canvas game's drawing off the page's thread would buy (the frame
 * goal (a) is main-thread work per frame). One Pixi scene (page/scene.ts: 4,000 particles
 * moved and faded every frame) is drawn three ways at 4× CPU, each on a fresh page:
 *  - blank: no scene, only the 10 Hz HUD every mode has: the floor of figure (a) here;
 *  - page: drawn on the page's thread, as the games draw today (the baseline);
 *  - worker: drawn by a worker on an OffscreenCanvas (Pixi's WebWorkerAdapter).
 * Main-thread work per frame comes from a trace, counted as the frames part counts it
 * (lib/trace.ts, without the software readback); beside it, the frames per second the
 * scene drew (a worker that drew less would make its page look cheaper than it is) and
 * how busy the worker's thread was.
 * Run alone: `npm run bench -- --only offscreen`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRAME_MARK, installDrawingCounter } from '../lib/drawing.ts';
import { setCpuThrottling, startTrace } from '../lib/pagedriver.ts';
import { launchBrowser, ROOT, siteOptions } from '../lib/site.ts';
import { percentile } from '../lib/stats.ts';
import {
  pageMainThread,
  summarizeMainThread,
  summarizeWorkerThread,
  type TraceEvent,
  threadTasks,
  workerThreadByUrl,
} from '../lib/trace.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

const PAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'page');
const OUT_DIR = path.join(ROOT, '.build', 'bench-offscreen');
const RATE = 4;
const MODES = ['blank', 'page', 'worker'] as const;
export type Mode = (typeof MODES)[number];

export interface Measured {
  frames: number;
  p50: number;
  p95: number;
  cpuP95: number;
  sceneFps: number;
  workerBusyShare: number | null;
  /** The worker's own work per frame p95, wall and thread time, less the readback (ms), when it draws in one. */
  workerFrameP95?: number | null;
  workerFrameCpuP95?: number | null;
}

/** The bench page's worker script as built (`assets/worker-<hash>.js`). */
export const SCENE_WORKER_URL = /\/worker-[\w-]+\.js$/;

async function buildPage(ctx: BenchContext): Promise<void> {
  ctx.progress('offscreen: building the bench page');
  const { build } = await import('vite');
  await build({
    root: PAGE_DIR,
    configFile: false,
    logLevel: 'warn',
    base: './',
    worker: { format: 'es' },
    build: { outDir: OUT_DIR, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
}

/** Serves the built page on a loopback port of the system's choosing. */
function serve(): Promise<http.Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).replace(
      /^\/$/,
      '/index.html',
    );
    const file = path.join(OUT_DIR, path.normalize(name));
    if (!file.startsWith(OUT_DIR) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Share of the window the page's worker thread spent in tasks, or null without one. */
export function workerBusyShare(events: readonly TraceEvent[], windowMs: number): number | null {
  const main = pageMainThread(events);
  const worker = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.pid === main?.pid &&
      e.args?.name === 'DedicatedWorker thread',
  );
  if (!worker) return null;
  const busy = threadTasks(events, { pid: worker.pid, tid: worker.tid }).reduce(
    (sum, t) => sum + t.duration,
    0,
  );
  return Math.min(1, busy / windowMs);
}

const round = (value: number) => Math.round(value * 100) / 100;

export const part: BenchPart = {
  name: 'offscreen',
  description: `Main-thread work per frame of one Pixi scene drawn on the page's thread or from a worker (OffscreenCanvas), beside a blank page, at ${RATE}× CPU`,
  async run(ctx) {
    await buildPage(ctx);
    const server = await serve();
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await launchBrowser(ctx);
    const recordMs = ctx.quick ? 3000 : Math.min(siteOptions().framesMs, 8000);
    const results = {} as Record<Mode, Measured>;
    try {
      for (const mode of MODES) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        try {
          await page.goto(`${origin}/#${mode}`);
          if (mode !== 'blank')
            await page.waitForFunction(() => window.sceneFrames > 30, null, { timeout: 20_000 });
          await page.waitForTimeout(1000);
          const cdp = await page.context().newCDPSession(page);
          await setCpuThrottling(cdp, RATE);
          await page.waitForTimeout(500);
          ctx.progress(`offscreen: ${mode}, recording ${recordMs / 1000} s at ${RATE}× CPU`);
          // In the worker, the draw counter's marks give the worker's frames (lib/drawing.ts).
          const counter = mode === 'worker' ? await installDrawingCounter(page, SCENE_WORKER_URL) : null;
          await counter?.start();
          const framesBefore = await page.evaluate(() => window.sceneFrames);
          const trace = await startTrace(cdp);
          await page.waitForTimeout(recordMs);
          const events = await trace.stop();
          const framesAfter = await page.evaluate(() => window.sceneFrames);
          await counter?.stop();
          const workerThread =
            counter?.realm === 'worker' ? workerThreadByUrl(events, SCENE_WORKER_URL) : null;
          const workerFrames = workerThread ? summarizeWorkerThread(events, workerThread, FRAME_MARK) : null;
          const summary = summarizeMainThread(events);
          if (!summary?.workPerFrame.length)
            throw new Error(`offscreen: the ${mode} page's trace has no frames`);
          const work = [...summary.workPerFrame].sort((a, b) => a - b);
          const cpu = [...summary.cpuPerFrame].sort((a, b) => a - b);
          results[mode] = {
            frames: work.length,
            p50: percentile(work, 50),
            p95: percentile(work, 95),
            cpuP95: percentile(cpu, 95),
            sceneFps: ((framesAfter - framesBefore) * 1000) / recordMs,
            workerBusyShare: workerBusyShare(events, recordMs),
            workerFrameP95: workerFrames
              ? percentile(
                  [...workerFrames.workPerFrame].sort((a, b) => a - b),
                  95,
                )
              : null,
            workerFrameCpuP95: workerFrames
              ? percentile(
                  [...workerFrames.cpuPerFrame].sort((a, b) => a - b),
                  95,
                )
              : null,
          };
        } finally {
          await page.close();
        }
      }
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
    return figures(results);
  },
};

export function figures(results: Record<Mode, Measured>): BenchFigure[] {
  const { blank, page, worker } = results;
  const at = `at ${RATE}× CPU`;
  const out: BenchFigure[] = [
    {
      id: 'offscreen.blank.cpu4x.main.p95',
      label: `Blank page (a 10 Hz HUD only): main-thread work per frame p95 ${at} (${blank.frames} frames), the floor of frame figure (a)`,
      value: round(blank.p95),
      unit: 'ms',
      better: 'lower',
    },
  ];
  out.push({
    id: 'offscreen.blank.cpu4x.main.cpuP95',
    label: `Blank page: main-thread CPU time per frame p95 ${at}`,
    value: round(blank.cpuP95),
    unit: 'ms',
    better: 'lower',
  });
  for (const q of ['p50', 'p95'] as const) {
    out.push({
      id: `offscreen.page.cpu4x.main.${q}`,
      label: `Scene drawn on the page's thread: main-thread work per frame ${q} ${at} (${page.frames} frames)`,
      value: round(page[q]),
      unit: 'ms',
      better: 'lower',
    });
    out.push({
      id: `offscreen.worker.cpu4x.main.${q}`,
      label: `Scene drawn from a worker (OffscreenCanvas): main-thread work per frame ${q} ${at} (${worker.frames} frames)`,
      value: round(worker[q]),
      unit: 'ms',
      better: 'lower',
      baseline: {
        label: "drawn on the page's thread",
        value: round(page[q]),
        ratio: round(page[q] / worker[q]),
        ratioLabel: '× less main-thread work',
      },
    });
  }
  out.push(
    {
      id: 'offscreen.page.cpu4x.main.cpuP95',
      label: `Scene drawn on the page's thread: main-thread CPU time per frame p95 ${at}`,
      value: round(page.cpuP95),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: 'offscreen.worker.cpu4x.main.cpuP95',
      label: `Scene drawn from a worker: main-thread CPU time per frame p95 ${at} (wall time less waiting for a core)`,
      value: round(worker.cpuP95),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: 'offscreen.page.cpu4x.sceneFps',
      label: `Scene drawn on the page's thread: frames drawn per second ${at}`,
      value: round(page.sceneFps),
      unit: 'fps',
      better: 'higher',
    },
    {
      id: 'offscreen.worker.cpu4x.sceneFps',
      label: `Scene drawn from a worker: frames drawn per second ${at}`,
      value: round(worker.sceneFps),
      unit: 'fps',
      better: 'higher',
      baseline: {
        label: "drawn on the page's thread",
        value: round(page.sceneFps),
        ratio: round(worker.sceneFps / page.sceneFps),
        ratioLabel: '× the frames',
      },
    },
  );
  if (worker.workerFrameP95 != null && worker.workerFrameCpuP95 != null) {
    // The bare-Pixi baseline beside a game's render worker (frames part, `…render.p95`).
    out.push(
      {
        id: 'offscreen.worker.cpu4x.render.p95',
        label: `Scene drawn from a worker: the worker's work per frame p95 ${at} (wall time, less the readback): bare Pixi, the baseline for a game's render worker`,
        value: round(worker.workerFrameP95),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'offscreen.worker.cpu4x.render.cpuP95',
        label: `Scene drawn from a worker: the worker's CPU per frame p95 ${at} (thread time, less the readback's)`,
        value: round(worker.workerFrameCpuP95),
        unit: 'ms',
        better: 'lower',
      },
    );
  }
  if (worker.workerBusyShare !== null) {
    out.push({
      id: 'offscreen.worker.cpu4x.workerBusy',
      label: `Scene drawn from a worker: share of the time its worker thread was busy ${at} (the software readback included)`,
      value: round(worker.workerBusyShare * 100),
      unit: '%',
      better: 'lower',
    });
  }
  return out;
}
