/**
 * Frames of each game page's scripted scene (benchmarks/scenes.ts), unthrottled and with
 * 4× CPU throttling (Emulation.setCPUThrottlingRate), in two figures:
 * (a) main-thread work per frame, from a trace recorded over the same window (lib/trace.ts):
 *     the page's own work, without the WebGL readback that software compositing adds, the
 *     commit's wait for the (software-drawing) compositor thread, nor the CDP commands of
 *     the benchmark's own driver;
 * (b) the frame interval, from rAF timestamps collected in the page.
 * Beside (a): its p95 beyond the same run's blank page by wall and thread time; where the scene
 * draws in a render worker, that worker's work per frame from the same trace; and the frames the
 * scene drew per second and its draw calls per frame, counted where it draws (lib/drawing.ts).
 * A game on the runtime is measured once per render path (scenes.ts, `renderPaths`).
 * Once per run, on the first page, a calibration: how much "4×" slowed a fixed piece of script.
 * Headless Chromium renders WebGL in software (SwiftShader) and composites in software, so
 * (b) is bound by that renderer on canvas games; the readback's share of main-thread time shows it.
 */

import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { type Budgets, loadBudgets } from '../lib/budgets.ts';
import {
  type DrawingCounter,
  type DrawingSummary,
  FRAME_MARK,
  installDrawingCounter,
  RENDER_WORKER_URL,
  summarizeDrawing,
} from '../lib/drawing.ts';
import {
  type InputLatencySummary,
  type InputPairing,
  pairInputs,
  summarizeInputLatency,
} from '../lib/inputLatency.ts';
import {
  benchmarkIndex,
  effectiveSlowdown,
  type Isolation,
  isolateMainThread,
  isolationRequested,
} from '../lib/isolate.ts';
import {
  loopSteps,
  runSteps,
  setCpuThrottling,
  startFrameRecording,
  startTrace,
  stopFrameRecording,
} from '../lib/pagedriver.ts';
import { errorNote, openScene, presentScenes, VIEWPORT } from '../lib/pages.ts';
import { ensureBuild, ensureServer, launchBrowser, recordServerUser, siteOptions } from '../lib/site.ts';
import { frameDeltas, frameStats, histogram, median, percentile } from '../lib/stats.ts';
import {
  LONG_TASK_MS,
  type MainThreadSummary,
  summarizeMainThread,
  summarizeWorkerThread,
  type TraceEvent,
  type WorkerThreadSummary,
  workerThreadByUrl,
} from '../lib/trace.ts';
import { type RenderPath, renderPathUrl, type Scene, type SceneStep } from '../scenes.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

/** Headless Chromium paces rAF at 60 Hz: a frame every 16.7 ms is the best a page can do there. */
const DISPLAY_INTERVAL_MS = 1000 / 60;
const CPU_RATES = [1, 4];

export const part: BenchPart = {
  name: 'frames',
  repeatsItself: true,
  description:
    'Frame times (p50/p95/p99) and dropped frames of each game page, unthrottled and at 4× CPU throttling',
  async run(ctx) {
    const build = await ensureBuild(ctx);
    const scenes = presentScenes(ctx, build);
    if (!scenes.length) return [];
    const server = await ensureServer(ctx);
    recordServerUser('frames');
    const recordMs = siteOptions().framesMs;
    const warmupMs = ctx.quick ? 1000 : 3000;
    const budgets = loadBudgets();
    const browser = await launchBrowser(ctx);
    const runs = Math.max(1, siteOptions().framesRuns ?? 1);
    const inputMs = ctx.quick ? 3000 : 6000;
    // BENCH_ISOLATE=1: the main thread on a core of its own (lib/isolate.ts), when possible.
    let isolate = isolationRequested();
    let calibrated = false;
    // Canvas games that draw on the page only (not on the game runtime yet), for the notes.
    const pageOnly = new Set<string>();
    // Pages whose input marks did not show up (not ported to the markers yet), for the notes.
    const noMarks = new Set<string>();
    const rounds: BenchFigure[][] = [];
    try {
      for (let round = 1; round <= runs; round++) {
        const loadAtStart = loadavg()[0];
        if (runs > 1) ctx.progress(`run ${round} of ${runs} (load average ${loadAtStart.toFixed(2)})`);
        // Each run's figures, beside its own blank page (before the games and after them).
        const figures: BenchFigure[] = [];
        const floors: FloorRun[] = [];
        const chart = round === 1 ? ctx.chart : undefined;
        const floor = async (when: FloorRun['when']) => {
          try {
            floors.push(await measureFloor(ctx, browser, server.origin, recordMs, warmupMs, when));
          } catch (error) {
            ctx.note?.(`blank page: not measured: ${(error as Error).message.split('\n')[0]}`);
          }
        };
        await floor('before');
        // A game on the runtime once per render path: its default (the worker) and the fallback.
        const variants = scenes.flatMap((scene) =>
          (scene.renderPaths ?? [undefined]).map((render) => ({ scene, render })),
        );
        for (const { scene: baseScene, render } of variants) {
          const scene: Scene = { ...baseScene, path: renderPathUrl(baseScene.path, render) };
          ctx.progress(`${scene.path}: ${scene.description}`);
          let opened: Awaited<ReturnType<typeof openScene>> | null = null;
          try {
            opened = await openScene(browser, server.origin, scene);
            const { page } = opened;
            const cdp = await page.context().newCDPSession(page);
            if (!calibrated) {
              // Once, on the first page, before its input starts: what 4× does to a fixed piece of script.
              calibrated = true;
              figures.push(...(await calibration(ctx, page, cdp, isolate)));
            }
            let isolation: Isolation | null = null;
            if (isolate) {
              try {
                isolation = await isolateMainThread(cdp);
              } catch (error) {
                isolate = false;
                ctx.note?.(
                  `main thread not isolated, measured on shared cores: ${(error as Error).message.split('\n')[0]}`,
                );
              }
            }
            let input = loopSteps(page, scene.loop);
            try {
              await page.waitForTimeout(warmupMs);
              const drawing = await countDrawing(ctx, page, scene.path, render);
              if (drawing?.realm === 'page' && !render) pageOnly.add(scene.path.split('?')[0]);
              for (const rate of CPU_RATES) {
                await setCpuThrottling(cdp, rate);
                if (rate > 1 && isolation && !isolation.raiseThrottler())
                  ctx.note?.(`${scene.path}: no CPUThrottlingThread found at ${rate}× to raise`);
                await page.waitForTimeout(500);
                ctx.progress(`${scene.path}: recording ${recordMs / 1000} s at ${rate}× CPU…`);
                await drawing?.start();
                const trace = await startTrace(cdp);
                await startFrameRecording(page);
                await page.waitForTimeout(recordMs);
                const timestamps = await stopFrameRecording(page);
                const events = await trace.stop();
                const drawn = drawing ? summarizeDrawing(await drawing.stop()) : null;
                const mainThread = summarizeMainThread(events);
                if (!mainThread)
                  ctx.note?.(`${scene.path} at ${rate}× CPU: the trace has no main thread of the page`);
                const renderWorker = drawing?.realm === 'worker' ? renderWorkerSummary(events) : null;
                if (drawing?.realm === 'worker' && !renderWorker)
                  ctx.note?.(`${scene.path} at ${rate}× CPU: the trace has no frames of the render worker`);
                const before = floors.find((f) => f.when === 'before');
                figures.push(
                  ...frameFigures(scene.slug, scene.path, rate, timestamps, budgets, mainThread, {
                    isolated: isolation !== null,
                    floor:
                      before?.p95[rate] !== undefined
                        ? { p95: before.p95[rate], cpuP95: before.cpuP95[rate] }
                        : undefined,
                    render,
                    renderWorker,
                    drawing: drawn,
                  }),
                );
                if (scene.inputs?.length) {
                  // Input to screen, in a window of its own: the scene's loop paused, its input repeated.
                  await input.stop();
                  ctx.progress(`${scene.path}: input to screen, ${inputMs / 1000} s at ${rate}× CPU…`);
                  if (scene.inputSetup) await runSteps(page, scene.inputSetup);
                  const pairing = await recordInputs(page, cdp, scene.inputs, inputMs);
                  if (scene.inputRestore) await runSteps(page, scene.inputRestore);
                  input = loopSteps(page, scene.loop);
                  // The measured frame interval: the scene's drawn frames where counted, else the page's.
                  const intervalMs = drawn?.drawnFps
                    ? 1000 / drawn.drawnFps
                    : frameStats(timestamps, DISPLAY_INTERVAL_MS).p50;
                  const summary = summarizeInputLatency(pairing, intervalMs);
                  if (summary)
                    figures.push(...inputFigures(scene.slug, scene.path, rate, summary, budgets, render));
                  else if (pairing.pairs.length + pairing.unshown.length === 0)
                    noMarks.add(`${scene.path} (${scene.inputKind ?? 'input'})`);
                  else
                    ctx.note?.(
                      `${scene.path} at ${rate}× CPU: ${pairing.unshown.length} input mark(s), none shown by a frame`,
                    );
                }
                chart?.({
                  kind: 'histogram',
                  id: `frames-${scene.slug}${render === 'main' ? '-render-main' : ''}-cpu${rate}x`,
                  title: `Frame times ${scene.path} at ${rate}× CPU (${timestamps.length} frames)`,
                  unit: 'ms',
                  ...histogram(frameDeltas(timestamps), 0, 2.5, 24),
                  markers: [
                    { value: DISPLAY_INTERVAL_MS, label: '60 Hz' },
                    { value: 2 * DISPLAY_INTERVAL_MS, label: '30 Hz' },
                  ],
                });
                if (mainThread?.workPerFrame.length) {
                  const goal = budgets.frames?.mainThreadP95AtCpu4xMs;
                  chart?.({
                    kind: 'histogram',
                    id: `frames-${scene.slug}${render === 'main' ? '-render-main' : ''}-cpu${rate}x-main`,
                    title: `Main-thread work ${scene.path} at ${rate}× CPU (${mainThread.workPerFrame.length} frames)`,
                    unit: 'ms',
                    ...histogram(mainThread.workPerFrame, 0, 1, 24),
                    markers: goal !== undefined ? [{ value: goal, label: `${goal} ms goal` }] : [],
                  });
                }
              }
              await setCpuThrottling(cdp, 1);
            } finally {
              await input
                .stop()
                .catch((error: Error) =>
                  ctx.note?.(`${scene.path}: scene input stopped: ${error.message.split('\n')[0]}`),
                );
            }
            const errors = errorNote(scene, opened.errors);
            if (errors) ctx.note?.(errors);
          } catch (error) {
            ctx.note?.(`${scene.path}: not measured: ${(error as Error).message.split('\n')[0]}`);
          } finally {
            await opened?.context.close();
          }
        }
        await floor('after');
        figures.push(...floorFigures(floors));
        rounds.push(figures);
        if (runs > 1)
          ctx.note?.(
            `run ${round} of ${runs}: load average ${loadAtStart.toFixed(2)} at its start, ${loadavg()[0].toFixed(2)} at its end`,
          );
      }
      if (pageOnly.size)
        ctx.note?.(
          `drawn on the page's thread only, not on the game runtime yet (one render path): ${[...pageOnly].join(', ')}`,
        );
      for (const page of noMarks)
        ctx.note?.(`input to screen, ${page}: no marks yet (the page does not call markInput)`);
    } finally {
      await browser.close();
    }
    return combineRuns(rounds);
  },
};

/** The trace categories input to screen needs: the marks, and the threads' names. */
const INPUT_TRACE_CATEGORIES = ['__metadata', 'blink.user_timing'];

/**
 * Repeats the scene's input steps for `ms` under a trace of the user-timing marks only, and
 * pairs each input the page marked with the first frame marked as showing it (lib/inputLatency.ts).
 */
async function recordInputs(
  page: Page,
  cdp: CDPSession,
  steps: readonly SceneStep[],
  ms: number,
): Promise<InputPairing> {
  const trace = await startTrace(cdp, INPUT_TRACE_CATEGORIES);
  const until = Date.now() + ms;
  let failure: unknown = null;
  try {
    while (Date.now() < until) await runSteps(page, steps);
    // The last input's frame: a few frames more before the trace ends.
    await page.waitForTimeout(300);
  } catch (error) {
    failure = error;
  }
  const events = await trace.stop();
  if (failure) throw failure;
  return pairInputs(events);
}

/** Input to screen p95 and p50 in frames of the measured interval; goals on the default render path. */
export function inputFigures(
  slug: string,
  path: string,
  cpuRate: number,
  summary: InputLatencySummary,
  budgets?: Budgets,
  render?: RenderPath,
): BenchFigure[] {
  const goal = render === 'main' ? undefined : budgets?.frames?.inputToScreenP95Frames?.[String(cpuRate)];
  const id = `frames.${slug}${render === 'main' ? '.render-main' : ''}.cpu${cpuRate}x.input`;
  const where = render === 'main' ? ' (render=main)' : render === 'worker' ? ' (render worker)' : '';
  const label = `${path.split('?')[0]}${where} ${cpuRate}× CPU input to screen (${summary.kinds.join(', ')}: mark → first frame showing it)`;
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const of = `${summary.shown} inputs${summary.unshown ? `, ${summary.unshown} not shown` : ''}, frame ${r2(summary.frameIntervalMs)} ms`;
  return [
    {
      id: `${id}.p95Frames`,
      label: `${label} p95`,
      value: r2(summary.p95Frames),
      unit: `frames (${r2(summary.p95Ms)} ms; ${of})`,
      better: 'lower',
      ...(goal !== undefined
        ? { goal: { op: '<=' as const, value: goal, text: `p95 ≤ ${goal} frames at ${cpuRate}× CPU` } }
        : {}),
    },
    {
      id: `${id}.p50Frames`,
      label: `${label} p50`,
      value: r2(summary.p50Frames),
      unit: `frames (${r2(summary.p50Ms)} ms)`,
      better: 'lower',
    },
  ];
}

/**
 * One figure per id from several runs of the part: the median value (of an even count, the
 * mean of the middle two), the median baseline and ratio, and the spread in the unit. A figure
 * in one run only (the calibration) stays as it is.
 */
export function combineRuns(rounds: readonly (readonly BenchFigure[])[]): BenchFigure[] {
  const byId = new Map<string, BenchFigure[]>();
  for (const figures of rounds)
    for (const figure of figures) {
      const list = byId.get(figure.id);
      if (list) list.push(figure);
      else byId.set(figure.id, [figure]);
    }
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const out: BenchFigure[] = [];
  for (const list of byId.values()) {
    if (list.length === 1) {
      out.push(list[0]);
      continue;
    }
    const values = list.map((f) => f.value);
    const value = r2(median(values));
    const baselines = list.flatMap((f) => (f.baseline ? [f.baseline] : []));
    const first = list[0];
    out.push({
      ...first,
      value,
      label: `${first.label} [median of ${list.length} runs: ${r2(Math.min(...values))}–${r2(Math.max(...values))}]`,
      ...(baselines.length
        ? {
            baseline: {
              ...baselines[0],
              value: r2(median(baselines.map((b) => b.value))),
              ratio: r2(median(baselines.map((b) => b.ratio))),
            },
          }
        : {}),
    });
  }
  return out;
}

/**
 * Installs the draw counter where the scene draws (lib/drawing.ts), and checks that a game
 * on the runtime draws where its variant asked: the default path in its render worker.
 * A page whose counter cannot be installed is measured without its drawing figures.
 */
async function countDrawing(
  ctx: BenchContext,
  page: Page,
  path: string,
  render: RenderPath | undefined,
): Promise<DrawingCounter | null> {
  try {
    const counter = await installDrawingCounter(page);
    const drawsIn = counter?.realm === 'worker' ? 'worker' : 'main';
    if (render && counter && drawsIn !== render)
      ctx.note?.(
        `${path}: asked to draw ${render === 'worker' ? 'in its render worker' : 'on the page'}, but it draws ${drawsIn === 'worker' ? 'in a render worker' : 'on the page'}`,
      );
    return counter;
  } catch (error) {
    ctx.note?.(`${path}: draw calls not counted: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

/** The render worker's work per frame, its frames marked by the draw counter. */
export function renderWorkerSummary(events: readonly TraceEvent[]): WorkerThreadSummary | null {
  const thread = workerThreadByUrl(events, RENDER_WORKER_URL);
  return thread ? summarizeWorkerThread(events, thread, FRAME_MARK) : null;
}

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

/** Where the blank page is served: on the bench server's origin, answered by the browser context. */
const FLOOR_PATH = '/__bench/floor';

export interface FloorRun {
  when: 'before' | 'after';
  /** Main-thread work per frame p95 by CPU rate, ms. */
  p95: Record<number, number>;
  /** Main-thread CPU (thread time) per frame p95 by CPU rate, ms. */
  cpuP95: Record<number, number>;
  /** Load average when it was measured. */
  load: number;
}

/** The blank page at each CPU rate, measured as a game page's figure (a) is (same trace, same summary). */
async function measureFloor(
  ctx: BenchContext,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  origin: string,
  recordMs: number,
  warmupMs: number,
  when: FloorRun['when'],
): Promise<FloorRun> {
  ctx.progress('blank page: the floor under main-thread work per frame…');
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.route(origin + FLOOR_PATH, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FLOOR_HTML }),
    );
    const page = await context.newPage();
    await page.goto(origin + FLOOR_PATH, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    await page.waitForTimeout(Math.min(warmupMs, 1000));
    const p95: Record<number, number> = {};
    const cpuP95: Record<number, number> = {};
    for (const rate of CPU_RATES) {
      await setCpuThrottling(cdp, rate);
      await page.waitForTimeout(500);
      const trace = await startTrace(cdp);
      await page.waitForTimeout(recordMs);
      const summary = summarizeMainThread(await trace.stop());
      if (summary?.workPerFrame.length) {
        p95[rate] = percentile(
          [...summary.workPerFrame].sort((a, b) => a - b),
          95,
        );
        cpuP95[rate] = percentile(
          [...summary.cpuPerFrame].sort((a, b) => a - b),
          95,
        );
      }
    }
    await setCpuThrottling(cdp, 1);
    return { when, p95, cpuP95, load: loadavg()[0] };
  } finally {
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
      figures.push({
        id: `frames.floor.cpu${rate}x.main.p95.${floor.when}`,
        label: `blank page (a 10 Hz HUD only) ${rate}× CPU main-thread work per frame p95, ${floor.when} the games (load ${floor.load.toFixed(1)}): the floor under (a)`,
        value: Math.round(value * 100) / 100,
        unit: 'ms',
        better: 'lower',
      });
      const cpu = floor.cpuP95?.[rate];
      if (cpu !== undefined)
        figures.push({
          id: `frames.floor.cpu${rate}x.main.cpuP95.${floor.when}`,
          label: `blank page ${rate}× CPU main-thread CPU per frame p95 (thread time), ${floor.when} the games`,
          value: Math.round(cpu * 100) / 100,
          unit: 'ms',
          better: 'lower',
        });
    }
  return figures;
}

/** How long each rate's probe runs in the calibration. */
const CALIBRATION_MS = 2500;

/**
 * What "4× CPU" does to a fixed piece of script in a running game page (lib/isolate.ts),
 * on shared cores and, with BENCH_ISOLATE=1, with the page's main thread isolated (which it
 * then stays). Emulation.setCPUThrottlingRate stops the main thread by wall time from a
 * thread of its own, so what a rate does depends on how that thread gets the cores; this
 * says what it did in this run. Reported, no goal; noted when it is more than 10 % off.
 */
async function calibration(
  ctx: Parameters<BenchPart['run']>[0],
  page: Page,
  cdp: CDPSession,
  isolate: boolean,
): Promise<BenchFigure[]> {
  const rate = CPU_RATES[CPU_RATES.length - 1];
  const figures: BenchFigure[] = [];
  const report = (mode: string, label: string, r: Awaited<ReturnType<typeof effectiveSlowdown>>) => {
    figures.push({
      id: `frames.calibration.cpu${rate}x.${mode}`,
      label: `${rate}× CPU as a fixed piece of script in a game page feels it, ${label}`,
      value: Math.round(r.ratio * 100) / 100,
      unit: `× (${r.unthrottledMs.toFixed(1)} → ${r.throttledMs.toFixed(1)} ms, medians)`,
      // Lower is the lighter throttle, the kinder figure; the run is right when it reads the rate.
      better: 'lower',
    });
    if (Math.abs(r.ratio - rate) > 0.1 * rate)
      ctx.note?.(
        `${label}: ${rate}× CPU slowed a fixed piece of script ${r.ratio.toFixed(2)}×, not ${rate}×`,
      );
  };
  report('shared', 'on shared cores', await effectiveSlowdown(page, cdp, rate, CALIBRATION_MS, null));
  // Where this host and its "4×" sit on Lighthouse's scale of devices (see benchmarkIndex).
  for (const r of [1, rate])
    figures.push({
      id: `frames.calibration.benchmarkIndex.cpu${r}x`,
      label: `Lighthouse BenchmarkIndex of the game page at ${r}× CPU (Lighthouse: high-end desktop 1500–2000, mid-tier phone 125–800, budget phone < 125)`,
      value: Math.round(await benchmarkIndex(page, cdp, r)),
      unit: '',
      better: 'higher',
    });
  if (isolate) {
    try {
      const isolation = await isolateMainThread(cdp);
      report(
        'isolated',
        'the main thread on a core of its own',
        await effectiveSlowdown(page, cdp, rate, CALIBRATION_MS, isolation),
      );
    } catch {
      // The page's own isolation, next, says why.
    }
  }
  return figures;
}

/**
 * The frame interval is bound by the renderer here when the page's main thread spends at
 * least as long waiting for the software-compositing readback as on its own work.
 */
export const RENDERER_BOUND_READBACK_SHARE = 0.5;

export interface FrameFigureOptions {
  /** The page's main thread ran on a core of its own (BENCH_ISOLATE). */
  isolated?: boolean;
  /** The blank page's main-thread work (wall) and CPU per frame p95 at the same rate, in this run. */
  floor?: { p95: number; cpuP95?: number };
  /**
   * The render path of a game on the runtime; the fallback ('main') is reported under ids of
   * its own (`frames.<slug>.render-main.…`) and without goals, which are the default path's.
   */
  render?: RenderPath;
  /** The render worker's work per frame, where the scene draws in one. */
  renderWorker?: WorkerThreadSummary | null;
  /** What the scene drew: frames per second, draw calls per frame. */
  drawing?: DrawingSummary | null;
}

export function frameFigures(
  slug: string,
  path: string,
  cpuRate: number,
  timestamps: number[],
  allBudgets?: Budgets,
  mainThread?: MainThreadSummary | null,
  options: FrameFigureOptions = {},
): BenchFigure[] {
  const { isolated = false, floor, render, renderWorker, drawing } = options;
  const budgets = render === 'main' ? undefined : allBudgets;
  const throttled = cpuRate === 4;
  const rendererBound = (mainThread?.readbackShare ?? 0) >= RENDERER_BOUND_READBACK_SHARE;
  const p95Goal = throttled && !rendererBound ? budgets?.frames?.p95AtCpu4xMs?.[slug] : undefined;
  const fpsGoal = cpuRate === 1 ? budgets?.frames?.fpsUnthrottled?.[slug] : undefined;
  const beyondFloorGoal = throttled ? budgets?.frames?.mainThreadP95BeyondFloorAtCpu4xMs?.[slug] : undefined;
  const stats = frameStats(timestamps, DISPLAY_INTERVAL_MS);
  const id = `frames.${slug}${render === 'main' ? '.render-main' : ''}.cpu${cpuRate}x`;
  const where = render === 'main' ? ' (render=main)' : render === 'worker' ? ' (render worker)' : '';
  const label = `${path.split('?')[0]}${where} ${cpuRate}× CPU`;
  const ms = (v: number) => Math.round(v * 100) / 100;
  const boundNote = rendererBound
    ? ` (renderer-bound: readback ${Math.round((mainThread?.readbackShare ?? 0) * 100)} % of main thread)`
    : '';
  return [
    ...(mainThread
      ? mainThreadFigures(id, label, throttled, mainThread, budgets, isolated, floor, beyondFloorGoal)
      : []),
    ...(renderWorker ? renderWorkerFigures(id, label, renderWorker, throttled ? budgets : undefined) : []),
    ...(drawing ? drawingFigures(id, label, drawing, renderWorker ? 'render worker' : 'page') : []),
    { id: `${id}.p50`, label: `${label} frame p50`, value: ms(stats.p50), unit: 'ms', better: 'lower' },
    {
      id: `${id}.p95raw`,
      label: `${label} frame p95 as timed (rAF timestamps are rounded to 0.1 ms)`,
      value: ms(stats.p95),
      unit: 'ms',
      better: 'lower',
    },
    {
      // The goal is on whole display intervals: a steady 60 Hz page reads 16.6–16.8 ms by
      // the rounded timestamps, and would miss "≤ 16.7" by rounding alone.
      id: `${id}.p95`,
      label: `${label} frame p95 in whole 60 Hz frames${boundNote}`,
      value: ms(stats.p95Frames),
      unit: 'ms',
      better: 'lower',
      ...(p95Goal !== undefined
        ? { goal: { op: '<=' as const, value: p95Goal, text: `p95 ≤ ${p95Goal} ms at 4× CPU` } }
        : {}),
    },
    { id: `${id}.p99`, label: `${label} frame p99`, value: ms(stats.p99), unit: 'ms', better: 'lower' },
    {
      id: `${id}.dropped`,
      label: `${label} dropped frames`,
      value: stats.dropped,
      unit: `of ${stats.frames + stats.dropped}`,
      better: 'lower',
    },
    {
      id: `${id}.fps`,
      label: `${label} frames per second`,
      value: Math.round(stats.fps * 10) / 10,
      unit: 'fps',
      better: 'higher',
      ...(fpsGoal !== undefined
        ? { goal: { op: '>=' as const, value: fpsGoal, text: `≥ ${fpsGoal} fps unthrottled` } }
        : {}),
    },
  ];
}

/** Figure (a) and the long tasks, from the trace of the same window; goals at 4× CPU only. */
function mainThreadFigures(
  id: string,
  label: string,
  throttled: boolean,
  summary: MainThreadSummary,
  budgets?: Budgets,
  isolated = false,
  floorRun?: FrameFigureOptions['floor'],
  /** Goal on the work beyond the blank page, wall and thread time alike. */
  beyondFloorGoal?: number,
): BenchFigure[] {
  const floorP95 = floorRun?.p95;
  const where = isolated ? 'main thread on a core of its own' : 'shared cores';
  const workGoal = throttled ? budgets?.frames?.mainThreadP95AtCpu4xMs : undefined;
  const longGoal = throttled ? budgets?.frames?.longTasksAtCpu4x : undefined;
  const sorted = [...summary.workPerFrame].sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 100) / 100;
  const p95 = percentile(sorted, 95);
  const cpuP95 = percentile(
    [...summary.cpuPerFrame].sort((x, y) => x - y),
    95,
  );
  const floor = floorP95 !== undefined && floorP95 > 0 ? floorP95 : undefined;
  const floorCpu = floor !== undefined ? floorRun?.cpuP95 : undefined;
  const beyondGoal =
    beyondFloorGoal !== undefined
      ? {
          goal: {
            op: '<=' as const,
            value: beyondFloorGoal,
            text: `≤ ${beyondFloorGoal} ms beyond the blank page at 4× CPU`,
          },
        }
      : {};
  return [
    {
      id: `${id}.main.p50`,
      label: `${label} main-thread work per frame p50 (${where})`,
      value: ms(percentile(sorted, 50)),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: `${id}.main.p95`,
      label: `${label} main-thread work per frame p95 (${where})`,
      value: ms(p95),
      unit: 'ms',
      better: 'lower',
      // Beside the blank page of the same run: a ratio that the machine's load moves less.
      ...(floor !== undefined
        ? {
            baseline: {
              label: 'blank page, same run',
              value: ms(floor),
              ratio: Math.round((p95 / floor) * 100) / 100,
              ratioLabel: '× the blank page',
            },
          }
        : {}),
      ...(workGoal !== undefined
        ? { goal: { op: '<=' as const, value: workGoal, text: `p95 ≤ ${workGoal} ms at 4× CPU` } }
        : {}),
    },
    ...(floor !== undefined
      ? [
          {
            id: `${id}.main.p95BeyondFloor`,
            label: `${label} main-thread work per frame p95 beyond the blank page's p95 (same run, wall time)`,
            value: ms(Math.max(0, p95 - floor)),
            unit: 'ms',
            better: 'lower' as const,
            ...beyondGoal,
          },
        ]
      : []),
    {
      id: `${id}.main.cpuP95`,
      label: `${label} main-thread CPU per frame p95 (thread time)`,
      value: ms(cpuP95),
      unit: 'ms',
      better: 'lower',
      ...(floorCpu !== undefined && floorCpu > 0
        ? {
            baseline: {
              label: 'blank page, same run',
              value: ms(floorCpu),
              ratio: Math.round((cpuP95 / floorCpu) * 100) / 100,
              ratioLabel: '× the blank page',
            },
          }
        : {}),
    },
    ...(floorCpu !== undefined
      ? [
          {
            id: `${id}.main.cpuP95BeyondFloor`,
            label: `${label} main-thread CPU per frame p95 beyond the blank page's (same run, thread time: not lengthened by waiting for a core)`,
            value: ms(Math.max(0, cpuP95 - floorCpu)),
            unit: 'ms',
            better: 'lower' as const,
            ...beyondGoal,
          },
        ]
      : []),
    {
      id: `${id}.longTasks`,
      label: `${label} long tasks (> ${LONG_TASK_MS} ms, own work)`,
      value: summary.longTasks,
      unit: `tasks (${summary.longTasksWithReadback} counting the readback, commit waits and driver)`,
      better: 'lower',
      ...(longGoal !== undefined
        ? { goal: { op: '<=' as const, value: longGoal, text: `${longGoal} at 4× CPU` } }
        : {}),
    },
    {
      id: `${id}.commitWaitP95`,
      label: `${label} commit wait for the compositor per frame p95 (not in the work)`,
      value: ms(
        percentile(
          [...summary.commitWaitPerFrame].sort((x, y) => x - y),
          95,
        ),
      ),
      unit: `ms (${Math.round(summary.commitWaitShare * 1000) / 10} % of main thread)`,
      better: 'lower',
    },
    {
      id: `${id}.driverP95`,
      label: `${label} benchmark driver's CDP commands per frame p95 (not in the work)`,
      value: ms(
        percentile(
          [...summary.driverPerFrame].sort((x, y) => x - y),
          95,
        ),
      ),
      unit: `ms (${Math.round((summary.driverMs / Math.max(1, summary.busyMs)) * 1000) / 10} % of main thread)`,
      better: 'lower',
    },
    {
      id: `${id}.readbackShare`,
      label: `${label} main thread waiting on WebGL readback`,
      value: Math.round(summary.readbackShare * 1000) / 10,
      unit: '%',
      better: 'lower',
    },
  ];
}

/** The render worker's work per frame (less the software readback), goal at 4× CPU on wall and thread time. */
function renderWorkerFigures(
  id: string,
  label: string,
  summary: WorkerThreadSummary,
  budgets?: Budgets,
): BenchFigure[] {
  const goal = budgets?.frames?.renderWorkerP95AtCpu4xMs;
  const withGoal =
    goal !== undefined
      ? { goal: { op: '<=' as const, value: goal, text: `p95 ≤ ${goal} ms at 4× CPU` } }
      : {};
  const ms = (v: number) => Math.round(v * 100) / 100;
  const work = [...summary.workPerFrame].sort((a, b) => a - b);
  const cpu = [...summary.cpuPerFrame].sort((a, b) => a - b);
  return [
    {
      id: `${id}.render.p50`,
      label: `${label} render worker work per frame p50 (wall time, less the readback; ${work.length} frames)`,
      value: ms(percentile(work, 50)),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: `${id}.render.p95`,
      label: `${label} render worker work per frame p95 (wall time, less the readback)`,
      value: ms(percentile(work, 95)),
      unit: 'ms',
      better: 'lower',
      ...withGoal,
    },
    {
      id: `${id}.render.cpuP95`,
      label: `${label} render worker CPU per frame p95 (thread time, less the readback's)`,
      value: ms(percentile(cpu, 95)),
      unit: 'ms',
      better: 'lower',
      ...withGoal,
    },
    {
      id: `${id}.render.longTasks`,
      label: `${label} render worker tasks over ${LONG_TASK_MS} ms (own work)`,
      value: summary.longTasks,
      unit: 'tasks',
      better: 'lower',
    },
    {
      id: `${id}.render.readbackShare`,
      label: `${label} render worker waiting on the WebGL readback`,
      value: Math.round(summary.readbackShare * 1000) / 10,
      unit: '%',
      better: 'lower',
    },
  ];
}

/** Frames the scene drew per second and its draw calls per frame, counted where it draws. */
function drawingFigures(id: string, label: string, drawing: DrawingSummary, realm: string): BenchFigure[] {
  return [
    {
      id: `${id}.drawnFps`,
      label: `${label} frames the scene drew per second (counted in its ${realm})`,
      value: Math.round(drawing.drawnFps * 10) / 10,
      unit: 'fps',
      better: 'higher',
    },
    {
      id: `${id}.drawCalls`,
      label: `${label} WebGL draw calls per drawn frame, mean (${drawing.drawnFrames} frames)`,
      value: Math.round(drawing.drawCallsMean * 10) / 10,
      unit: `calls (p95 ${drawing.drawCallsP95})`,
      better: 'lower',
    },
  ];
}

export default part;

/**
 * With the `offscreen` part in the same run: its bare-Pixi worker's work per frame p95 (wall
 * and thread time) as the baseline of each game's render worker figure at 4× CPU, so the table
 * shows them side by side (`--only frames,offscreen`).
 */
export function attachBarePixiBaseline(parts: readonly { name: string; figures: BenchFigure[] }[]): void {
  const offscreen = parts.find((p) => p.name === 'offscreen')?.figures ?? [];
  const frames = parts.find((p) => p.name === 'frames')?.figures ?? [];
  for (const kind of ['p95', 'cpuP95'] as const) {
    const bare = offscreen.find((f) => f.id === `offscreen.worker.cpu4x.render.${kind}`);
    if (!bare || !(bare.value > 0)) continue;
    for (const figure of frames) {
      if (!figure.id.endsWith(`.cpu4x.render.${kind}`) || figure.baseline) continue;
      figure.baseline = {
        label: 'bare Pixi in a worker (offscreen part), same run',
        value: bare.value,
        ratio: Math.round((figure.value / bare.value) * 100) / 100,
        ratioLabel: '× bare Pixi',
      };
    }
  }
}
