/**
 * The figures of one recording of a game page at one CPU rate, with their goals: main-thread
 * work per frame (a) from the trace, beside the blank page; the render worker's and what the
 * scene drew (drawing.ts); and the frame interval (b) from rAF timestamps.
 */

import type { Budgets } from '../lib/budgets.ts';
import type { DrawingSummary } from '../lib/drawing.ts';
import { frameStats, percentile } from '../lib/stats.ts';
import { LONG_TASK_MS, type MainThreadSummary, type WorkerThreadSummary } from '../lib/trace.ts';
import type { RenderPath } from '../scenes.ts';
import type { BenchFigure } from '../types.ts';
import { drawingFigures, renderWorkerFigures } from './drawing.ts';

/** Headless Chromium paces rAF at 60 Hz: a frame every 16.7 ms is the best a page can do there. */
export const DISPLAY_INTERVAL_MS = 1000 / 60;
/** Each page is recorded unthrottled and at 4× CPU, the low-end phone stand-in that carries the goals. */
export const CPU_RATES = [1, 4];

/** p95 of per-frame times given in any order. */
export function p95Of(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
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
  /**
   * The same page's main-thread CPU per frame p95 beyond the blank page unthrottled, in this
   * run: scaled by the rate, it is the proposed stand-in for a phone that rate slower (see
   * mainThreadFigures).
   */
  unthrottledCpuBeyondFloor?: number;
  /**
   * For a scene whose loop clicks (scenes.ts, `clicked`): the clicked blank page's CPU per
   * frame p95 at the same rate, in this run, and this page's unthrottled CPU beyond it.
   */
  clickedFloor?: { cpuP95: number };
  unthrottledCpuBeyondClickedFloor?: number;
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
  const {
    isolated = false,
    floor,
    render,
    renderWorker,
    drawing,
    unthrottledCpuBeyondFloor,
    clickedFloor,
    unthrottledCpuBeyondClickedFloor,
  } = options;
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
    ...(throttled && unthrottledCpuBeyondFloor !== undefined
      ? [scaledFigure(id, label, cpuRate, unthrottledCpuBeyondFloor, beyondFloorGoal)]
      : []),
    ...(mainThread && clickedFloor
      ? clickedFloorFigures(
          id,
          label,
          cpuRate,
          p95Of(mainThread.cpuPerFrame),
          clickedFloor.cpuP95,
          throttled ? unthrottledCpuBeyondClickedFloor : undefined,
          beyondFloorGoal,
        )
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

/**
 * The proposed figure for a phone `rate` times slower: the unthrottled main-thread CPU per
 * frame p95 beyond the blank page, times the rate. The throttle's own figure at that rate
 * stays reported and keeps its goal; this one carries the same goal, marked as proposed.
 * Why: DevTools' throttle spins on the main thread for (rate − 1) × the wall time since it
 * last let go (lib/threadCpu.ts), so at 4× every preemption by the render worker, the GPU
 * process or the bench itself is charged three times over as thread time, and an idle page
 * keeps three quarters of one of this machine's two cores busy. A slower phone does the
 * same work slower, no more of it.
 */
function scaledFigure(
  id: string,
  label: string,
  rate: number,
  unthrottledBeyond: number,
  goal?: number,
  /** Which blank page the 1× figure is beyond: the plain one, or the one clicked as often. */
  beside: { id: string; text: string } = { id: 'Floor', text: 'the blank page' },
): BenchFigure {
  return {
    id: `${id}.main.cpuP95Beyond${beside.id}From1x`,
    label: `${label} main-thread CPU per frame p95 beyond ${beside.text}, as ${rate} × the 1× figure (proposed stand-in for a phone ${rate}× slower)`,
    value: Math.round(rate * unthrottledBeyond * 100) / 100,
    unit: 'ms',
    better: 'lower',
    ...(goal !== undefined
      ? {
          goal: {
            op: '<=' as const,
            value: goal,
            text: `≤ ${goal} ms beyond ${beside.text} as ${rate} × the 1× thread time (proposed)`,
          },
        }
      : {}),
  };
}

/**
 * A clicked page's CPU per frame p95 beyond the clicked blank page (floor.ts) at this rate, and
 * at 4× the proposed figure from it: the rate times the unthrottled one, with the goal of the
 * figure beyond the blank page, marked as proposed. The click's own cost in Chromium is then
 * not counted as the page's work.
 */
function clickedFloorFigures(
  id: string,
  label: string,
  rate: number,
  cpuP95: number,
  clickedFloorCpuP95: number,
  unthrottledBeyond?: number,
  goal?: number,
): BenchFigure[] {
  const ms = (v: number) => Math.round(v * 100) / 100;
  const figures: BenchFigure[] = [
    {
      id: `${id}.main.cpuP95BeyondClickedFloor`,
      label: `${label} main-thread CPU per frame p95 beyond the blank page clicked as often (same run, thread time)`,
      value: ms(Math.max(0, cpuP95 - clickedFloorCpuP95)),
      unit: 'ms',
      better: 'lower',
      baseline: {
        label: 'clicked blank page, same run',
        value: ms(clickedFloorCpuP95),
        ratio: clickedFloorCpuP95 > 0 ? Math.round((cpuP95 / clickedFloorCpuP95) * 100) / 100 : 0,
        ratioLabel: '× the clicked blank page',
      },
    },
  ];
  if (unthrottledBeyond !== undefined)
    figures.push(
      scaledFigure(id, label, rate, unthrottledBeyond, goal, {
        id: 'ClickedFloor',
        text: 'the blank page clicked as often',
      }),
    );
  return figures;
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
  const cpuP95 = p95Of(summary.cpuPerFrame);
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
  // Beside the blank page of the same run: a ratio that the machine's load moves less.
  const besideFloor = (value: number, base: number) => ({
    baseline: {
      label: 'blank page, same run',
      value: ms(base),
      ratio: Math.round((value / base) * 100) / 100,
      ratioLabel: '× the blank page',
    },
  });
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
      ...(floor !== undefined ? besideFloor(p95, floor) : {}),
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
      ...(floorCpu !== undefined && floorCpu > 0 ? besideFloor(cpuP95, floorCpu) : {}),
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
      value: ms(p95Of(summary.commitWaitPerFrame)),
      unit: `ms (${Math.round(summary.commitWaitShare * 1000) / 10} % of main thread)`,
      better: 'lower',
    },
    {
      id: `${id}.driverP95`,
      label: `${label} benchmark driver's CDP commands per frame p95 (not in the work)`,
      value: ms(p95Of(summary.driverPerFrame)),
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
