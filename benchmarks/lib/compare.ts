/** The change of every figure between two runs, judged by each figure's own "better" direction. */
import type { BenchFigure } from '../types.ts';
import { allFigures, type RunResult } from './results.ts';

export interface FigureChange {
  id: string;
  part: string;
  label: string;
  unit: string;
  before: number | null;
  after: number | null;
  /** (after − before) / before in %, null when either side is missing or before is 0. */
  changePct: number | null;
  verdict: 'better' | 'worse' | 'same' | 'new' | 'gone';
}

/** Changes smaller than this share are called "same": runs on a shared machine jitter by a few %. */
export const DEFAULT_NOISE_PCT = 3;

export function judgeChange(
  better: BenchFigure['better'],
  before: number,
  after: number,
  noisePct = DEFAULT_NOISE_PCT,
): { changePct: number | null; verdict: FigureChange['verdict'] } {
  if (before === after) return { changePct: 0, verdict: 'same' };
  if (before === 0)
    return { changePct: null, verdict: after < before === (better === 'lower') ? 'better' : 'worse' };
  const changePct = ((after - before) / Math.abs(before)) * 100;
  if (Math.abs(changePct) < noisePct) return { changePct, verdict: 'same' };
  const improved = better === 'lower' ? after < before : after > before;
  return { changePct, verdict: improved ? 'better' : 'worse' };
}

export function compareRuns(
  before: RunResult,
  after: RunResult,
  noisePct = DEFAULT_NOISE_PCT,
): FigureChange[] {
  const old = new Map(allFigures(before).map((entry) => [entry.figure.id, entry]));
  const changes: FigureChange[] = [];
  for (const { part, figure } of allFigures(after)) {
    const previous = old.get(figure.id);
    old.delete(figure.id);
    if (!previous) {
      changes.push({
        ...figureIdentity(part, figure),
        before: null,
        after: figure.value,
        changePct: null,
        verdict: 'new',
      });
      continue;
    }
    const judged = judgeChange(figure.better, previous.figure.value, figure.value, noisePct);
    changes.push({
      ...figureIdentity(part, figure),
      before: previous.figure.value,
      after: figure.value,
      ...judged,
    });
  }
  // A figure is gone only if its part ran this time: --only runs leave the others out.
  const ranParts = new Set(after.parts.filter((p) => p.status === 'ok').map((p) => p.name));
  for (const { part, figure } of old.values()) {
    if (!ranParts.has(part)) continue;
    changes.push({
      ...figureIdentity(part, figure),
      before: figure.value,
      after: null,
      changePct: null,
      verdict: 'gone',
    });
  }
  return changes;
}

function figureIdentity(part: string, figure: BenchFigure) {
  return { id: figure.id, part, label: figure.label, unit: figure.unit };
}

export function formatChange(change: FigureChange): string {
  switch (change.verdict) {
    case 'new':
      return 'new';
    case 'gone':
      return 'gone';
    default: {
      const pct =
        change.changePct === null ? '' : `${change.changePct > 0 ? '+' : ''}${change.changePct.toFixed(1)}%`;
      const word = change.verdict === 'same' ? '≈' : change.verdict === 'better' ? '▲ better' : '▼ worse';
      return `${pct} ${word}`.trim();
    }
  }
}
