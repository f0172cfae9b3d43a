/**
 * The rank a submit answers is exact under concurrency: 500 scores from 20
 * clients at once, over real HTTP, and every answered rank must equal the score's place on
 * the final board among the scores that were there when it was inserted (1 + the scores of
 * its scope with a smaller id that are better or equal: ties rank by age). Scores cluster
 * on a few values (many ties, many submits to the same buckets) and half carry a mode
 * (ranked among that mode only). Run on one app, and on two apps sharing one database
 * (what two app servers behind a proxy do), clients alternating between them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect } from 'vitest';
import type { ScoreSubmitResponse } from '../../src/api/types.ts';
import { itSeeded } from '../../tests/seeds.ts';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/connect.ts';
import { createTestDatabase, seeded, type TestDatabase, testConfig, testDialects } from '../test/harness.ts';
import { num } from '../util.ts';

const SCORES = 500;
const CLIENTS = 20;

interface Answer {
  id: number;
  rank: number;
  score: number;
  mode: string | null;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe.each(testDialects)('ranks answered under concurrent submits (%s)', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function apps(count: number): Promise<{ urls: string[]; testDb: TestDatabase }> {
    const testDb = await createTestDatabase(dialect);
    cleanups.push(() => testDb.cleanup());
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      // The first app uses the test database's connection; the others open their own, as another server would.
      const database =
        i === 0
          ? testDb.database
          : dialect === 'sqlite'
            ? connectDatabase(testDb.database.file as string)
            : connectDatabase(process.env.TEST_DATABASE_URL as string, {
                schema: testDb.database.schema as string,
                poolSize: 12,
              });
      const app = await buildApp({ config: testConfig({ rateLimits: false }), database });
      cleanups.push(async () => {
        await app.close();
        if (i > 0) await database.db.destroy();
      });
      urls.push(await listen(app));
    }
    return { urls, testDb };
  }

  async function submitAll(urls: string[], seed: number): Promise<Answer[]> {
    const rand = seeded(seed);
    const planned = Array.from({ length: SCORES }, () => ({
      // 40 values for 500 scores: every value is tied a dozen times.
      score: Math.floor(rand() * 40) * 25,
      mode: rand() < 0.5 ? null : 'hard',
    }));
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        // Each client sends its next score as soon as the last is answered.
        for (let i = next++; i < SCORES; i = next++) {
          const { score, mode } = planned[i];
          const res = await fetch(`${urls[client % urls.length]}/api/scores/submit.php`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              game_id: 'whac-a-moji',
              player_name: `client ${client}`,
              score,
              level_or_mode: mode,
            }),
          });
          const body = (await res.json()) as Required<ScoreSubmitResponse>;
          if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
          answers.push({ id: body.id, rank: body.rank, score, mode });
        }
      }),
    );
    return answers;
  }

  /** Each answer beside the rank the final board gives it (whac-a-moji ranks higher scores first). */
  async function compare(testDb: TestDatabase, answers: Answer[]) {
    const board = (
      await testDb.database.db
        .selectFrom('scores')
        .select(['id', 'score', 'level_or_mode'])
        .where('game_id', '=', 'whac-a-moji')
        .execute()
    ).map((row) => ({ id: num(row.id), score: num(row.score), mode: row.level_or_mode }));
    expect(board.length).toBe(SCORES);
    const wrong = answers
      .map((a) => {
        const expected =
          1 +
          board.filter((b) => b.id < a.id && (a.mode === null || b.mode === a.mode) && b.score >= a.score)
            .length;
        return { ...a, expected };
      })
      .filter((a) => a.rank !== a.expected);
    expect(wrong).toEqual([]);
  }

  itSeeded(
    `${SCORES} scores from ${CLIENTS} clients on one app: every rank is the final board's`,
    { timeout: 120_000 },
    async (seed) => {
      const { urls, testDb } = await apps(1);
      await compare(testDb, await submitAll(urls, seed));
    },
  );

  itSeeded(
    `${SCORES} scores from ${CLIENTS} clients on two apps sharing the database: every rank is the final board's`,
    { timeout: 120_000 },
    async (seed) => {
      const { urls, testDb } = await apps(2);
      await compare(testDb, await submitAll(urls, seed));
    },
  );
});
