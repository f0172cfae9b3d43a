/**
 * Ranks for a batch of new scores, from bucketed score counts instead of walking the
 * score index from the best score down.
 *
 * A score's rank is 1 + the scores in its scope (its game, or its game and mode) that are
 * better, or equal and older. Counting that on the score index walks every better score:
 * about half the game's rows per submit, and a batch of spread scores walks them all.
 * Instead every score is also counted in `score_buckets` (migration 0004): per game, per
 * (game, mode), and per bucket of nearby scores (rankBucket), kept in the same transaction
 * as the scores themselves. The rows ahead of a score are then the sum of the better
 * buckets' counts plus the rows of its own bucket from the score to the bucket's better
 * edge, a short index range. Scores of the batch itself are counted in memory, in arrival
 * order (ids follow it), so every rank is what counting right after its own insert would
 * have given.
 */

export type Direction = 'ASC' | 'DESC';

export interface RankItem {
  gameId: string;
  /** The score's mode; ranked within it when not null, else among all the game's scores. */
  mode: string | null;
  score: number;
  direction: Direction;
}

/**
 * Rows of a scope (the game, or the game and `mode`) that are better than `score` or equal
 * to it: the counts of the buckets better than `bucket`, plus the rows with
 * low <= score <= high (the part of the score's own bucket that is not worse).
 */
export interface AheadCount {
  gameId: string;
  mode: string | null;
  direction: Direction;
  bucket: number;
  low: number;
  high: number;
}

/** A change to one bucket's count. */
export interface BucketDelta {
  gameId: string;
  scope: string;
  bucket: number;
  n: number;
}

/**
 * Mantissa bits a bucket keeps: 2^6 buckets per power of two, so a bucket spans at most
 * 1/64 of its scores' magnitude (64 points among scores of 4,096–8,191) whatever a game's
 * range, and a game has a few hundred buckets at most for the usual score ranges.
 */
const BUCKET_MANTISSA_BITS = 6;
const BUCKET_SHIFT = 20 - BUCKET_MANTISSA_BITS;

/** The `scope` of a bucket row: '*' counts all of a game's scores, '=' + mode those of one mode. */
export function bucketScope(mode: string | null): string {
  return mode === null ? '*' : `=${mode}`;
}

const view = new DataView(new ArrayBuffer(8));

/**
 * The bucket of a score: the top bits of its IEEE 754 double (sign, exponent, and
 * BUCKET_MANTISSA_BITS of mantissa), mapped so that buckets order as their scores do.
 * Computed here only (never in SQL), so both databases agree on it exactly.
 */
export function rankBucket(score: number): number {
  view.setFloat64(0, score + 0); // -0 is 0
  const high = view.getUint32(0);
  // Negative doubles order backwards by their bits: flip them all; positive ones go above.
  const ordered = high & 0x80000000 ? ~high >>> 0 : (high | 0x80000000) >>> 0;
  return ordered >>> BUCKET_SHIFT;
}

/** The lowest and highest double in a bucket (exact: the bucket's first and last bit patterns). */
export function bucketBounds(bucket: number): { low: number; high: number } {
  const toDouble = (ordered: number, lowWord: number) => {
    if (ordered & 0x80000000) {
      view.setUint32(0, (ordered & 0x7fffffff) >>> 0);
      view.setUint32(4, lowWord);
    } else {
      view.setUint32(0, ~ordered >>> 0);
      view.setUint32(4, ~lowWord >>> 0);
    }
    return view.getFloat64(0);
  };
  const first = (bucket << BUCKET_SHIFT) >>> 0;
  const last = (first + (1 << BUCKET_SHIFT) - 1) >>> 0;
  const a = toDouble(first, 0);
  // The last pattern of the negatives is -0, which is 0 in SQL: zeros are a bucket of their own.
  const b = Object.is(toDouble(last, 0xffffffff), -0) ? -Number.MIN_VALUE : toDouble(last, 0xffffffff);
  // On the negative side the first pattern is the most negative; either way low <= high.
  return a <= b ? { low: a, high: b } : { low: b, high: a };
}

const better = (a: number, b: number, direction: Direction) => (direction === 'DESC' ? a > b : a < b);

/** How a batch's scores change the bucket counts: one delta per bucket, in key order (see insertRanked). */
export function bucketDeltas(
  rows: readonly { gameId: string; mode: string | null; score: number }[],
  sign: 1 | -1,
): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  const add = (gameId: string, scope: string, bucket: number) => {
    const key = JSON.stringify([gameId, scope, bucket]);
    const delta = deltas.get(key);
    if (delta) delta.n += sign;
    else deltas.set(key, { gameId, scope, bucket, n: sign });
  };
  for (const row of rows) {
    const bucket = rankBucket(row.score);
    add(row.gameId, bucketScope(null), bucket);
    if (row.mode !== null) add(row.gameId, bucketScope(row.mode), bucket);
  }
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...deltas.values()].sort(
    (a, b) => compare(a.gameId, b.gameId) || compare(a.scope, b.scope) || a.bucket - b.bucket,
  );
}

/** The counts a batch needs (one per scope and distinct score), and how to turn their results into ranks (in item order). */
export function planRanks(items: readonly RankItem[]): {
  counts: AheadCount[];
  ranks(results: readonly number[]): number[];
} {
  const scoped = (item: RankItem, score: number) =>
    JSON.stringify([item.gameId, item.mode, item.direction, score]);
  const index = new Map<string, number>();
  const counts: AheadCount[] = [];
  for (const item of items) {
    const key = scoped(item, item.score);
    if (index.has(key)) continue;
    index.set(key, counts.length);
    const bucket = rankBucket(item.score);
    const bounds = bucketBounds(bucket);
    counts.push({
      gameId: item.gameId,
      mode: item.mode,
      direction: item.direction,
      bucket,
      low: item.direction === 'DESC' ? item.score : bounds.low,
      high: item.direction === 'DESC' ? bounds.high : item.score,
    });
  }

  return {
    counts,
    ranks(results) {
      if (results.length !== counts.length) throw new Error('One result per count expected');
      return items.map((item, i) => {
        let rank = 1 + results[index.get(scoped(item, item.score)) as number];
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
