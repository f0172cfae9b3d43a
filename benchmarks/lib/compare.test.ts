import { describe, expect, it } from 'vitest';
import type { BenchFigure } from '../types.ts';
import { compareRuns, formatChange, judgeChange } from './compare.ts';
import { parseRunResult, RESULT_FORMAT, type RunResult, runName } from './results.ts';

function runWith(figures: BenchFigure[]): RunResult {
  return {
    format: RESULT_FORMAT,
    run: 'r',
    startedAt: '',
    finishedAt: '',
    quick: false,
    argv: [],
    git: { commit: null, dirty: null },
    machine: {
      cpus: 2,
      cpuModel: 'x',
      totalMemoryMB: 1,
      node: 'v20',
      platform: 'linux',
      loadAverageStart: 0,
      loadAverageEnd: 0,
    },
    parts: [{ name: 'p', description: '', status: 'ok', durationMs: 0, figures, notes: [], charts: [] }],
  };
}
const fig = (id: string, value: number, better: 'lower' | 'higher' = 'lower'): BenchFigure => ({
  id,
  label: id,
  value,
  unit: 'ms',
  better,
});

describe('judgeChange', () => {
  it('calls a drop better for times and worse for throughputs', () => {
    expect(judgeChange('lower', 10, 8)).toEqual({ changePct: -20, verdict: 'better' });
    expect(judgeChange('higher', 10, 8)).toEqual({ changePct: -20, verdict: 'worse' });
    expect(judgeChange('higher', 100, 150).verdict).toBe('better');
  });
  it('treats changes inside the noise band as the same', () => {
    expect(judgeChange('lower', 100, 102).verdict).toBe('same');
    expect(judgeChange('lower', 100, 102, 1).verdict).toBe('worse');
  });
  it('handles a zero baseline without dividing by it', () => {
    expect(judgeChange('lower', 0, 3)).toEqual({ changePct: null, verdict: 'worse' });
    expect(judgeChange('lower', 0, 0).verdict).toBe('same');
  });
});

describe('compareRuns', () => {
  it('pairs figures by id and lists new and gone ones', () => {
    const before = runWith([fig('a', 10), fig('b', 100, 'higher'), fig('old', 1)]);
    const after = runWith([fig('a', 12), fig('b', 120, 'higher'), fig('fresh', 5)]);
    const changes = compareRuns(before, after);
    expect(changes.find((c) => c.id === 'a')).toMatchObject({ before: 10, after: 12, verdict: 'worse' });
    expect(changes.find((c) => c.id === 'b')).toMatchObject({ verdict: 'better' });
    expect(changes.find((c) => c.id === 'a')?.changePct).toBeCloseTo(20);
    expect(changes.find((c) => c.id === 'fresh')).toMatchObject({ before: null, verdict: 'new' });
    expect(changes.find((c) => c.id === 'old')).toMatchObject({ after: null, verdict: 'gone' });
  });
  it('does not call figures gone when their part did not run this time', () => {
    const before = runWith([fig('a', 10)]);
    before.parts.push({ ...before.parts[0], name: 'other', figures: [fig('o', 1)] });
    const changes = compareRuns(before, runWith([fig('a', 10)]));
    expect(changes.map((c) => c.id)).toEqual(['a']);
  });
  it('formats a change with its sign and verdict', () => {
    const [change] = compareRuns(runWith([fig('a', 10)]), runWith([fig('a', 8)]));
    expect(formatChange(change)).toBe('-20.0% ▲ better');
  });
});

describe('run files', () => {
  it('reads back what a run writes and refuses other JSON', () => {
    const run = runWith([fig('a', 1)]);
    expect(parseRunResult(JSON.stringify(run), 'x.json').parts[0].figures[0].value).toBe(1);
    expect(() => parseRunResult('{"parts": []}', 'x.json')).toThrow(/not a benchmark run/);
    expect(() => parseRunResult('nope', 'x.json')).toThrow(/not JSON/);
  });
  it('names runs by UTC time, marking quick ones', () => {
    const at = new Date('2026-11-22T04:15:03.123Z');
    expect(runName(at, false)).toBe('2026-11-22T04-15-03Z');
    expect(runName(at, true)).toBe('2026-11-22T04-15-03Z-quick');
  });
});
