import { afterEach, describe, expect, it, vi } from 'vitest';
import { type QueuedScore, sendQueued } from './scoreOutbox.ts';

describe('score outbox: sending a queued score', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(body: unknown) {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body)));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  const normal: QueuedScore = {
    key: 'key-normal-1',
    queuedAt: 1,
    submission: { game_id: 'whac-a-moji', player_name: 'Ann', score: 40 },
  };

  it('a normal score goes to submit.php with its key', async () => {
    const fetch = answering({ success: true, id: 3, rank: 2, verified: false });
    expect(await sendQueued(normal)).toEqual({
      key: 'key-normal-1',
      gameId: 'whac-a-moji',
      id: 3,
      rank: 2,
      verified: false,
    });
    expect(fetch.mock.calls[0][0]).toBe('/api/scores/submit.php');
    expect(JSON.parse(fetch.mock.calls[0][1].body as string)).toMatchObject({
      idempotency_key: 'key-normal-1',
    });
  });

  it('a Daily score goes to daily_submit.php with its day, run and the same key on every retry', async () => {
    const fetch = answering({ success: true, id: 9, rank: 1, verified: true, best: true });
    const daily: QueuedScore = {
      ...normal,
      key: 'key-daily-1',
      daily: {
        game: 'whac-a-moji',
        day: '2026-11-26',
        player_name: 'Ann',
        score: 40,
        run: { seed: 123, inputs: [[0, 0]] },
      },
    };
    expect(await sendQueued(daily)).toMatchObject({ key: 'key-daily-1', rank: 1, verified: true });
    await sendQueued(daily);
    for (const [url, init] of fetch.mock.calls) {
      expect(url).toBe('/api/scores/daily_submit.php');
      expect(JSON.parse(init.body as string)).toEqual({ ...daily.daily, idempotency_key: 'key-daily-1' });
    }
  });
});
