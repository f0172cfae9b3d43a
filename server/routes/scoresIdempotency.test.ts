import { describe, expect, it } from 'vitest';
import { call, suiteApp, sumReplayGame, testDialects } from '../test/harness.ts';
import { SUBMISSION_PENDING } from './scores.ts';

const GAME = 'test-idempotent';
const addGame = sumReplayGame(GAME, 'Idempotent');

describe.each(testDialects)('score submit idempotency key (%s)', (dialect) => {
  const t = suiteApp(dialect, { config: { rateLimits: false }, signIn: ['user'], setup: addGame });

  const submit = (body: Record<string, unknown>, cookie?: string) =>
    call(t.app, 'POST', '/api/scores/submit.php', { cookie, body });
  const board = async () =>
    (await call(t.app, 'GET', `/api/scores/get.php?game_id=${GAME}&limit=100`)).json().scores as {
      id: number;
      score: number;
      verified: boolean;
    }[];

  it('a repeated key answers the first score and stores it once; a new key stores a new score', async () => {
    const body = { game_id: GAME, player_name: 'Q', score: 40, idempotency_key: 'outbox-key-0001' };
    const first = (await submit(body)).json();
    expect(first).toMatchObject({ success: true, rank: 1, verified: false });
    const again = await submit(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await board()).filter((s) => s.score === 40)).toHaveLength(1);
    const other = (await submit({ ...body, idempotency_key: 'outbox-key-0002' })).json();
    expect(other.id).not.toBe(first.id);
    expect((await board()).filter((s) => s.score === 40)).toHaveLength(2);
  });

  it('a verified run sent twice with its key is verified once and not refused as a reused ticket', async () => {
    const { ticket, seed } = (
      await call(t.app, 'POST', '/api/scores/ticket.php', { body: { game_id: GAME } })
    ).json() as { ticket: string; seed: number };
    const body = {
      game_id: GAME,
      player_name: 'V',
      score: (seed % 7) + 1000,
      run: { ticket, inputs: [1000] },
      idempotency_key: 'verified-run-key-1',
    };
    const first = (await submit(body, t.user)).json();
    expect(first).toMatchObject({ success: true, verified: true });
    const again = await submit(body, t.user);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await board()).filter((s) => s.verified)).toHaveLength(1);
  });

  it('concurrent submits with one key store one score; the others answer it or say it is in progress', async () => {
    const body = { game_id: GAME, player_name: 'C', score: 7, idempotency_key: 'concurrent-key-1' };
    const answers = await Promise.all([submit(body), submit(body), submit(body)]);
    const ids = new Set<number>();
    for (const res of answers) {
      if (res.statusCode === 200) ids.add(res.json().id);
      else expect(res.json()).toEqual({ success: false, error: SUBMISSION_PENDING });
    }
    expect(ids.size).toBe(1);
    expect((await board()).filter((s) => s.score === 7)).toHaveLength(1);
    // Once finished, a repeat answers the stored score.
    expect((await submit(body)).json().id).toBe([...ids][0]);
  });

  it('a failed submit releases its key; a key of another game and a malformed key are refused', async () => {
    const { ticket } = (
      await call(t.app, 'POST', '/api/scores/ticket.php', { body: { game_id: GAME } })
    ).json();
    const run = { ticket, inputs: [] };
    expect((await submit({ game_id: GAME, player_name: 'R', score: 0, run })).statusCode).toBe(200);
    // The ticket is used: this submit fails after claiming its key, and must give the key up.
    const failed = await submit({
      game_id: GAME,
      player_name: 'R',
      score: 0,
      run,
      idempotency_key: 'release-key-1',
    });
    expect(failed.json()).toEqual({ success: false, error: 'This run ticket has already been used' });
    const ok = await submit({ game_id: GAME, player_name: 'R', score: 3, idempotency_key: 'release-key-1' });
    expect(ok.json()).toMatchObject({ success: true });

    const cross = await submit({
      game_id: 'whac-a-moji',
      player_name: 'R',
      score: 3,
      idempotency_key: 'release-key-1',
    });
    expect(cross.statusCode).toBe(409);
    expect(cross.json()).toEqual({ success: false, error: 'This idempotency key was used for another game' });

    const malformed = await submit({
      game_id: GAME,
      player_name: 'R',
      score: 3,
      idempotency_key: 'no spaces!',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
