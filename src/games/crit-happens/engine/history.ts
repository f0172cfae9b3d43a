/** The roll history: newest first, capped, each entry with its notation, total and dice. */
import type { CritKind, RollMode, RollOutcome } from './roll.ts';

export const HISTORY_LIMIT = 25;

export interface HistoryEntry {
  /** 1, 2, 3… in roll order. */
  n: number;
  notation: string;
  mode: RollMode;
  total: number;
  /** e.g. "d20: 17 (kept), d20: 4, d6: 3, +2". */
  detail: string;
  crit: CritKind | null;
}

export function describeOutcome(outcome: RollOutcome): string {
  const parts = outcome.parts.map(
    (p) => `${p.sign < 0 ? '−' : ''}${p.label}: ${p.value}${p.kept ? '' : ' (dropped)'}`,
  );
  if (outcome.modifier !== 0)
    parts.push(outcome.modifier > 0 ? `+${outcome.modifier}` : `−${-outcome.modifier}`);
  return parts.join(', ');
}

export function recordRoll(
  history: readonly HistoryEntry[],
  notation: string,
  mode: RollMode,
  outcome: RollOutcome,
): HistoryEntry[] {
  const entry: HistoryEntry = {
    n: (history[0]?.n ?? 0) + 1,
    notation,
    mode,
    total: outcome.total,
    detail: describeOutcome(outcome),
    crit: outcome.crit,
  };
  return [entry, ...history].slice(0, HISTORY_LIMIT);
}
