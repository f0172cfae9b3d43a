/**
 * A part run several times (`--runs N`; the server part 3 by default): each figure becomes the
 * median of its runs, with every run's value and the spread kept beside it. The median of three
 * is what the goals are held against: one run on a shared machine can land on a bad
 * second.
 */
import type { BenchFigure } from '../types.ts';
import { median } from './stats.ts';

/**
 * Merges the figures of repeated runs of one part, in the first run's order (a figure only some
 * runs made is kept, from the runs that made it). value, baseline value and ratio are each the
 * median of the runs'; `runs` keeps every run's value; flags are every run's, once each.
 */
export function mergeRuns(runs: readonly BenchFigure[][]): BenchFigure[] {
  if (runs.length === 1) return runs[0];
  const order: string[] = [];
  const byId = new Map<string, BenchFigure[]>();
  for (const figures of runs)
    for (const figure of figures) {
      let list = byId.get(figure.id);
      if (!list) {
        list = [];
        byId.set(figure.id, list);
        order.push(figure.id);
      }
      list.push(figure);
    }
  return order.map((id) => {
    const list = byId.get(id) as BenchFigure[];
    const values = list.map((f) => f.value);
    const first = list[0];
    const merged: BenchFigure = { ...first, value: median(values), runs: values };
    const baselines = list.flatMap((f) => (f.baseline ? [f.baseline] : []));
    if (first.baseline && baselines.length)
      merged.baseline = {
        ...first.baseline,
        value: median(baselines.map((b) => b.value)),
        ratio: median(baselines.map((b) => b.ratio)),
      };
    const flags = list.flatMap((f, run) =>
      (f.flags ?? []).map((flag) => `run ${run + 1} of ${list.length}: ${flag}`),
    );
    if (flags.length) merged.flags = flags;
    else delete merged.flags;
    return merged;
  });
}

/** "median of 3: 1.2–1.9" style spread of a merged figure, or '' for a single run. */
export function formatSpread(figure: BenchFigure, format: (n: number) => string): string {
  if (!figure.runs || figure.runs.length < 2) return '';
  const low = Math.min(...figure.runs);
  const high = Math.max(...figure.runs);
  return `median of ${figure.runs.length}, ${format(low)}–${format(high)}`;
}
