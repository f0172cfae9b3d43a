import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createTestApp, type TestApp, testConfig, testDialects } from '../test/harness.ts';
import { DIRECTIONS, GAMES, ROW, type Row, referenceRank } from '../test/rankReference.ts';

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
