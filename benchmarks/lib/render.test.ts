import { describe, expect, it } from 'vitest';
import type { BenchChart } from '../types.ts';
import { compareRuns } from './compare.ts';
import { renderMarkdown } from './markdown.ts';
import { RESULT_FORMAT, type RunResult } from './results.ts';
import { barsSvg, escapeXml, histogramSvg } from './svg.ts';
import { figuresTable, formatBaseline, formatNumber, renderTable } from './table.ts';

const histogram: Extract<BenchChart, { kind: 'histogram' }> = {
  kind: 'histogram',
  id: 'frames-gravity-x1',
  title: 'Frame times /gravity <1×>',
  unit: 'ms',
  bucketStart: 0,
  bucketWidth: 2,
  counts: [0, 5, 10, 0, 1],
  markers: [
    { value: 16.7, label: '60 Hz' },
    { value: 4, label: 'inside' },
  ],
};

function run(parts: RunResult['parts']): RunResult {
  return {
    format: RESULT_FORMAT,
    run: '2026-11-22T04-15-03Z',
    startedAt: '2026-11-22T04:15:03Z',
    finishedAt: '2026-11-22T04:16:03Z',
    quick: true,
    argv: ['--quick'],
    git: { commit: 'abc', dirty: false },
    machine: {
      cpus: 2,
      cpuModel: 'cpu',
      totalMemoryMB: 4096,
      node: 'v20.20.0',
      platform: 'linux',
      loadAverageStart: 3,
      loadAverageEnd: 3,
    },
    parts,
  };
}

const sample = run([
  {
    name: 'bundle',
    description: 'sizes',
    status: 'ok',
    durationMs: 1200,
    figures: [
      {
        id: 'bundle.home.js.gzip',
        label: '/ JS gzip',
        value: 108.7,
        unit: 'KB',
        better: 'lower',
        goal: { op: '<=', value: 90, text: 'budget 90 KB gzip' },
      },
      { id: 'bundle.about.js.gzip', label: '/about | JS gzip', value: 20, unit: 'KB', better: 'lower' },
    ],
    notes: ['game routes not present in the build: synth'],
    charts: [histogram],
  },
  {
    name: 'synth',
    description: 'x',
    status: 'not present',
    durationMs: 0,
    figures: [],
    notes: [],
    charts: [],
  },
]);

describe('histogramSvg', () => {
  const svg = histogramSvg(histogram);
  it('draws one bar per bucket, tallest at full height', () => {
    const bars = [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)];
    expect(bars).toHaveLength(5);
    const heights = bars.map((b) => Number(b[2]));
    expect(Math.max(...heights)).toBe(heights[2]);
    expect(heights[0]).toBe(0);
  });
  it('escapes text and draws only markers inside the range', () => {
    expect(svg).toContain('&lt;1×&gt;');
    expect(svg).not.toContain('<1×>');
    expect(svg).not.toContain('60 Hz');
    expect(svg).toContain('inside');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});

describe('barsSvg', () => {
  it('marks bars over their limit', () => {
    const svg = barsSvg({
      kind: 'bars',
      id: 'b',
      title: 'Sizes',
      unit: 'KB',
      series: ['JS', 'CSS'],
      bars: [
        { label: '/', values: [100, 2] },
        { label: '/about', values: [20, 2] },
      ],
      limits: [90, null],
    });
    expect(svg.match(/OVER/g)).toHaveLength(1);
    expect(svg).toContain('102 KB OVER');
    expect(svg).toContain('22 KB<');
    expect(svg.match(/stroke="#c00"/g)).toHaveLength(1);
  });
  it('escapes XML specials', () => {
    expect(escapeXml(`a<b & "c"`)).toBe('a&lt;b &amp; &quot;c&quot;');
  });
});

describe('renderMarkdown', () => {
  const md = renderMarkdown(
    sample,
    null,
    new Map([['frames-gravity-x1', '2026-11-22T04-15-03Z/frames-gravity-x1.svg']]),
  );
  it('lists the budget misses first, with the goal', () => {
    const budgets = md.slice(md.indexOf('## Budgets'), md.indexOf('## Parts'));
    expect(budgets).toContain('1 figure(s) over budget');
    expect(budgets).toContain('/ JS gzip** = 108.7 KB');
    expect(budgets).toContain('budget 90 KB gzip');
  });
  it('says which parts are not present, escapes table cells and links charts', () => {
    expect(md).toContain('| synth | not present |');
    expect(md).toContain('/about \\| JS gzip');
    expect(md).toContain('![Frame times /gravity <1×>](2026-11-22T04-15-03Z/frames-gravity-x1.svg)');
    expect(md).toContain('- game routes not present in the build: synth');
    expect(md).toContain('the machine was busy');
  });
  it('adds a change column when compared', () => {
    const before = run([{ ...sample.parts[0], figures: [{ ...sample.parts[0].figures[0], value: 100 }] }]);
    const compared = renderMarkdown(sample, compareRuns(before, sample), new Map(), 'old.json');
    expect(compared).toContain('Compared with `old.json`');
    expect(compared).toContain('+8.7% ▼ worse (was 100)');
    expect(compared).toMatch(/\| new \|/);
  });
});

describe('renderTable', () => {
  it('prints every figure, the parts not present, and a loud over-budget line', () => {
    const table = renderTable(sample, null, false);
    expect(table).toContain('[synth] NOT PRESENT');
    expect(table).toContain('OVER BUDGET');
    expect(table).toMatch(/1 figure\(s\) OVER BUDGET: \/ JS gzip/);
    expect(table).not.toContain('\u001b[');
    expect(renderTable(sample, null, true)).toContain('\u001b[31;1m');
  });
  it('formats numbers with fewer decimals as they grow', () => {
    expect(formatNumber(1234.5)).toBe('1,235');
    expect(formatNumber(123.45)).toBe('123.5');
    expect(formatNumber(12.345)).toBe('12.35');
    expect(formatNumber(1.2345)).toBe('1.235');
    expect(formatNumber(7)).toBe('7');
    expect(formatNumber(-0)).toBe('0');
  });
  it('shows a baseline with its ratio, writing × once', () => {
    const figure = { id: 'g', label: 'g', value: 3.5, unit: 'ms', better: 'lower' as const };
    const baseline = { label: 'naive', value: 291, ratio: 83.1, ratioLabel: 'faster than naive' };
    expect(formatBaseline({ ...figure, baseline })).toBe('naive 291 ms → 83.1× faster than naive');
    expect(formatBaseline({ ...figure, baseline: { ...baseline, ratioLabel: '× faster' } })).toBe(
      'naive 291 ms → 83.1× faster',
    );
  });
  it('shows a baseline of 0 without a ratio', () => {
    const figure = { id: 'g', label: 'g', value: 2, unit: 'tasks', better: 'lower' as const };
    const baseline = { label: 'floor', value: 0, ratio: Number.NaN, ratioLabel: '× the floor' };
    expect(formatBaseline({ ...figure, baseline })).toBe('floor 0 tasks');
  });
  it('prints a part run alone as one row a figure, in columns, a miss said', () => {
    const table = figuresTable([
      {
        id: 'a',
        label: 'saves list CPU',
        value: 56.6,
        unit: 'µs',
        better: 'lower',
        goal: { op: '<=', value: 50 },
      },
      {
        id: 'b',
        label: 'top-10 p99',
        value: 1.53,
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 10 },
      },
    ]).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toMatch(/^saves list CPU \| 56\.6 µs +\| +\| <= 50 µs \| OVER BUDGET$/);
    expect(table[3]).toMatch(/^top-10 p99 +\| 1\.53 ms +\| +\| <= 10 ms +\| ok/);
    // The columns line up: every row puts its first bar at the same place.
    expect(new Set(table.map((row) => row.indexOf('|'))).size).toBe(1);
  });
});
