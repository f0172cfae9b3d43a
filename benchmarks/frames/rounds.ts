/** Several rounds of the frames part, each beside its own blank page, as one figure per id. */

import { median } from '../lib/stats.ts';
import type { BenchFigure } from '../types.ts';

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
