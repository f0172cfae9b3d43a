/**
 * Writes from both SQLite connections at once (score batches on the writer thread, saves
 * on the server's own connection) must all succeed: found by the 200-connection load
 * profile, where a deferred score transaction failed with SQLITE_BUSY once a save had
 * committed between its read and its write.
 */
import { describe, expect, it } from 'vitest';
import { call, suiteApp, testDialects } from '../test/harness.ts';

describe.each(testDialects)('concurrent score submits and save writes (%s)', (dialect) => {
  const t = suiteApp(dialect, { config: { rateLimits: false }, signIn: ['user'] });

  it('answers every submit and every save made while the submits are written, and all are there', async () => {
    // Save writes keep coming for as long as the score batches are being written.
    let submitting = true;
    const submits = Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        call(t.app, 'POST', '/api/scores/submit.php', {
          body: { game_id: 'whac-a-moji', player_name: `p${i}`, score: (i * 37) % 500 },
        }),
      ),
    ).finally(() => {
      submitting = false;
    });
    const saves: Awaited<ReturnType<typeof call>>[] = [];
    for (let i = 0; submitting || i < 10; i++) {
      saves.push(
        await call(t.app, 'POST', '/api/saves/save.php', {
          cookie: t.user,
          body: { appId: 'synth', key: `slot ${i % 10}`, data: { i }, ifMatch: '*' },
        }),
      );
    }
    const answers = [...(await submits), ...saves];
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`);
    expect(failed).toEqual([]);
    const board = await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji&limit=100');
    expect(board.json().scores.length).toBe(100);
    const list = (await call(t.app, 'GET', '/api/saves/list.php?appId=synth', { cookie: t.user })).json();
    expect(list.items.map((s: { key: string }) => s.key).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `slot ${i}`).sort(),
    );
  });
});
