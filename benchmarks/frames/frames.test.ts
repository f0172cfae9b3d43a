import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_SLUGS } from '../../src/routeTable.ts';
import { isViolation, loadBudgets } from '../lib/budgets.ts';
import { type MainThreadSummary, summarizeMainThread, type TraceEvent } from '../lib/trace.ts';
import { SCENES } from '../scenes.ts';
import type { BenchFigure } from '../types.ts';
import { attachBarePixiBaseline, renderWorkerSummary } from './drawing.ts';
import { frameFigures, p95Of } from './figures.ts';
import { CLICKED_FLOOR_HTML, CLICKED_FLOOR_LOOP, floorFigures, floorP95 } from './floor.ts';
import { inputFigures } from './input.ts';
import { combineRuns } from './rounds.ts';

/** rAF timestamps every `interval` ms, `count` frames. */
const steady = (interval: number, count: number) => Array.from({ length: count }, (_, i) => i * interval);

describe('frame figures', () => {
  const budgets = loadBudgets();

  it('carries the issues’ p95 goal at 4× CPU for the games that name one', () => {
    const slow = frameFigures('gravity', '/gravity?preset=proto-disk', 4, steady(50, 60), budgets);
    const p95 = slow.find((f) => f.id === 'frames.gravity.cpu4x.p95')!;
    expect(p95.goal).toEqual({ op: '<=', value: 16.7, text: 'p95 ≤ 16.7 ms at 4× CPU' });
    expect(isViolation(p95)).toBe(true);
    const smooth = frameFigures('lunar-lander', '/lunar-lander', 4, steady(1000 / 60, 120), budgets);
    expect(isViolation(smooth.find((f) => f.id === 'frames.lunar-lander.cpu4x.p95')!)).toBe(false);
  });

  it('meets the 16.7 ms goal at a steady 60 Hz whose rounded timestamps read 16.6–16.8 ms, and not with 1 frame in 10 late', () => {
    // Vsync times carry a few tens of µs of jitter, and Chromium rounds them to 0.1 ms.
    const rounded = (times: number[]) => times.map((t, i) => Math.round((t + (i % 2) * 0.06) * 10) / 10);
    const onTime = frameFigures('whac-a-moji', '/whac-a-moji', 4, rounded(steady(1000 / 60, 180)), budgets);
    expect(onTime.find((f) => f.id === 'frames.whac-a-moji.cpu4x.p95raw')?.value).toBe(16.8);
    const p95 = onTime.find((f) => f.id === 'frames.whac-a-moji.cpu4x.p95')!;
    expect(p95.value).toBe(16.67);
    expect(isViolation(p95)).toBe(false);
    // Every tenth frame misses one vsync: 10 % of intervals are 33.3 ms.
    const late: number[] = [0];
    for (let i = 1; i < 180; i++) late.push(late[i - 1] + (i % 10 === 0 ? 2000 / 60 : 1000 / 60));
    const missed = frameFigures('whac-a-moji', '/whac-a-moji', 4, rounded(late), budgets);
    expect(isViolation(missed.find((f) => f.id === 'frames.whac-a-moji.cpu4x.p95')!)).toBe(true);
  });

  it('has no goal unthrottled; every game page has the 4× interval goal', () => {
    const unthrottled = frameFigures('gravity', '/gravity', 1, steady(50, 60), budgets);
    expect(unthrottled.some((f) => f.goal)).toBe(false);
    for (const slug of GAME_SLUGS) {
      const figures = frameFigures(slug, `/${slug}`, 4, steady(50, 60), budgets);
      expect(figures.find((f) => f.id === `frames.${slug}.cpu4x.p95`)?.goal?.value).toBe(16.7);
    }
  });

  const summary = (readbackShare: number, work: number[], longTasks = 0): MainThreadSummary => ({
    workPerFrame: work,
    cpuPerFrame: work.map((w) => w / 2),
    longTasks,
    longTasksWithReadback: longTasks + 2,
    busyMs: 1000,
    readbackMs: 1000 * readbackShare,
    readbackShare,
    commitWaitMs: 0,
    commitWaitShare: 0,
    commitWaitPerFrame: work.map(() => 0),
    driverMs: 0,
    driverPerFrame: work.map(() => 0),
  });

  it('reports main-thread work per frame against the 8 ms goal and long tasks against 0, at 4× CPU', () => {
    const work = Array.from({ length: 100 }, (_, i) => (i < 94 ? 3 : 12));
    const figures = frameFigures(
      'race',
      '/race?seed=1',
      4,
      steady(1000 / 60, 120),
      budgets,
      summary(0.1, work, 1),
    );
    const p95 = figures.find((f) => f.id === 'frames.race.cpu4x.main.p95')!;
    expect(p95.value).toBe(12);
    expect(p95.goal?.value).toBe(8);
    expect(isViolation(p95)).toBe(true);
    const long = figures.find((f) => f.id === 'frames.race.cpu4x.longTasks')!;
    expect(long.value).toBe(1);
    expect(long.unit).toContain('3 counting the readback, commit waits and driver');
    expect(isViolation(long)).toBe(true);
    expect(figures.find((f) => f.id === 'frames.race.cpu4x.readbackShare')?.value).toBe(10);
  });

  it('reports a renderer-bound frame interval without its goal, and says why in the label', () => {
    const bound = frameFigures('gravity', '/gravity', 4, steady(50, 60), budgets, summary(0.7, [2, 3]));
    const p95 = bound.find((f) => f.id === 'frames.gravity.cpu4x.p95')!;
    expect(p95.value).toBe(50);
    expect(p95.goal).toBeUndefined();
    expect(p95.label).toContain('renderer-bound: readback 70 %');
    expect(isViolation(bound.find((f) => f.id === 'frames.gravity.cpu4x.main.p95')!)).toBe(false);
    const notBound = frameFigures('gravity', '/gravity', 4, steady(50, 60), budgets, summary(0.2, [2, 3]));
    expect(isViolation(notBound.find((f) => f.id === 'frames.gravity.cpu4x.p95')!)).toBe(true);
  });

  it('puts no main-thread goals on unthrottled runs', () => {
    const figures = frameFigures('race', '/race', 1, steady(1000 / 60, 60), budgets, summary(0, [20], 3));
    expect(figures.some((f) => f.goal)).toBe(false);
  });

  it('sets (a) p95 beside the same run’s blank page: a ratio and the part beyond it, the goal unchanged', () => {
    const work = Array.from({ length: 100 }, (_, i) => (i < 94 ? 3 : 12));
    const figures = frameFigures('race', '/race', 4, steady(1000 / 60, 120), budgets, summary(0, work), {
      floor: { p95: 4 },
    });
    const p95 = figures.find((f) => f.id === 'frames.race.cpu4x.main.p95')!;
    expect(p95.baseline).toEqual({
      label: 'blank page, same run',
      value: 4,
      ratio: 3,
      ratioLabel: '× the blank page',
    });
    expect(p95.goal?.value).toBe(8);
    expect(isViolation(p95)).toBe(true);
    expect(figures.find((f) => f.id === 'frames.race.cpu4x.main.p95BeyondFloor')?.value).toBe(8);
    // A page lighter than the blank one reads 0 beyond it, not a negative time.
    const light = frameFigures('race', '/race', 4, steady(1000 / 60, 120), budgets, summary(0, [1, 2]), {
      floor: { p95: 4 },
    });
    expect(light.find((f) => f.id === 'frames.race.cpu4x.main.p95BeyondFloor')?.value).toBe(0);
    // No floor measured (or a trace without frames): no baseline, no figure beyond it.
    const none = frameFigures('race', '/race', 4, steady(1000 / 60, 120), budgets, summary(0, work));
    expect(none.find((f) => f.id === 'frames.race.cpu4x.main.p95')?.baseline).toBeUndefined();
    expect(none.some((f) => f.id.endsWith('p95BeyondFloor'))).toBe(false);
  });

  it('reports the blank page before and after the games at each rate, without a goal', () => {
    const figures = floorFigures([
      { when: 'before', p95: { 1: 1.234, 4: 7.5 }, cpuP95: {}, load: 1.2 },
      { when: 'after', p95: { 4: 9.1 }, cpuP95: {}, load: 2.25 },
    ]);
    expect(figures.map((f) => [f.id, f.value])).toEqual([
      ['frames.floor.cpu1x.main.p95.before', 1.23],
      ['frames.floor.cpu4x.main.p95.before', 7.5],
      ['frames.floor.cpu4x.main.p95.after', 9.1],
    ]);
    expect(figures.some((f) => f.goal)).toBe(false);
    expect(figures[2].label).toContain('after the games (load 2.3)');
    const withCpu = floorFigures([{ when: 'before', p95: { 4: 7.5 }, cpuP95: { 4: 3.456 }, load: 1 }]);
    expect(withCpu.map((f) => [f.id, f.value])).toEqual([
      ['frames.floor.cpu4x.main.p95.before', 7.5],
      ['frames.floor.cpu4x.main.cpuP95.before', 3.46],
    ]);
  });

  it('reports the share of a core the blank page’s main thread and the throttle used', () => {
    const figures = floorFigures([
      {
        when: 'before',
        p95: { 1: 1, 4: 7.5 },
        cpuP95: {},
        coreShare: { 1: { main: 0.0312, throttler: 0 }, 4: { main: 0.7571, throttler: 0.076 } },
        load: 1,
      },
    ]);
    const shares = figures.filter((f) => f.id.includes('coreShare'));
    expect(shares.map((f) => [f.id, f.value])).toEqual([
      ['frames.floor.cpu1x.main.coreShare.before', 3.1],
      ['frames.floor.cpu4x.main.coreShare.before', 75.7],
    ]);
    expect(shares[1].unit).toBe("% of a core (the throttle's own thread 7.6 % more)");
    expect(shares.some((f) => f.goal)).toBe(false);
  });

  const tail = (p95: number) => Array.from({ length: 100 }, (_, i) => (i < 94 ? 1 : p95));
  /** Gravity's figures at `rate` from a steady 60 Hz recording whose p95 of work is 9 ms. */
  const gravityFigures = (rate: number, options: Parameters<typeof frameFigures>[6]) =>
    frameFigures('gravity', '/gravity', rate, steady(1000 / 60, 120), budgets, summary(0, tail(9)), options);

  it('proposes 4 × the unthrottled CPU beyond the blank page beside the 4× figure, with the same goal', () => {
    const at4 = gravityFigures(4, {
      floor: { p95: 6, cpuP95: 2 },
      unthrottledCpuBeyondFloor: 0.53,
    });
    const measured = at4.find((f) => f.id === 'frames.gravity.cpu4x.main.cpuP95BeyondFloor')!;
    const scaled = at4.find((f) => f.id === 'frames.gravity.cpu4x.main.cpuP95BeyondFloorFrom1x')!;
    expect(scaled.value).toBe(2.12);
    expect(scaled.goal).toMatchObject({ op: '<=', value: measured.goal?.value });
    expect(scaled.goal?.text).toContain('proposed');
    expect(isViolation(scaled)).toBe(true);
    const lighter = gravityFigures(4, {
      floor: { p95: 6, cpuP95: 2 },
      unthrottledCpuBeyondFloor: 0.4,
    });
    expect(isViolation(lighter.find((f) => f.id.endsWith('From1x'))!)).toBe(false);
    // Only beside a throttled recording, and without a goal on the fallback path.
    const at1 = gravityFigures(1, {
      unthrottledCpuBeyondFloor: 0.53,
    });
    expect(at1.some((f) => f.id.endsWith('From1x'))).toBe(false);
    const fallback = gravityFigures(4, {
      render: 'main',
      unthrottledCpuBeyondFloor: 0.53,
    });
    expect(fallback.find((f) => f.id.endsWith('From1x'))?.goal).toBeUndefined();
  });

  it('sets a clicked page beside the blank page clicked as often, and proposes 4 × its 1× figure with the same goal', () => {
    // Thread time is half the wall time in `summary`: a p95 of 4.5 ms.
    const whac = (rate: number, options: Parameters<typeof frameFigures>[6]) =>
      frameFigures(
        'whac-a-moji',
        '/whac-a-moji',
        rate,
        steady(1000 / 60, 120),
        budgets,
        summary(0, tail(9)),
        {
          floor: { p95: 6, cpuP95: 2 },
          ...options,
        },
      );
    const at1 = whac(1, { clickedFloor: { cpuP95: 3 } });
    const beyond = at1.find((f) => f.id === 'frames.whac-a-moji.cpu1x.main.cpuP95BeyondClickedFloor')!;
    expect(beyond.value).toBe(1.5);
    expect(beyond.baseline).toEqual({
      label: 'clicked blank page, same run',
      value: 3,
      ratio: 1.5,
      ratioLabel: '× the clicked blank page',
    });
    expect(beyond.goal).toBeUndefined();
    expect(at1.some((f) => f.id.endsWith('ClickedFloorFrom1x'))).toBe(false);
    const at4 = whac(4, { clickedFloor: { cpuP95: 3 }, unthrottledCpuBeyondClickedFloor: 1.6 });
    const scaled = at4.find((f) => f.id === 'frames.whac-a-moji.cpu4x.main.cpuP95BeyondClickedFloorFrom1x')!;
    const plain = at4.find((f) => f.id === 'frames.whac-a-moji.cpu4x.main.cpuP95BeyondFloor')!;
    expect(scaled.value).toBe(6.4);
    expect(scaled.goal).toMatchObject({ op: '<=', value: plain.goal?.value });
    expect(scaled.goal?.text).toContain('clicked as often');
    expect(isViolation(scaled)).toBe(true);
    // The figures beside the plain blank page stay as they were.
    expect(plain.value).toBe(2.5);
    // No clicked floor measured (a scene that does not click): no such figures.
    expect(whac(4, {}).some((f) => f.id.includes('ClickedFloor'))).toBe(false);
  });

  it('reports the clicked blank page under ids of its own', () => {
    const figures = floorFigures([
      { when: 'before', clicked: true, p95: { 1: 2.5 }, cpuP95: { 1: 2.04 }, load: 1 },
    ]);
    expect(figures.map((f) => [f.id, f.value])).toEqual([
      ['frames.floorClicked.cpu1x.main.p95.before', 2.5],
      ['frames.floorClicked.cpu1x.main.cpuP95.before', 2.04],
    ]);
    expect(figures[0].label).toContain('clicked blank page');
  });

  it('clicks the blank page only for the scenes whose loop clicks several times a second', () => {
    expect(SCENES.filter((s) => s.clicked).map((s) => s.slug)).toEqual(['whac-a-moji', 'crit-happens']);
    expect(CLICKED_FLOOR_HTML).toContain('<button id="tap"');
    expect(CLICKED_FLOOR_LOOP.filter((step) => 'tap' in step)).toHaveLength(2);
  });

  it('holds the work beyond the blank page to its game’s goal at 4× CPU, by wall time and by thread time', () => {
    const canvas = gravityFigures(4, {
      floor: { p95: 6, cpuP95: 2 },
    });
    const wall = canvas.find((f) => f.id === 'frames.gravity.cpu4x.main.p95BeyondFloor')!;
    expect(wall).toMatchObject({ value: 3, goal: { op: '<=', value: 2 } });
    expect(isViolation(wall)).toBe(true);
    // The summary's thread time is half the wall time: 4.5 ms, 2.5 beyond the blank page's 2.
    const cpu = canvas.find((f) => f.id === 'frames.gravity.cpu4x.main.cpuP95BeyondFloor')!;
    expect(cpu).toMatchObject({ value: 2.5, goal: { value: 2 } });
    expect(canvas.find((f) => f.id === 'frames.gravity.cpu4x.main.cpuP95')?.baseline?.ratio).toBe(2.25);
    const dom = frameFigures('synth', '/synth', 4, steady(1000 / 60, 120), budgets, summary(0, tail(9)), {
      floor: { p95: 6, cpuP95: 2 },
    });
    expect(dom.find((f) => f.id === 'frames.synth.cpu4x.main.p95BeyondFloor')?.goal?.value).toBe(6);
    expect(isViolation(dom.find((f) => f.id === 'frames.synth.cpu4x.main.cpuP95BeyondFloor')!)).toBe(false);
    const unthrottled = gravityFigures(1, {
      floor: { p95: 6, cpuP95: 2 },
    });
    expect(
      unthrottled.find((f) => f.id === 'frames.gravity.cpu1x.main.p95BeyondFloor')?.goal,
    ).toBeUndefined();
  });

  const worker = {
    workPerFrame: tail(12),
    cpuPerFrame: tail(5),
    busyMs: 1000,
    readbackMs: 400,
    readbackShare: 0.4,
    longTasks: 1,
  };
  const drawing = { drawnFps: 44.44, drawCallsMean: 7.25, drawCallsP95: 9, drawnFrames: 120 };

  it('reports the render worker’s work per frame against 8 ms at 4× CPU, and what the scene drew', () => {
    const figures = frameFigures(
      'gravity',
      '/gravity?preset=proto-disk',
      4,
      steady(1000 / 60, 120),
      budgets,
      summary(0, [1, 2]),
      {
        render: 'worker',
        renderWorker: worker,
        drawing,
      },
    );
    const p95 = figures.find((f) => f.id === 'frames.gravity.cpu4x.render.p95')!;
    expect(p95).toMatchObject({ value: 12, goal: { op: '<=', value: 8 } });
    expect(p95.label).toBe(
      '/gravity (render worker) 4× CPU render worker work per frame p95 (wall time, less the readback)',
    );
    expect(isViolation(p95)).toBe(true);
    expect(isViolation(figures.find((f) => f.id === 'frames.gravity.cpu4x.render.cpuP95')!)).toBe(false);
    expect(figures.find((f) => f.id === 'frames.gravity.cpu4x.render.readbackShare')?.value).toBe(40);
    expect(figures.find((f) => f.id === 'frames.gravity.cpu4x.drawnFps')).toMatchObject({
      value: 44.4,
      unit: 'fps',
    });
    expect(figures.find((f) => f.id === 'frames.gravity.cpu4x.drawnFps')?.label).toContain(
      'counted in its render worker',
    );
    expect(figures.find((f) => f.id === 'frames.gravity.cpu4x.drawCalls')).toMatchObject({
      value: 7.3,
      unit: 'calls (p95 9)',
    });
  });

  it('reports the fallback path under ids of its own and without goals', () => {
    const figures = frameFigures(
      'gravity',
      '/gravity?preset=proto-disk&render=main',
      4,
      steady(50, 60),
      budgets,
      summary(0, tail(20), 2),
      {
        floor: { p95: 6, cpuP95: 2 },
        render: 'main',
        drawing,
      },
    );
    expect(figures.every((f) => f.id.startsWith('frames.gravity.render-main.cpu4x.'))).toBe(true);
    expect(figures.some((f) => f.goal)).toBe(false);
    expect(figures.find((f) => f.id.endsWith('.drawnFps'))?.label).toBe(
      '/gravity (render=main) 4× CPU frames the scene drew per second (counted in its page)',
    );
  });
});

describe('several runs of the frames part', () => {
  const fig = (id: string, value: number, baseline?: number): BenchFigure => ({
    id,
    label: id,
    value,
    unit: 'ms',
    better: 'lower',
    ...(baseline !== undefined
      ? {
          baseline: {
            label: 'blank page, same run',
            value: baseline,
            ratio: value / baseline,
            ratioLabel: '×',
          },
        }
      : {}),
  });

  it('reports the median of each figure with the spread, and the median of its baselines', () => {
    const combined = combineRuns([
      [fig('a', 10, 5), fig('calibration', 3.9)],
      [fig('a', 14, 7)],
      [fig('a', 12, 4)],
    ]);
    expect(combined.map((f) => f.id)).toEqual(['a', 'calibration']);
    const a = combined[0];
    expect(a.value).toBe(12);
    expect(a.label).toBe('a [median of 3 runs: 10–14]');
    expect(a.unit).toBe('ms');
    expect(a.baseline?.value).toBe(5);
    expect(a.baseline?.ratio).toBe(2);
    // In one run only: as it was.
    expect(combined[1]).toEqual(fig('calibration', 3.9));
  });

  it('puts the bare-Pixi worker of the offscreen part beside each render worker figure at 4×', () => {
    const parts = [
      {
        name: 'frames',
        figures: [fig('frames.gravity.cpu4x.render.p95', 9), fig('frames.gravity.cpu1x.render.p95', 5)],
      },
      { name: 'offscreen', figures: [fig('offscreen.worker.cpu4x.render.p95', 6)] },
    ];
    attachBarePixiBaseline(parts);
    expect(parts[0].figures[0].baseline).toMatchObject({ value: 6, ratio: 1.5, ratioLabel: '× bare Pixi' });
    expect(parts[0].figures[1].baseline).toBeUndefined();
  });

  it('holds input to screen to 2 frames at 1× and 3 at 4× on the default render path only', () => {
    const summary = {
      inputs: 10,
      shown: 10,
      unshown: 0,
      kinds: ['add-body'],
      p50Ms: 30,
      p95Ms: 60,
      p50Frames: 1.5,
      p95Frames: 3.5,
      frameIntervalMs: 20,
    };
    const budgets = loadBudgets();
    const at1 = inputFigures('gravity', '/gravity', 1, summary, budgets, 'worker')[0];
    expect(at1.id).toBe('frames.gravity.cpu1x.input.p95Frames');
    expect(at1.goal?.value).toBe(2);
    expect(isViolation(at1)).toBe(true);
    const at4 = inputFigures('gravity', '/gravity', 4, summary, budgets, 'worker')[0];
    expect(at4.goal?.value).toBe(3);
    const fallback = inputFigures('gravity', '/gravity', 4, summary, budgets, 'main')[0];
    expect(fallback.id).toBe('frames.gravity.render-main.cpu4x.input.p95Frames');
    expect(fallback.goal).toBeUndefined();
  });
});

/** Recorded traces of lib/trace.test.ts: a page's main thread at 4× CPU, and a render worker beside a physics worker. */
const fixture = (name: string) =>
  JSON.parse(
    fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../lib/fixtures', name), 'utf8'),
  ) as TraceEvent[];

describe('from a trace to the figures', () => {
  it('takes the p95 of per-frame times in any order, as a measured value', () => {
    const times = Array.from({ length: 100 }, (_, i) => (i * 37) % 100);
    expect(p95Of(times)).toBe(94);
    expect(p95Of([5, 1, 3])).toBe(5);
    expect(p95Of([])).toBeNaN();
  });

  it('reads the blank page’s p95 by wall and thread time from its main thread, and nothing from a trace without frames', () => {
    const summary = summarizeMainThread(fixture('trace-gravity-4x.json'))!;
    const floor = floorP95(summary)!;
    expect(floor.p95).toBe(p95Of(summary.workPerFrame));
    expect(floor.cpuP95).toBe(p95Of(summary.cpuPerFrame));
    expect(summary.workPerFrame).toContain(floor.p95);
    expect(floor.cpuP95).toBeLessThanOrEqual(floor.p95);
    expect(floorP95(null)).toBeNull();
    expect(floorP95({ ...summary, workPerFrame: [], cpuPerFrame: [] })).toBeNull();
  });

  it('finds the render worker by its script and gives its figures, and none on a page that draws itself', () => {
    const summary = renderWorkerSummary(fixture('trace-gravity-render-worker.json'))!;
    // Five frame marks, four whole frames (lib/trace.test.ts reads the same trace).
    expect(summary.workPerFrame).toHaveLength(4);
    expect(summary.workPerFrame[0]).toBeCloseTo(25.663, 3);
    const figures = frameFigures('gravity', '/gravity', 4, steady(1000 / 60, 60), loadBudgets(), null, {
      render: 'worker',
      renderWorker: summary,
    });
    expect(figures.find((f) => f.id === 'frames.gravity.cpu4x.render.p95')?.value).toBe(
      Math.round(p95Of(summary.workPerFrame) * 100) / 100,
    );
    expect(renderWorkerSummary(fixture('trace-gravity-4x.json'))).toBeNull();
  });
});
