import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '../test/harness.ts';
import { claimSubmission } from './submissionClaims.ts';

describe.each(testDialects)('idempotency key claims (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  const claimScore = (key: string, gameId: string) =>
    claimSubmission(t.database.db, {
      table: 'score_submissions',
      key,
      call: { game_id: gameId },
      pending: { score_id: null, rank: null, verified: 0 },
      // The rank stands for the result here: score_id must name a real score.
      done: (row) =>
        row.rank === null ? null : { rank: Number(row.rank), verified: Number(row.verified) === 1 },
    });
  const claimDaily = (key: string, gameId: string, day: string) =>
    claimSubmission(t.database.db, {
      table: 'daily_submissions',
      key,
      call: { game_id: gameId, day },
      pending: { entry_id: null, rank: null, verified: 0, best: 0 },
      done: (row) => (row.rank === null ? null : { rank: Number(row.rank), best: Number(row.best) === 1 }),
    });

  it('score_submissions: new, then pending, conflict for another game, done once completed', async () => {
    expect(await claimScore('score-key-1', 'g')).toEqual({ state: 'new' });
    expect(await claimScore('score-key-1', 'g')).toEqual({ state: 'pending' });
    expect(await claimScore('score-key-1', 'other')).toEqual({ state: 'conflict' });
    await t.database.db
      .updateTable('score_submissions')
      .set({ rank: 2, verified: 1 })
      .where('idempotency_key', '=', 'score-key-1')
      .execute();
    expect(await claimScore('score-key-1', 'g')).toEqual({ state: 'done', rank: 2, verified: true });
    const row = await t.database.db
      .selectFrom('score_submissions')
      .selectAll()
      .where('idempotency_key', '=', 'score-key-1')
      .executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('daily_submissions: the key belongs to one game and day', async () => {
    expect(await claimDaily('daily-key-1', 'g', '2026-01-02')).toEqual({ state: 'new' });
    expect(await claimDaily('daily-key-1', 'g', '2026-01-02')).toEqual({ state: 'pending' });
    expect(await claimDaily('daily-key-1', 'g', '2026-01-03')).toEqual({ state: 'conflict' });
    expect(await claimDaily('daily-key-1', 'h', '2026-01-02')).toEqual({ state: 'conflict' });
    await t.database.db
      .updateTable('daily_submissions')
      .set({ rank: 1, best: 1 })
      .where('idempotency_key', '=', 'daily-key-1')
      .execute();
    expect(await claimDaily('daily-key-1', 'g', '2026-01-02')).toEqual({
      state: 'done',
      rank: 1,
      best: true,
    });
  });

  it('the same key in the two tables is two keys; many claims at once, one is new', async () => {
    expect(await claimDaily('shared-key', 'g', '2026-01-02')).toEqual({ state: 'new' });
    expect(await claimScore('shared-key', 'g')).toEqual({ state: 'new' });
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimScore('race-key', 'g')));
    expect(claims.filter((c) => c.state === 'new')).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'pending')).toHaveLength(7);
  });
});
