import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createTestApp, type TestApp, testConfig, testDialects } from '../test/harness.ts';
import {
  type AheadCount,
  bucketBounds,
  type Direction,
  planRanks,
  type RankItem,
  rankBucket,
} from './scoreRanks.ts';

interface Row {
  id: number;
  gameId: string;
  mode: string | null;
  score: number;
}

/** The definition: 1 + older rows of the scope that are better or equal (ids are arrival order). */
function referenceRank(rows: readonly Row[], row: Row, direction: Direction): number {
  let rank = 1;
  for (const other of rows) {
    if (other.id >= row.id || other.gameId !== row.gameId) continue;
    if (row.mode !== null && other.mode !== row.mode) continue;
    const better = direction === 'DESC' ? other.score > row.score : other.score < row.score;
    if (better || other.score === row.score) rank++;
  }
  return rank;
}

/** What the database answers for an ahead count over these rows: better buckets, plus the range. */
function countAhead(rows: readonly Row[], c: AheadCount): number {
  return rows.filter((r) => {
    if (r.gameId !== c.gameId || (c.mode !== null && r.mode !== c.mode)) return false;
    const bucket = rankBucket(r.score);
    const betterBucket = c.direction === 'DESC' ? bucket > c.bucket : bucket < c.bucket;
    return betterBucket || (r.score >= c.low && r.score <= c.high);
  }).length;
}

const GAMES = ['g1', 'g2'];
const MODE = fc.constantFrom<string | null>(null, null, 'easy', 'hard');
// Few distinct values, so ties are common; some share a bucket (0 and 1, 64 and 64.5), others are
// on either side of zero and of a bucket edge (127.99 and 128).
const SCORE = fc.oneof(
  fc.integer({ min: 0, max: 8 }),
  fc.constantFrom(0.5, -1, -0.25, 1e9, 64, 64.5, 127.99, 128, -Number.MIN_VALUE, Number.MIN_VALUE),
);
const ROW = fc.record({ gameId: fc.constantFrom(...GAMES), mode: MODE, score: SCORE });
const DIRECTIONS = fc.record({
  g1: fc.constantFrom<Direction>('ASC', 'DESC'),
  g2: fc.constantFrom<Direction>('ASC', 'DESC'),
});

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

/** Waves of submits made at once (each wave shares a batch) get the ranks of the definition. */
async function checkBatchedRanks(app: FastifyInstance) {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(ROW, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
      DIRECTIONS,
      async (waves, directions) => {
        // Fresh games per run.
        const game = (id: string) => `rank-${run}-${id}`;
        run++;
        for (const id of GAMES)
          await app.repos.scores.setConfig({
            game_id: game(id),
            display_name: id,
            score_type: 'points',
            sort_order: directions[id as 'g1' | 'g2'],
          });
        const rows: Row[] = [];
        const answers: { row: Row; rank: number }[] = [];
        for (const wave of waves) {
          const results = await Promise.all(
            wave.map(async (r) => {
              const config = await app.repos.scores.config(game(r.gameId));
              if (!config) throw new Error('no config');
              return app.repos.scores.insert(config, {
                game_id: game(r.gameId),
                user_id: null,
                player_name: 'p',
                score: r.score,
                duration: null,
                level_or_mode: r.mode,
                metadata: null,
                verified: false,
                ip_address: null,
              });
            }),
          );
          results.forEach(({ id, rank }, i) => {
            const row = { ...wave[i], id };
            rows.push(row);
            answers.push({ row, rank });
          });
        }
        for (const { row, rank } of answers)
          expect(rank).toBe(referenceRank(rows, row, directions[row.gameId as 'g1' | 'g2']));
      },
    ),
    { numRuns: 25 },
  );
}

describe.each(testDialects)('batched submits rank as one at a time would (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
  });
  afterAll(async () => t?.close());

  it('concurrent inserts (one transaction) get the ranks of the definition', async () => {
    await checkBatchedRanks(t.app);
  });
});

describe('batched submits on SQLite in memory (no writer thread: the path PostgreSQL takes)', () => {
  it('concurrent inserts (one transaction) get the ranks of the definition', async () => {
    const database = connectDatabase(':memory:');
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({ config: testConfig({ rateLimits: false }), database });
    try {
      await checkBatchedRanks(app);
    } finally {
      await app.close();
      await database.db.destroy();
    }
  });
});
