/**
 * PostgreSQL writes every batch of submits with the same statement text: a text
 * written out per batch was planned anew every time, planning grew with the batch, and at
 * 1,000 submits/s the one-batch-at-a-time writer fell behind for good. The same text is
 * what lets the named statement be parsed and planned once per pooled connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.ts';

describe.runIf(testDialects.includes('postgres'))('score batch statement (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { rateLimits: false });
  });
  afterAll(async () => t?.close());

  it('is one text for batches of 1 and of 40 scores, with and without modes', async () => {
    const texts = new Set<string>();
    const observer = (sql: string) => {
      if (/insert into scores/i.test(sql)) texts.add(sql);
    };
    t.database.queryObservers.add(observer);
    const config = await t.app.repos.scores.config('whac-a-moji');
    if (!config) throw new Error('no config');
    const submit = (score: number, mode: string | null) =>
      t.app.repos.scores.insert(config, {
        game_id: 'whac-a-moji',
        user_id: null,
        player_name: 'p',
        score,
        duration: null,
        level_or_mode: mode,
        metadata: null,
        verified: false,
        ip_address: null,
      });
    const first = await submit(100, null);
    const wave = await Promise.all(
      Array.from({ length: 40 }, (_, i) => submit(i * 7, i % 3 ? null : 'hard')),
    );
    t.database.queryObservers.delete(observer);
    expect(first.rank).toBe(1);
    expect(wave.length).toBe(40);
    expect(texts.size).toBe(1);
  });
});
