/**
 * Submit ranks come from bucketed score counts (server/domain/scoreRanks.ts); the counts must follow
 * every change to the scores. A seeded random run of batched submits, admin deletes (one
 * score, a whole game) and account deletions checks every rank against a brute-force count
 * of the scores present when it was made, and the bucket table against the scores table.
 * The seed is in the test's name; SEED=<n> replays a run.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { itSeeded } from '../../tests/seeds.ts';
import { bucketDeltas, type Direction } from '../domain/scoreRanks.ts';
import { call, createTestApp, devSignIn, seeded, type TestApp, testDialects } from '../test/harness.ts';
import { num } from '../util.ts';

interface Row {
  id: number;
  gameId: string;
  mode: string | null;
  score: number;
  userId: string | null;
}

/** 1 + the rows present of the scope that are better, or equal and older. */
function bruteRank(present: readonly Row[], row: Row, direction: Direction): number {
  let rank = 1;
  for (const other of present) {
    if (other.id >= row.id || other.gameId !== row.gameId) continue;
    if (row.mode !== null && other.mode !== row.mode) continue;
    if (
      other.score === row.score ||
      (direction === 'DESC' ? other.score > row.score : other.score < row.score)
    )
      rank++;
  }
  return rank;
}

describe.each(testDialects)('bucketed rank counts follow submits and deletes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
    admin = await devSignIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  /** The bucket table equals what the scores table says it should hold (empty buckets aside). */
  async function expectBucketsMatchScores() {
    const scores = await t.database.db
      .selectFrom('scores')
      .select(['game_id', 'level_or_mode', 'score'])
      .execute();
    const expected = bucketDeltas(
      scores.map((s) => ({ gameId: s.game_id, mode: s.level_or_mode, score: num(s.score) })),
      1,
    ).map((d) => [d.gameId, d.scope, d.bucket, d.n]);
    const stored = (await t.database.db.selectFrom('score_buckets').selectAll().execute())
      .filter((b) => num(b.n) !== 0)
      .map((b) => [b.game_id, b.scope, num(b.bucket), num(b.n)])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(stored).toEqual(expected.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  }

  const title =
    'every rank equals a brute-force count, and the buckets equal the scores, after random submits and deletes';
  itSeeded(title, { timeout: 60_000 }, async (seed) => {
    const rand = seeded(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
    const directions: Record<string, Direction> = { 'bk-desc': 'DESC', 'bk-asc': 'ASC' };
    for (const [gameId, direction] of Object.entries(directions))
      await t.app.repos.scores.setConfig({
        game_id: gameId,
        display_name: gameId,
        score_type: 'points',
        sort_order: direction,
      });
    const users: string[] = [];
    for (let i = 0; i < 3; i++)
      users.push(
        (
          await t.app.repos.users.upsertFromIdentity({
            provider: 'test',
            subject: `bk-${seed}-${i}`,
            displayName: `Bucket ${i}`,
            email: null,
            avatarUrl: null,
          })
        ).id,
      );
    const score = () =>
      pick([
        // Spread over a range (many buckets), clustered (one bucket, many ties), and the edges.
        () => Math.floor(rand() * 6000),
        () => 4096 + Math.floor(rand() * 8),
        () => pick([0, -1, -0.5, 0.25, 63.99, 64, 1e9, -Number.MIN_VALUE, Number.MIN_VALUE]),
        () => (rand() - 0.5) * 1e6,
      ])();
    let present: Row[] = [];
    let checked = 0;
    for (let step = 0; step < 60; step++) {
      const action = rand();
      if (action < 0.6 || present.length === 0) {
        // A wave of submits made at once: they share a batch.
        const wave = Array.from({ length: 1 + Math.floor(rand() * 15) }, () => ({
          gameId: pick(Object.keys(directions)),
          mode: pick([null, null, 'easy', 'hard']),
          score: score(),
          userId: users.length && rand() < 0.3 ? pick(users) : null,
        }));
        const results = await Promise.all(
          wave.map(async (r) => {
            const config = await t.app.repos.scores.config(r.gameId);
            if (!config) throw new Error('no config');
            return t.app.repos.scores.insert(config, {
              game_id: r.gameId,
              user_id: r.userId,
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
        const rows = wave.map((r, i) => ({ ...r, id: results[i].id }));
        present = [...present, ...rows];
        for (const [i, row] of rows.entries()) {
          expect(results[i].rank, `seed ${seed}, step ${step}: ${JSON.stringify(row)}`).toBe(
            bruteRank(present, row, directions[row.gameId]),
          );
          checked++;
        }
      } else if (action < 0.85) {
        // The admin console deletes one score.
        const victim = pick(present);
        const res = await call(t.app, 'DELETE', `/api/scores/manage.php?score_id=${victim.id}`, {
          cookie: admin,
        });
        expect(res.statusCode).toBe(200);
        present = present.filter((r) => r.id !== victim.id);
      } else if (action < 0.95 && users.length) {
        // An account is deleted: its scores stay, anonymised, and still count.
        const user = pick(users);
        await t.app.repos.users.deleteAccount(user);
        for (const r of present) if (r.userId === user) r.userId = null;
        users.splice(users.indexOf(user), 1);
      } else {
        // The admin console deletes a whole game's scores.
        const gameId = pick(Object.keys(directions));
        const res = await call(t.app, 'DELETE', `/api/scores/manage.php?game_id=${gameId}`, {
          cookie: admin,
        });
        expect(res.statusCode).toBe(200);
        present = present.filter((r) => r.gameId !== gameId);
      }
      if (step % 10 === 9) await expectBucketsMatchScores();
    }
    await expectBucketsMatchScores();
    expect(checked).toBeGreaterThan(50);
  });
});
