import { describe, expect, it } from 'vitest';
import { floorDocument } from './floor.ts';
import {
  approximateTti,
  cumulativeLayoutShift,
  type Measured,
  startupFigures,
  totalBlockingTime,
} from './index.ts';

const HOME = `<!doctype html><html><head>
<link rel="preload" href="/fonts/lilita-one-latin.woff2" as="font" type="font/woff2" crossorigin />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-x.js">
<style>body{color:red}</style>
<link rel="manifest" href="/manifest.webmanifest">
</head><body><div id="root"><main>Futile</main></div>
<noscript><p>Futile's games need JavaScript.</p></noscript>
<script>window.x=1</script></body></html>`;

describe('floorDocument', () => {
  it('takes out scripts, module preloads and the manifest and keeps the markup, CSS and font preload', () => {
    const floor = floorDocument(HOME);
    expect(floor).not.toMatch(/<script/i);
    expect(floor).not.toContain('modulepreload');
    expect(floor).not.toContain('manifest');
    expect(floor).toContain('<style>body{color:red}</style>');
    expect(floor).toContain('rel="preload" href="/fonts/lilita-one-latin.woff2"');
    expect(floor).toContain('<div id="root"><main>Futile</main></div>');
  });
  it('refuses a page with no script (not the prerendered home)', () => {
    expect(() => floorDocument('<html><body>plain</body></html>')).toThrow(/no script/);
  });
});

describe('totalBlockingTime', () => {
  it('counts the part of each long task past 50 ms between FCP and TTI', () => {
    // 120 ms task after FCP: 70 blocking; a task straddling FCP counts from FCP (130 - 50);
    // a task before FCP and one cut to 40 ms by TTI count nothing.
    const tasks: [number, number][] = [
      [100, 300],
      [870, 1100],
      [1200, 1320],
      [1960, 2060],
    ];
    expect(totalBlockingTime(970, 2000, tasks)).toBe(80 + 70);
  });
  it('is 0 with no long task', () => {
    expect(totalBlockingTime(800, 800, [])).toBe(0);
  });
});

describe('cumulativeLayoutShift', () => {
  it('is the largest session window, not the sum of all shifts', () => {
    // Window 1: 0.02 + 0.03 (gap < 1 s); window 2 starts after a 1.5 s gap: 0.04.
    expect(
      cumulativeLayoutShift([
        [100, 0.02],
        [600, 0.03],
        [2100, 0.04],
      ]),
    ).toBeCloseTo(0.05);
  });
  it('closes a window 5 s after it began even without a gap', () => {
    const shifts: [number, number][] = Array.from({ length: 12 }, (_, i) => [i * 900, 0.01]);
    // 0, 900, …, 4500 fit in the first 5 s window (6 shifts); the rest start a new one.
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.06);
  });
  it('is 0 with no shift', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });
});

const reading = (over: Partial<Measured>): Measured => ({
  fcp: 1000,
  lcp: 1100,
  dcl: 1500,
  load: 1600,
  longTasks: [],
  shifts: [],
  transferred: 100_000,
  tti: approximateTti(1500, over.longTasks ?? []),
  tbt: 0,
  cls: 0,
  quiet: true,
  loadAverage: 1,
  ...over,
});

describe('startupFigures', () => {
  it('puts each median beside the floor of the same run, with the startup goals (first paint, layout shift) where they are set', () => {
    const page = [reading({ fcp: 1300 }), reading({ fcp: 1100 }), reading({ fcp: 1200 })];
    const floor = [reading({ fcp: 600 }), reading({ fcp: 500 }), reading({ fcp: 700 })];
    const figures = startupFigures(page, floor);
    const fcp = figures.find((f) => f.id === 'startup.home.fcp');
    expect(fcp?.value).toBe(1200);
    expect(fcp?.goal).toEqual({ op: '<=', value: 1200 });
    expect(fcp?.baseline?.value).toBe(600);
    expect(fcp?.baseline?.ratio).toBe(2);
    expect(figures.map((f) => f.id)).toEqual([
      'startup.home.fcp',
      'startup.home.lcp',
      'startup.home.tti',
      'startup.home.longTasks',
      'startup.home.tbt',
      'startup.home.cls',
      'startup.home.dcl',
      'startup.home.transferred',
    ]);
    expect(figures.find((f) => f.id === 'startup.home.tbt')?.goal).toBeUndefined();
    expect(figures.find((f) => f.id === 'startup.home.cls')?.goal?.value).toBe(0.05);
  });
  it('gives no ratio against a floor of 0', () => {
    const figures = startupFigures([reading({ longTasks: [[0, 80]] })], [reading({})]);
    const longTasks = figures.find((f) => f.id === 'startup.home.longTasks');
    expect(longTasks?.value).toBe(1);
    expect(longTasks?.baseline?.value).toBe(0);
    expect(longTasks?.baseline?.ratio).toBeNaN();
  });
});
