import { describe, expect, it } from 'vitest';
import { call, suiteApp, sumReplayGame, testDialects } from '../test/harness.ts';

const REPLAY_GAME = 'test-replay';
const addReplayGame = sumReplayGame(REPLAY_GAME, 'Replay');

describe.each(testDialects)('scores calls (%s)', (dialect) => {
  const t = suiteApp(dialect, {
    config: { rateLimits: false },
    signIn: ['user', 'admin'],
    setup: async (t) => {
      await addReplayGame(t);
      await t.app.repos.scores.setConfig({
        game_id: 'time-trial',
        display_name: 'Time',
        score_type: 'time',
        sort_order: 'ASC',
      });
    },
  });

  const submit = (body: Record<string, unknown>, cookie?: string) =>
    call(t.app, 'POST', '/api/scores/submit.php', { cookie, body });
  /** A run ticket of `game_id`, anonymous. */
  const ticket = async (game_id: string) =>
    (await call(t.app, 'POST', '/api/scores/ticket.php', { body: { game_id } })).json() as {
      ticket: string;
      seed: number;
    };

  it('seeds the configs of Whac-a-Moji and Lunar Lander', async () => {
    for (const [game_id, display_name] of [
      ['whac-a-moji', 'Whac-a-Moji'],
      ['lunar-lander', 'Lunar Lander'],
    ]) {
      const res = await call(t.app, 'GET', `/api/scores/get.php?game_id=${game_id}`);
      expect(res.json()).toEqual({
        success: true,
        scores: [],
        game_config: { game_id, display_name, score_type: 'points', sort_order: 'DESC' },
      });
    }
  });

  it('submits and ranks 1-based in the sort direction; get returns the top N', async () => {
    const ranks = [];
    for (const score of [50, 80, 20, 80])
      ranks.push((await submit({ game_id: 'lunar-lander', player_name: 'P', score })).json().rank);
    // Equal scores rank by age: the second 80 is behind the first.
    expect(ranks).toEqual([1, 1, 3, 2]);
    const top = (await call(t.app, 'GET', '/api/scores/get.php?game_id=lunar-lander&limit=3')).json();
    expect(top.scores.map((s: { score: number; rank: number }) => [s.score, s.rank])).toEqual([
      [80, 1],
      [80, 2],
      [50, 3],
    ]);
    expect(top.scores[0]).toMatchObject({
      player_name: 'P',
      verified: false,
      user_id: null,
      duration: null,
      metadata: null,
    });
    const asc = [];
    for (const score of [30.5, 12.25, 40])
      asc.push((await submit({ game_id: 'time-trial', player_name: 'T', score })).json().rank);
    expect(asc).toEqual([1, 1, 3]);
  });

  it('default limit is 10, and level_or_mode filters and ranks within the mode', async () => {
    for (let i = 0; i < 12; i++)
      await submit({ game_id: 'whac-a-moji', player_name: `p${i}`, score: i * 10, level_or_mode: 'easy' });
    const board = (await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji')).json();
    expect(board.scores).toHaveLength(10);
    expect(board.scores[0].score).toBe(110);
    const hard = await submit({ game_id: 'whac-a-moji', player_name: 'h', score: 5, level_or_mode: 'hard' });
    expect(hard.json().rank).toBe(1);
    const hardBoard = (
      await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji&level_or_mode=hard')
    ).json();
    expect(hardBoard.scores.map((s: { player_name: string }) => s.player_name)).toEqual(['h']);
  });

  it('takes user_id from the session, never from the body', async () => {
    const me = (await call(t.app, 'GET', '/api/account/validate.php', { cookie: t.user })).json().user;
    const forged = await submit({
      game_id: 'lunar-lander',
      player_name: 'F',
      score: 1,
      user_id: 'someone-else',
    });
    const row = (await call(t.app, 'GET', '/api/scores/get.php?game_id=lunar-lander&limit=100'))
      .json()
      .scores.find((s: { id: number }) => s.id === forged.json().id);
    expect(row.user_id).toBeNull();
    const mine = await submit(
      { game_id: 'lunar-lander', player_name: 'Me', score: 2, user_id: 'someone-else' },
      t.user,
    );
    const mineRow = (await call(t.app, 'GET', '/api/scores/get.php?game_id=lunar-lander&limit=100'))
      .json()
      .scores.find((s: { id: number }) => s.id === mine.json().id);
    expect(mineRow.user_id).toBe(me.id);
  });

  it("validates the player name with the spec's exact messages, and the score", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ game_id: 'lunar-lander', score: 1 }, 'Player name is required'],
      [{ game_id: 'lunar-lander', score: 1, player_name: null }, 'Player name is required'],
      [{ game_id: 'lunar-lander', score: 1, player_name: '   ' }, 'Player name cannot be empty'],
      [
        { game_id: 'lunar-lander', score: 1, player_name: 'x'.repeat(101) },
        'Player name is too long (max 100 characters)',
      ],
      [
        { game_id: 'lunar-lander', score: 1, player_name: '<b>hi</b>' },
        'Player name cannot contain HTML tags',
      ],
      [{ game_id: 'nope', score: 1, player_name: 'a' }, 'Unknown game "nope"'],
      [{ game_id: 'lunar-lander', player_name: 'a' }, 'score is required'],
      [{ game_id: 'lunar-lander', score: '12', player_name: 'a' }, 'score must be number'],
      [{ game_id: 'lunar-lander', score: -5, player_name: 'a' }, 'Score is out of range for this game'],
      [{ game_id: 'lunar-lander', score: 1.5, player_name: 'a' }, 'Score is out of range for this game'],
      [
        { game_id: 'lunar-lander', score: 900, player_name: 'a', metadata: { levelsReached: 2 } },
        'Score is not plausible for the level reached',
      ],
      [{ game_id: 'whac-a-moji', score: 7000, player_name: 'a' }, 'Score is out of range for this game'],
      [
        { game_id: 'whac-a-moji', score: 2000, player_name: 'a', duration: 10 },
        'Score is not plausible for the game duration',
      ],
      [{ game_id: 'whac-a-moji', score: 20, player_name: 'a', duration: -1 }, 'duration must be >= 0'],
      [{ game_id: 'whac-a-moji', score: 20, player_name: 'a', cheat: true }, 'Unknown field "cheat"'],
    ];
    for (const [body, error] of cases) {
      const res = await submit(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ success: false, error });
    }
    const exactly100 = await submit({ game_id: 'lunar-lander', score: 1, player_name: 'x'.repeat(100) });
    expect(exactly100.statusCode).toBe(200);
  });

  it('run tickets: a matching replay by a signed-in user is verified; tampered is stored unverified; reuse is 409', async () => {
    const a = await ticket(REPLAY_GAME);
    expect(a).toMatchObject({ success: true, ticket: expect.any(String), seed: expect.any(Number) });
    const honest = (a.seed % 7) + 6;
    const ok = await submit(
      { game_id: REPLAY_GAME, player_name: 'V', score: honest, run: { ticket: a.ticket, inputs: [1, 2, 3] } },
      t.user,
    );
    expect(ok.json()).toMatchObject({ success: true, verified: true });
    const reused = await submit(
      { game_id: REPLAY_GAME, player_name: 'V', score: honest, run: { ticket: a.ticket, inputs: [1, 2, 3] } },
      t.user,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ success: false, error: 'This run ticket has already been used' });

    const b = await ticket(REPLAY_GAME);
    const inflated = await submit(
      { game_id: REPLAY_GAME, player_name: 'V', score: 1000, run: { ticket: b.ticket, inputs: [1, 2, 3] } },
      t.user,
    );
    expect(inflated.json()).toMatchObject({ success: true, verified: false });
    const c = await ticket(REPLAY_GAME);
    const malformed = await submit(
      { game_id: REPLAY_GAME, player_name: 'V', score: 6, run: { ticket: c.ticket, inputs: 'garbage' } },
      t.user,
    );
    expect(malformed.json()).toMatchObject({ success: true, verified: false });
    const d = await ticket(REPLAY_GAME);
    const forgedTicket = `${d.ticket.split('.')[0]}.${'A'.repeat(43)}`;
    const forged = await submit(
      {
        game_id: REPLAY_GAME,
        player_name: 'V',
        score: d.seed % 7,
        run: { ticket: forgedTicket, inputs: [] },
      },
      t.user,
    );
    expect(forged.json()).toMatchObject({ success: true, verified: false });
    // Anonymous: a matching replay is accepted but not verified (verified marks signed-in users' scores).
    const e = await ticket(REPLAY_GAME);
    const anon = await submit({
      game_id: REPLAY_GAME,
      player_name: 'A',
      score: e.seed % 7,
      run: { ticket: e.ticket, inputs: [] },
    });
    expect(anon.json()).toMatchObject({ success: true, verified: false });
    // Without a ticket: accepted, unverified.
    expect((await submit({ game_id: REPLAY_GAME, player_name: 'N', score: 3 }, t.user)).json()).toMatchObject(
      {
        verified: false,
      },
    );
    const board = (await call(t.app, 'GET', `/api/scores/get.php?game_id=${REPLAY_GAME}&limit=100`)).json();
    expect(board.scores.filter((s: { verified: boolean }) => s.verified)).toHaveLength(1);
    const unknown = await call(t.app, 'POST', '/api/scores/ticket.php', { body: { game_id: 'nope' } });
    expect(unknown.json()).toEqual({ success: false, error: 'Unknown game "nope"' });
  });

  it('a verified run with a long input log (past the default 64 KiB body limit) is accepted', async () => {
    const a = await ticket(REPLAY_GAME);
    // 40,000 entries of "1," is about 80 KB of JSON.
    const inputs = new Array<number>(40_000).fill(1);
    const long = await submit(
      {
        game_id: REPLAY_GAME,
        player_name: 'L',
        score: 40_000 + (a.seed % 7),
        run: { ticket: a.ticket, inputs },
      },
      t.user,
    );
    expect(long.statusCode).toBe(200);
    expect(long.json()).toMatchObject({ success: true, verified: true });
    const huge = await call(t.app, 'POST', '/api/scores/submit.php', {
      body: {
        game_id: REPLAY_GAME,
        player_name: 'H',
        score: 1,
        metadata: { pad: 'x'.repeat(3 * 1024 * 1024) },
      },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, error: 'Request body is too large' });
  });

  it("verifies a real Whac-a-Moji run with the game's own replay", async () => {
    // Start the game, start round 1, never whack: three moles time out and the game ends at 0 points.
    const inputs = [
      [0, 0],
      [0, 1],
    ];
    const a = await ticket('whac-a-moji');
    const honest = await submit(
      { game_id: 'whac-a-moji', player_name: 'W', score: 0, run: { ticket: a.ticket, inputs } },
      t.user,
    );
    expect(honest.json()).toMatchObject({ success: true, verified: true });
    const b = await ticket('whac-a-moji');
    const inflated = await submit(
      { game_id: 'whac-a-moji', player_name: 'W', score: 40, run: { ticket: b.ticket, inputs } },
      t.user,
    );
    expect(inflated.json()).toMatchObject({ success: true, verified: false });
  });

  it('ranks stay correct under concurrent submits', async () => {
    await t.app.repos.scores.setConfig({
      game_id: 'concurrent',
      display_name: 'C',
      score_type: 'points',
      sort_order: 'DESC',
    });
    const scores = Array.from({ length: 30 }, (_, i) => (i * 37) % 101);
    const results = await Promise.all(
      scores.map((score, i) => submit({ game_id: 'concurrent', player_name: `c${i}`, score })),
    );
    const answers = results.map((r) => r.json() as { success: boolean; id: number; rank: number });
    expect(answers.every((a) => a.success)).toBe(true);
    const best = scores.indexOf(Math.max(...scores));
    expect(answers[best].rank).toBe(1);
    const board = (await call(t.app, 'GET', '/api/scores/get.php?game_id=concurrent&limit=100')).json()
      .scores as {
      id: number;
      score: number;
      rank: number;
    }[];
    expect(board.map((s) => s.score)).toEqual([...scores].sort((a, b) => b - a));
    expect(board.map((s) => s.rank)).toEqual(board.map((_, i) => i + 1));
    for (const answer of answers) {
      const finalRank = board.find((s) => s.id === answer.id)?.rank as number;
      // A rank is given when the score lands; later better scores can only push it down.
      expect(answer.rank).toBeGreaterThanOrEqual(1);
      expect(answer.rank).toBeLessThanOrEqual(finalRank);
    }
  });

  it('test.php answers', async () => {
    const res = await call(t.app, 'GET', '/api/scores/test.php');
    expect(res.json()).toMatchObject({ success: true, message: 'Scores API is working', database: dialect });
  });

  it('manage.php: 401 signed out, 403 for a non-admin', async () => {
    expect((await call(t.app, 'GET', '/api/scores/manage.php')).statusCode).toBe(401);
    const forbidden = await call(t.app, 'GET', '/api/scores/manage.php', { cookie: t.user });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, error: 'Admin access required' });
    expect(
      (await call(t.app, 'DELETE', '/api/scores/manage.php?score_id=1', { cookie: t.user })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/scores/manage.php', {
          cookie: t.user,
          body: { game_id: 'x', display_name: 'X', score_type: 'points', sort_order: 'ASC' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('manage.php: stats, paged list with player filter, deletes, config — all audited', async () => {
    const stats = (await call(t.app, 'GET', '/api/scores/manage.php', { cookie: t.admin })).json();
    const lander = stats.stats.find((s: { game_id: string }) => s.game_id === 'lunar-lander');
    expect(lander).toMatchObject({
      total_scores: expect.any(Number),
      unique_players: expect.any(Number),
      highest_score: 80,
    });
    expect(stats.stats.find((s: { game_id: string }) => s.game_id === 'time-trial').highest_score).toBe(
      12.25,
    );
    expect(stats.configs.map((c: { game_id: string }) => c.game_id)).toContain('whac-a-moji');

    const page = (
      await call(t.app, 'GET', '/api/scores/manage.php?game_id=whac-a-moji&limit=5&offset=5', {
        cookie: t.admin,
      })
    ).json();
    expect(page.pagination).toEqual({ total: 15, limit: 5, offset: 5, has_more: true });
    expect(page.scores[0].rank).toBe(6);
    const filtered = (
      await call(t.app, 'GET', '/api/scores/manage.php?game_id=whac-a-moji&player_name=P1', {
        cookie: t.admin,
      })
    ).json();
    expect(filtered.scores.map((s: { player_name: string }) => s.player_name).sort()).toEqual([
      'p1',
      'p10',
      'p11',
    ]);
    expect(filtered.pagination).toEqual({ total: 3, limit: 50, offset: 0, has_more: false });

    const one = page.scores[0].id;
    expect(
      (await call(t.app, 'DELETE', `/api/scores/manage.php?score_id=${one}`, { cookie: t.admin })).json(),
    ).toEqual({
      success: true,
      message: 'Score deleted',
    });
    expect(
      (await call(t.app, 'DELETE', `/api/scores/manage.php?score_id=${one}`, { cookie: t.admin })).statusCode,
    ).toBe(404);
    // Ids are 4-byte on PostgreSQL: past that, the request is refused, not the database.
    const huge = await call(t.app, 'DELETE', '/api/scores/manage.php?score_id=4503079381976734', {
      cookie: t.admin,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/score_id must be <= 2147483647/);
    expect(
      (await call(t.app, 'DELETE', '/api/scores/manage.php?score_id=2147483647', { cookie: t.admin }))
        .statusCode,
    ).toBe(404);
    // The board is cached between writes: a delete must show at once.

    expect((await call(t.app, 'GET', '/api/scores/get.php?game_id=time-trial')).json().scores).toHaveLength(
      3,
    );
    const all = (
      await call(t.app, 'DELETE', '/api/scores/manage.php?game_id=time-trial', { cookie: t.admin })
    ).json();
    expect(all).toEqual({ success: true, message: 'Deleted 3 scores for time-trial' });
    expect((await call(t.app, 'GET', '/api/scores/get.php?game_id=time-trial')).json().scores).toEqual([]);
    const neither = await call(t.app, 'DELETE', '/api/scores/manage.php', { cookie: t.admin });
    expect(neither.json()).toEqual({ success: false, error: 'Give score_id or game_id' });

    const set = await call(t.app, 'POST', '/api/scores/manage.php', {
      cookie: t.admin,
      body: { game_id: 'whac-a-moji', display_name: 'Whack!', score_type: 'points', sort_order: 'DESC' },
    });
    expect(set.json()).toEqual({ success: true, message: 'Game config saved' });
    expect(
      (await call(t.app, 'GET', '/api/scores/get.php?game_id=whac-a-moji')).json().game_config.display_name,
    ).toBe('Whack!');
    const badConfig = await call(t.app, 'POST', '/api/scores/manage.php', {
      cookie: t.admin,
      body: { game_id: 'x', display_name: 'X', score_type: 'laps', sort_order: 'DESC' },
    });
    expect(badConfig.statusCode).toBe(400);

    const audit = (await call(t.app, 'GET', '/api/admin/audit.php', { cookie: t.admin })).json();
    expect(audit.entries.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'game_config.set',
      'scores.delete_game',
      'score.delete',
    ]);
  });
});
