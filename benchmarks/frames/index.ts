/**
 * Frames of each game page's scripted scene (benchmarks/scenes.ts), unthrottled and with
 * 4× CPU throttling (Emulation.setCPUThrottlingRate), in two figures:
 * (a) main-thread work per frame, from a trace recorded over the same window (lib/trace.ts):
 *     the page's own work, without the WebGL readback that software compositing adds, the
 *     commit's wait for the (software-drawing) compositor thread, nor the CDP commands of
 *     the benchmark's own driver;
 * (b) the frame interval, from rAF timestamps collected in the page.
 * Beside (a): its p95 beyond the same run's blank page by wall and thread time (for a scene whose
 * loop clicks, also beyond a blank page clicked as often); where the scene
 * draws in a render worker, that worker's work per frame from the same trace; and the frames the
 * scene drew per second and its draw calls per frame, counted where it draws (lib/drawing.ts).
 * A game on the runtime is measured once per render path (scenes.ts, `renderPaths`).
 * Once per run, on the first page, a calibration: how much "4×" slowed a fixed piece of script.
 * Headless Chromium renders WebGL in software (SwiftShader) and composites in software, so
 * (b) is bound by that renderer on canvas games; the readback's share of main-thread time shows it.
 * Here the rounds, the pages and the rates are driven; a recording's figures are figures.ts (with
 * drawing.ts and input.ts), the blank page floor.ts, the calibration calibration.ts, the rounds'
 * medians rounds.ts.
 */

import { loadavg } from 'node:os';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { type Budgets, loadBudgets } from '../lib/budgets.ts';
import { summarizeDrawing } from '../lib/drawing.ts';
import { summarizeInputLatency } from '../lib/inputLatency.ts';
import { type Isolation, isolateMainThread, isolationRequested } from '../lib/isolate.ts';
import {
  loopSteps,
  runSteps,
  setCpuThrottling,
  startFrameRecording,
  startTrace,
  stopFrameRecording,
} from '../lib/pagedriver.ts';
import { errorNote, openScene, presentScenes } from '../lib/pages.ts';
import { ensureBuild, ensureServer, launchBrowser, recordServerUser, siteOptions } from '../lib/site.ts';
import { frameDeltas, frameStats, histogram } from '../lib/stats.ts';
import { summarizeMainThread } from '../lib/trace.ts';
import { type RenderPath, renderPathUrl, type Scene } from '../scenes.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';
import { calibration } from './calibration.ts';
import { countDrawing, renderWorkerSummary } from './drawing.ts';
import { CPU_RATES, DISPLAY_INTERVAL_MS, frameFigures } from './figures.ts';
import { type FloorRun, floorFigures, measureFloor } from './floor.ts';
import { inputFigures, recordInputs } from './input.ts';
import { combineRuns } from './rounds.ts';

/** What every page of a run is measured with. */
interface RunSettings {
  ctx: BenchContext;
  browser: Browser;
  origin: string;
  recordMs: number;
  warmupMs: number;
  inputMs: number;
  budgets: Budgets;
}

/** A game page open for measuring, with its scene's input loop (replaced when it restarts). */
interface MeasuredPage {
  page: Page;
  cdp: CDPSession;
  scene: Scene;
  render: RenderPath | undefined;
  input: { loop: ReturnType<typeof loopSteps> };
}

/** What the pages of a run learn as they go, for the next pages and the run's notes. */
interface RunState {
  /** BENCH_ISOLATE=1: the main thread on a core of its own (lib/isolate.ts), while that works. */
  isolate: boolean;
  /** The calibration runs once, on the first page. */
  calibrated: boolean;
  /** Canvas games that draw on the page only (not on the game runtime yet), for the notes. */
  pageOnly: Set<string>;
  /** Pages whose input marks did not show up (not ported to the markers yet), for the notes. */
  noMarks: Set<string>;
}

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
    const browser = await launchBrowser(ctx);
    const settings: RunSettings = {
      ctx,
      browser,
      origin: server.origin,
      recordMs: siteOptions().framesMs,
      warmupMs: ctx.quick ? 1000 : 3000,
      inputMs: ctx.quick ? 3000 : 6000,
      budgets: loadBudgets(),
    };
    const runs = Math.max(1, siteOptions().framesRuns ?? 1);
    const state: RunState = {
      isolate: isolationRequested(),
      calibrated: false,
      pageOnly: new Set(),
      noMarks: new Set(),
    };
    // A game on the runtime once per render path: its default (the worker) and the fallback.
    const variants = scenes.flatMap((scene) =>
      (scene.renderPaths ?? [undefined]).map((render) => ({ scene, render })),
    );
    const rounds: BenchFigure[][] = [];
    try {
      for (let round = 1; round <= runs; round++) {
        const loadAtStart = loadavg()[0];
        if (runs > 1) ctx.progress(`run ${round} of ${runs} (load average ${loadAtStart.toFixed(2)})`);
        // Each run's figures, beside its own blank page (before the games and after them).
        const figures: BenchFigure[] = [];
        const floors: FloorRun[] = [];
        const floor = async (when: FloorRun['when'], clicked = false) => {
          try {
            floors.push(
              await measureFloor(
                ctx,
                browser,
                server.origin,
                settings.recordMs,
                settings.warmupMs,
                when,
                clicked,
              ),
            );
          } catch (error) {
            ctx.note?.(
              `${clicked ? 'clicked ' : ''}blank page: not measured: ${(error as Error).message.split('\n')[0]}`,
            );
          }
        };
        await floor('before');
        // The floor under the pages whose loop clicks, once, where one is measured.
        if (variants.some(({ scene }) => scene.clicked)) await floor('before', true);
        const before = floors.find((f) => f.when === 'before' && !f.clicked);
        const clickedBefore = floors.find((f) => f.when === 'before' && f.clicked);
        for (const { scene, render } of variants)
          figures.push(
            ...(await measurePage(
              settings,
              state,
              scene,
              render,
              { plain: before, clicked: scene.clicked ? clickedBefore : undefined },
              round === 1 ? ctx.chart : undefined,
            )),
          );
        await floor('after');
        figures.push(...floorFigures(floors));
        rounds.push(figures);
        if (runs > 1)
          ctx.note?.(
            `run ${round} of ${runs}: load average ${loadAtStart.toFixed(2)} at its start, ${loadavg()[0].toFixed(2)} at its end`,
          );
      }
      if (state.pageOnly.size)
        ctx.note?.(
          `drawn on the page's thread only, not on the game runtime yet (one render path): ${[...state.pageOnly].join(', ')}`,
        );
      for (const page of state.noMarks)
        ctx.note?.(`input to screen, ${page}: no marks yet (the page does not call markInput)`);
    } finally {
      await browser.close();
    }
    return combineRuns(rounds);
  },
};

/**
 * One game page on one render path: opened, its scene's loop run, recorded at each CPU rate
 * (and its input to screen where the scene has inputs). A page that fails is a note, not a throw.
 */
async function measurePage(
  settings: RunSettings,
  state: RunState,
  baseScene: Scene,
  render: RenderPath | undefined,
  floors: { plain?: FloorRun; clicked?: FloorRun },
  chart: BenchContext['chart'],
): Promise<BenchFigure[]> {
  const { plain: before, clicked: clickedBefore } = floors;
  const { ctx, browser, origin, recordMs, warmupMs, budgets } = settings;
  const scene: Scene = { ...baseScene, path: renderPathUrl(baseScene.path, render) };
  const figures: BenchFigure[] = [];
  ctx.progress(`${scene.path}: ${scene.description}`);
  let opened: Awaited<ReturnType<typeof openScene>> | null = null;
  try {
    opened = await openScene(browser, origin, scene);
    const { page } = opened;
    const cdp = await page.context().newCDPSession(page);
    if (!state.calibrated) {
      // Once, on the first page, before its input starts: what 4× does to a fixed piece of script.
      state.calibrated = true;
      figures.push(...(await calibration(ctx, page, cdp, state.isolate)));
    }
    let isolation: Isolation | null = null;
    if (state.isolate) {
      try {
        isolation = await isolateMainThread(cdp);
      } catch (error) {
        state.isolate = false;
        ctx.note?.(
          `main thread not isolated, measured on shared cores: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    }
    const input = { loop: loopSteps(page, scene.loop) };
    const measured: MeasuredPage = { page, cdp, scene, render, input };
    try {
      await page.waitForTimeout(warmupMs);
      const drawing = await countDrawing(ctx, page, scene.path, render);
      if (drawing?.realm === 'page' && !render) state.pageOnly.add(scene.path.split('?')[0]);
      // The unthrottled recording's CPU beyond the blank page, for the 4× proposed figure.
      let unthrottledCpuBeyondFloor: number | undefined;
      let unthrottledCpuBeyondClickedFloor: number | undefined;
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
        const recorded = frameFigures(scene.slug, scene.path, rate, timestamps, budgets, mainThread, {
          isolated: isolation !== null,
          floor:
            before?.p95[rate] !== undefined
              ? { p95: before.p95[rate], cpuP95: before.cpuP95[rate] }
              : undefined,
          render,
          renderWorker,
          drawing: drawn,
          unthrottledCpuBeyondFloor: rate > 1 ? unthrottledCpuBeyondFloor : undefined,
          clickedFloor:
            clickedBefore?.cpuP95[rate] !== undefined ? { cpuP95: clickedBefore.cpuP95[rate] } : undefined,
          unthrottledCpuBeyondClickedFloor: rate > 1 ? unthrottledCpuBeyondClickedFloor : undefined,
        });
        if (rate === 1) {
          unthrottledCpuBeyondFloor = recorded.find((f) => f.id.endsWith('.main.cpuP95BeyondFloor'))?.value;
          unthrottledCpuBeyondClickedFloor = recorded.find((f) =>
            f.id.endsWith('.main.cpuP95BeyondClickedFloor'),
          )?.value;
        }
        figures.push(...recorded);
        if (scene.inputs?.length) {
          // The measured frame interval: the scene's drawn frames where counted, else the page's.
          const intervalMs = drawn?.drawnFps
            ? 1000 / drawn.drawnFps
            : frameStats(timestamps, DISPLAY_INTERVAL_MS).p50;
          figures.push(...(await measureInputToScreen(settings, state, measured, rate, intervalMs)));
        }
        drawCharts(chart, scene, render, rate, timestamps, mainThread, budgets);
      }
      await setCpuThrottling(cdp, 1);
    } finally {
      await input.loop
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
  return figures;
}

/**
 * Input to screen, in a window of its own: the scene's loop paused (and started again after,
 * into `input.loop`), the scene's inputs repeated for the run's input time.
 */
async function measureInputToScreen(
  { ctx, inputMs, budgets }: RunSettings,
  state: RunState,
  { page, cdp, scene, render, input }: MeasuredPage,
  rate: number,
  intervalMs: number,
): Promise<BenchFigure[]> {
  await input.loop.stop();
  ctx.progress(`${scene.path}: input to screen, ${inputMs / 1000} s at ${rate}× CPU…`);
  if (scene.inputSetup) await runSteps(page, scene.inputSetup);
  const pairing = await recordInputs(page, cdp, scene.inputs ?? [], inputMs);
  if (scene.inputRestore) await runSteps(page, scene.inputRestore);
  input.loop = loopSteps(page, scene.loop);
  const summary = summarizeInputLatency(pairing, intervalMs);
  if (summary) return inputFigures(scene.slug, scene.path, rate, summary, budgets, render);
  if (pairing.pairs.length + pairing.unshown.length === 0)
    state.noMarks.add(`${scene.path} (${scene.inputKind ?? 'input'})`);
  else
    ctx.note?.(
      `${scene.path} at ${rate}× CPU: ${pairing.unshown.length} input mark(s), none shown by a frame`,
    );
  return [];
}

/** The first round's charts of one recording: frame times, and main-thread work per frame. */
function drawCharts(
  chart: BenchContext['chart'],
  scene: Scene,
  render: RenderPath | undefined,
  rate: number,
  timestamps: number[],
  mainThread: ReturnType<typeof summarizeMainThread>,
  budgets: Budgets,
): void {
  if (!chart) return;
  const id = `frames-${scene.slug}${render === 'main' ? '-render-main' : ''}-cpu${rate}x`;
  chart({
    kind: 'histogram',
    id,
    title: `Frame times ${scene.path} at ${rate}× CPU (${timestamps.length} frames)`,
    unit: 'ms',
    ...histogram(frameDeltas(timestamps), 0, 2.5, 24),
    markers: [
      { value: DISPLAY_INTERVAL_MS, label: '60 Hz' },
      { value: 2 * DISPLAY_INTERVAL_MS, label: '30 Hz' },
    ],
  });
  if (!mainThread?.workPerFrame.length) return;
  const goal = budgets.frames?.mainThreadP95AtCpu4xMs;
  chart({
    kind: 'histogram',
    id: `${id}-main`,
    title: `Main-thread work ${scene.path} at ${rate}× CPU (${mainThread.workPerFrame.length} frames)`,
    unit: 'ms',
    ...histogram(mainThread.workPerFrame, 0, 1, 24),
    markers: goal !== undefined ? [{ value: goal, label: `${goal} ms goal` }] : [],
  });
}

export default part;
