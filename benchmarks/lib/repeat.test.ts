import { describe, expect, it } from 'vitest';
import type { BenchFigure } from '../types.ts';
import { parseArgs, partRuns, UsageError } from './cli.ts';
import { formatSpread, mergeRuns } from './repeat.ts';
import { formatValue } from './table.ts';

const figure = (id: string, value: number, extra: Partial<BenchFigure> = {}): BenchFigure => ({
  id,
  label: id,
  value,
  unit: 'ms',
  better: 'lower',
  ...extra,
});

describe('mergeRuns', () => {
  it('keeps a single run as it is', () => {
    const run = [figure('a', 1)];
    expect(mergeRuns([run])).toBe(run);
  });
  it('takes each figure, baseline and ratio as the median of the runs, keeping every value', () => {
    const base = (value: number, ratio: number) => ({ label: 'bare', value, ratio, ratioLabel: '× bare' });
    const merged = mergeRuns([
      [figure('a', 5, { baseline: base(1, 5) }), figure('b', 10)],
      [figure('a', 1, { baseline: base(2, 0.5) }), figure('b', 30)],
      [figure('a', 3, { baseline: base(3, 1) }), figure('b', 20), figure('c', 7)],
    ]);
    expect(merged.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(merged[0]).toMatchObject({ value: 3, runs: [5, 1, 3], baseline: { value: 2, ratio: 1 } });
    expect(merged[1]).toMatchObject({ value: 20, runs: [10, 30, 20] });
    expect(merged[2]).toMatchObject({ value: 7, runs: [7] });
  });
  it('keeps every run’s flags, saying which run raised them', () => {
    const merged = mergeRuns([[figure('a', 1, { flags: ['fell behind'] })], [figure('a', 2)]]);
    expect(merged[0].flags).toEqual(['run 1 of 2: fell behind']);
    expect(mergeRuns([[figure('a', 1)], [figure('a', 2)]])[0].flags).toBeUndefined();
  });
  it('prints the spread beside the median', () => {
    const [merged] = mergeRuns([[figure('a', 1.5)], [figure('a', 2.25)], [figure('a', 9)]]);
    expect(formatSpread(merged, String)).toBe('median of 3, 1.5–9');
    expect(formatValue(merged)).toBe('2.25 ms (median of 3, 1.5–9)');
    expect(formatValue(figure('a', 2))).toBe('2 ms');
  });
});

describe('--runs', () => {
  it('runs a part its own default number of times, once with --quick, --runs over both', () => {
    expect(partRuns(parseArgs([]), 3)).toBe(3);
    expect(partRuns(parseArgs([]))).toBe(1);
    expect(partRuns(parseArgs(['--quick']), 3)).toBe(1);
    expect(partRuns(parseArgs(['--runs', '5']), 3)).toBe(5);
    expect(partRuns(parseArgs(['--quick', '--runs=2']), 3)).toBe(2);
  });
  it('refuses what is not a count', () => {
    expect(() => parseArgs(['--runs', '0'])).toThrow(UsageError);
    expect(() => parseArgs(['--runs', 'two'])).toThrow(UsageError);
  });
});
