/**
 * Ranks for a batch of new scores, with one index range count per distinct score instead
 * of one count of every better score per score.
 *
 * A score's rank is 1 + the scores in its scope (its game, or its game and mode) that are
 * better, or equal and older. Counting "better than s" walks the index from the best
 * score down to s, so each submit cost a walk over about half the game's scores. For a
 * batch, the distinct scores of a scope are sorted best first and the ranges between
 * neighbours are counted once each (before the batch's rows are inserted, in the same
 * transaction): together they walk the index once, down to the batch's worst score.
 * Scores of the batch itself are counted in memory, in arrival order (ids follow it), so
 * every rank is what counting right after its own insert would have given.
 */

export type Direction = 'ASC' | 'DESC';

export interface RankItem {
  gameId: string;
  /** The score's mode; ranked within it when not null, else among all the game's scores. */
  mode: string | null;
  score: number;
  direction: Direction;
}

/** Count rows of a scope with low <= score <= high (null: unbounded), and those equal to `equal`. */
export interface RangeCount {
  gameId: string;
  mode: string | null;
  low: number | null;
  high: number | null;
  equal: number;
}

export interface RangeResult {
  /** Rows in the range. */
  n: number;
  /** Rows of the range whose score is `equal`. */
  eq: number;
}

const better = (a: number, b: number, direction: Direction) => (direction === 'DESC' ? a > b : a < b);

/** The range counts a batch needs, and how to turn their results into ranks (in item order). */
export function planRanks(items: readonly RankItem[]): {
  counts: RangeCount[];
  ranks(results: readonly RangeResult[]): number[];
} {
  // Scope → its distinct scores, best first, with the index of each one's range count.
  const groups = new Map<string, { item: RankItem; values: number[]; first: number }>();
  const counts: RangeCount[] = [];
  for (const item of items) {
    const key = JSON.stringify([item.gameId, item.mode, item.direction]);
    let group = groups.get(key);
    if (!group) {
      group = { item, values: [], first: 0 };
      groups.set(key, group);
    }
    if (!group.values.includes(item.score)) group.values.push(item.score);
  }
  for (const group of groups.values()) {
    const { gameId, mode, direction } = group.item;
    group.values.sort((a, b) => (direction === 'DESC' ? b - a : a - b));
    group.first = counts.length;
    group.values.forEach((value, k) => {
      const previous = k === 0 ? null : group.values[k - 1];
      counts.push(
        direction === 'DESC'
          ? { gameId, mode, low: value, high: previous, equal: value }
          : { gameId, mode, low: previous, high: value, equal: value },
      );
    });
  }

  return {
    counts,
    ranks(results) {
      if (results.length !== counts.length) throw new Error('One result per range count expected');
      // Per scope and distinct score: rows before the batch that are better or equal.
      const ahead = new Map<string, Map<number, number>>();
      for (const [key, group] of groups) {
        const byValue = new Map<number, number>();
        let betterRows = 0;
        group.values.forEach((value, k) => {
          const { n, eq } = results[group.first + k];
          // The range [value, previous] holds the equals of both ends; those of `previous` were better.
          betterRows = k === 0 ? n - eq : betterRows + n - eq;
          byValue.set(value, betterRows + eq);
        });
        ahead.set(key, byValue);
      }
      return items.map((item, i) => {
        const key = JSON.stringify([item.gameId, item.mode, item.direction]);
        let rank = 1 + (ahead.get(key)?.get(item.score) ?? 0);
        for (let j = 0; j < i; j++) {
          const earlier = items[j];
          if (earlier.gameId !== item.gameId) continue;
          if (item.mode !== null && earlier.mode !== item.mode) continue;
          if (earlier.score === item.score || better(earlier.score, item.score, item.direction)) rank++;
        }
        return rank;
      });
    },
  };
}
