import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, ROW, type Row, referenceRank } from '../test/rankReference.ts';
import { type AheadCount, bucketBounds, planRanks, type RankItem, rankBucket } from './scoreRanks.ts';

/** What the database answers for an ahead count over these rows: better buckets, plus the range. */
function countAhead(rows: readonly Row[], c: AheadCount): number {
  return rows.filter((r) => {
    if (r.gameId !== c.gameId || (c.mode !== null && r.mode !== c.mode)) return false;
    const bucket = rankBucket(r.score);
    const betterBucket = c.direction === 'DESC' ? bucket > c.bucket : bucket < c.bucket;
    return betterBucket || (r.score >= c.low && r.score <= c.high);
  }).length;
}

describe('rankBucket', () => {
  it('orders buckets as their scores, and each bucket holds exactly the doubles within its bounds', () => {
    const edges = [
      0,
      -0,
      Number.MIN_VALUE,
      -Number.MIN_VALUE,
      1,
      -1,
      1e308,
      -1e308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    ];
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...edges)),
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...edges)),
        (a, b) => {
          if (a < b) expect(rankBucket(a)).toBeLessThanOrEqual(rankBucket(b));
          if (a === b) expect(rankBucket(a)).toBe(rankBucket(b));
          const { low, high } = bucketBounds(rankBucket(a));
          expect(low <= a && a <= high).toBe(true);
          expect(rankBucket(low)).toBe(rankBucket(a));
          expect(rankBucket(high)).toBe(rankBucket(a));
          // Their neighbours are in the neighbouring buckets (bounds are exact).
          if (low > -Number.MAX_VALUE) expect(rankBucket(nextDown(low))).toBe(rankBucket(a) - 1);
          if (high < Number.MAX_VALUE) expect(rankBucket(nextUp(high))).toBe(rankBucket(a) + 1);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('puts scores a 64th of their size apart in one bucket at most', () => {
    expect(bucketBounds(rankBucket(5000))).toEqual({ low: 4992, high: nextDown(5056) });
    expect(rankBucket(0)).not.toBe(rankBucket(-Number.MIN_VALUE));
  });
});

/** The double after x (toward +Infinity) and before it. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (x > 0 ? 1n : -1n));
  return view.getFloat64(0);
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

describe('planRanks', () => {
  it('gives every score of a batch the rank of the definition, ties and modes included', () => {
    fc.assert(
      fc.property(
        fc.array(ROW, { maxLength: 30 }),
        fc.array(ROW, { minLength: 1, maxLength: 30 }),
        DIRECTIONS,
        (before, batch, directions) => {
          const existing: Row[] = before.map((r, i) => ({ ...r, id: i + 1 }));
          const items: RankItem[] = batch.map((r) => ({
            ...r,
            direction: directions[r.gameId as 'g1' | 'g2'],
          }));
          const plan = planRanks(items);
          const ranks = plan.ranks(plan.counts.map((c) => countAhead(existing, c)));
          const all = [...existing, ...batch.map((r, i) => ({ ...r, id: existing.length + i + 1 }))];
          const expected = all
            .slice(existing.length)
            .map((row) => referenceRank(all, row, directions[row.gameId as 'g1' | 'g2']));
          expect(ranks).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts each distinct score of a scope once, within its own bucket', () => {
    const plan = planRanks(
      [5000, 9, 5000].map((score) => ({ gameId: 'g', mode: null, score, direction: 'DESC' as const })),
    );
    expect(plan.counts).toEqual([
      {
        gameId: 'g',
        mode: null,
        direction: 'DESC',
        bucket: rankBucket(5000),
        low: 5000,
        high: nextDown(5056),
      },
      { gameId: 'g', mode: null, direction: 'DESC', bucket: rankBucket(9), low: 9, high: nextDown(9.125) },
    ]);
  });
});
