import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dailySeed, shiftDay, utcDayOf } from '../../src/games/whac-a-moji/engine/daily.ts';
import { RecordedWhacGame } from '../../src/games/whac-a-moji/engine/replay.ts';
import { call, createTestApp, devSignIn, suiteApp, type TestApp, testDialects } from '../test/harness.ts';

/**
 * A real Whac-a-Moji run on `seed`: whack the first `hits` moles the moment they appear,
 * then let three get away. Returns its input log and the score the engine gave it.
 */
function playWhac(seed: number, hits: number): { inputs: unknown[]; score: number; duration: number } {
  const game = new RecordedWhacGame(seed);
  game.dispatch({ type: 'startGame' });
  game.dispatch({ type: 'startRound' });
  let whacked = 0;
  while (game.state.phase !== 'game-over' && game.state.phase !== 'finished') {
    if (game.state.phase === 'round-end') game.dispatch({ type: 'nextRound' });
    if (game.state.phase === 'round-start') game.dispatch({ type: 'startRound' });
    const up = game.state.slots.findIndex((s) => s.emoji !== null && !s.isHit);
    if (up >= 0 && whacked < hits) {
      game.dispatch({ type: 'whack', slot: up });
      whacked++;
    }
    game.step();
  }
  return { inputs: game.inputs, score: game.state.score, duration: Math.round(game.state.tick / 100) };
}

const GAME = 'whac-a-moji';

describe.each(testDialects)('Daily calls (%s)', (dialect) => {
  let t: TestApp;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  const today = () => utcDayOf(Date.now());
  const ticket = async (cookie?: string) => {
    const res = await call(t.app, 'POST', '/api/scores/daily_ticket.php', { cookie, body: { game: GAME } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ticket: string; seed: number; day: string };
  };
  const submit = (body: Record<string, unknown>, cookie?: string) =>
    call(t.app, 'POST', '/api/scores/daily_submit.php', { cookie, body });
  const board = async (day: string, cookie?: string) => {
    const res = await call(t.app, 'GET', `/api/scores/daily.php?game=${GAME}&day=${day}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /**
   * Sets the server's clock (Date only) to a day whose board no other test writes, and signs
   * the two players in at that time (a session from the real now would have expired by then).
   */
  const atDay = async (day: string, time = '12:00:00.000') => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${day}T${time}Z`));
    user = await devSignIn(t.app, 'user');
    admin = await devSignIn(t.app, 'admin');
  };

  it("issues today's ticket with the day's seed, and verifies a signed-in player's replayed run", async () => {
    await atDay('2030-01-10');
    const a = await ticket(user);
    expect(a).toMatchObject({ success: true, day: '2030-01-10', seed: dailySeed('2030-01-10') });
    const run = playWhac(a.seed, 5);
    expect(run.score).toBeGreaterThan(0);
    const res = await submit(
      {
        game: GAME,
        day: a.day,
        player_name: 'Ann',
        score: run.score,
        duration: run.duration,
        metadata: { roundsCompleted: 0, endedBy: 'timeouts', missedTimeouts: 3, totalRounds: 8 },
        run: { seed: a.seed, inputs: run.inputs, ticket: a.ticket },
      },
      user,
    );
    expect(res.json()).toMatchObject({ success: true, rank: 1, verified: true, best: true });
    const b = await board('2030-01-10', user);
    expect(b).toMatchObject({ success: true, game: GAME, day: '2030-01-10', today: '2030-01-10' });
    expect(b.scores).toHaveLength(1);
    expect(b.scores[0]).toMatchObject({
      player_name: 'Ann',
      score: run.score,
      duration: run.duration,
      verified: true,
      rank: 1,
      metadata: { roundsCompleted: 0, endedBy: 'timeouts', missedTimeouts: 3, totalRounds: 8 },
    });
    expect(b.mine).toMatchObject({ player_name: 'Ann', score: run.score, rank: 1 });
    // A guest has no entry of their own to show.
    expect((await board('2030-01-10')).mine).toBeNull();
  });

  it('keeps one entry per signed-in player per day (their best); guests add one row per run by name', async () => {
    await atDay('2030-02-01');
    const seed = dailySeed('2030-02-01');
    const good = playWhac(seed, 6);
    const worse = playWhac(seed, 2);
    const best = playWhac(seed, 9);
    const send = async (run: typeof good, cookie?: string, name = 'Bo') =>
      (
        await submit(
          {
            game: GAME,
            day: '2030-02-01',
            player_name: name,
            score: run.score,
            run: { seed, inputs: run.inputs, ticket: (await ticket(cookie)).ticket },
          },
          cookie,
        )
      ).json();
    const first = await send(good, user);
    expect(first).toMatchObject({ success: true, best: true, verified: true });
    const second = await send(worse, user);
    expect(second).toMatchObject({ success: true, best: false, id: first.id, verified: true });
    let b = await board('2030-02-01', user);
    expect(b.scores.map((s: { score: number }) => s.score)).toEqual([good.score]);
    const third = await send(best, user, 'Bo again');
    expect(third).toMatchObject({ best: true, id: first.id, rank: 1 });
    // Another signed-in player, and two guests under the same name: each their own row.
    await send(worse, admin, 'Cy');
    await send(good, undefined, 'Guest');
    await send(worse, undefined, 'Guest');
    b = await board('2030-02-01', user);
    expect(b.scores.map((s: { player_name: string; score: number }) => [s.player_name, s.score])).toEqual([
      ['Bo again', best.score],
      ['Guest', good.score],
      ['Cy', worse.score],
      ['Guest', worse.score],
    ]);
    expect(b.scores.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4]);
    // Guests' runs are not verified (as on the normal board).
    expect(b.scores[1].verified).toBe(false);
    expect(b.mine).toMatchObject({ player_name: 'Bo again', rank: 1 });
  });

  it("refuses a run played on another seed than the day's, and does not verify one whose moles were not the day's", async () => {
    await atDay('2030-03-05');
    const day = '2030-03-05';
    const seed = dailySeed(day);
    const yesterdaysSeed = dailySeed(shiftDay(day, -1));
    const other = playWhac(yesterdaysSeed, 6);
    const refused = await submit(
      {
        game: GAME,
        day,
        player_name: 'Di',
        score: other.score,
        run: { seed: yesterdaysSeed, inputs: other.inputs, ticket: (await ticket(user)).ticket },
      },
      user,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      error: 'This run was not played on the moles of the Daily of 2030-03-05',
    });
    // The same log claiming the day's seed: the server replays it on the day's moles, where it
    // does not make that score.
    const claimed = await submit(
      {
        game: GAME,
        day,
        player_name: 'Di',
        score: other.score,
        run: { seed, inputs: other.inputs, ticket: (await ticket(user)).ticket },
      },
      user,
    );
    expect(claimed.json()).toMatchObject({ success: true, verified: false });
    // Nor is a run with an inflated score.
    const honest = playWhac(seed, 4);
    const inflated = await submit(
      {
        game: GAME,
        day,
        player_name: 'Di',
        score: honest.score + 20,
        run: { seed, inputs: honest.inputs, ticket: (await ticket(user)).ticket },
      },
      user,
    );
    expect(inflated.json()).toMatchObject({ success: true, verified: false });
  });

  it("refuses a run for another day: a ticket of yesterday for today's board, closed days, days to come", async () => {
    await atDay('2030-04-10', '23:59:59.999');
    const late = await ticket(user);
    expect(late.day).toBe('2030-04-10');
    await atDay('2030-04-11', '00:00:00.000');
    const early = await ticket(user);
    expect(early.day).toBe('2030-04-11');
    expect(early.seed).not.toBe(late.seed);
    expect((await board('2030-04-11')).today).toBe('2030-04-11');

    const run = playWhac(late.seed, 3);
    const body = { game: GAME, player_name: 'Ed', score: run.score };
    const wrongDay = await submit(
      { ...body, day: '2030-04-11', run: { seed: early.seed, inputs: run.inputs, ticket: late.ticket } },
      user,
    );
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().error).toBe('This run ticket is for the Daily of 2030-04-10, not 2030-04-11');
    // Yesterday's board still takes yesterday's run (finished after midnight, or sent from the outbox).
    const justAfter = await submit(
      { ...body, day: '2030-04-10', run: { seed: late.seed, inputs: run.inputs, ticket: late.ticket } },
      user,
    );
    expect(justAfter.json()).toMatchObject({ success: true, verified: true });

    const closed = await submit({
      ...body,
      day: '2030-04-09',
      run: { seed: dailySeed('2030-04-09'), inputs: [] },
    });
    expect(closed.json()).toEqual({ success: false, error: 'The Daily of 2030-04-09 is closed' });
    const future = await submit({
      ...body,
      day: '2030-04-12',
      run: { seed: dailySeed('2030-04-12'), inputs: [] },
    });
    expect(future.json()).toEqual({ success: false, error: 'The Daily of 2030-04-12 has not started yet' });
    const notADate = await call(t.app, 'GET', `/api/scores/daily.php?game=${GAME}&day=2030-02-30`);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error).toBe('day must be a real date written YYYY-MM-DD (got "2030-02-30")');
  });

  it('the Daily board and the normal board never mix', async () => {
    await atDay('2030-05-20');
    const day = '2030-05-20';
    const run = playWhac(dailySeed(day), 7);
    await submit({
      game: GAME,
      day,
      player_name: 'DailyOnly',
      score: run.score,
      run: { seed: dailySeed(day), inputs: run.inputs },
    });
    const normal = await call(t.app, 'POST', '/api/scores/submit.php', {
      body: { game_id: GAME, player_name: 'NormalOnly', score: 15 },
    });
    expect(normal.statusCode).toBe(200);
    const dailyNames = (await board(day)).scores.map((s: { player_name: string }) => s.player_name);
    expect(dailyNames).toEqual(['DailyOnly']);
    const normalBoard = (await call(t.app, 'GET', `/api/scores/get.php?game_id=${GAME}&limit=100`)).json();
    const normalNames = normalBoard.scores.map((s: { player_name: string }) => s.player_name);
    expect(normalNames).toContain('NormalOnly');
    expect(normalNames).not.toContain('DailyOnly');
    // Nor do their tickets: a Daily ticket (a known seed) verifies nothing on the normal board,
    // and a normal ticket is no Daily ticket.
    const dailyTicket = await ticket(user);
    const onNormal = await call(t.app, 'POST', '/api/scores/submit.php', {
      cookie: user,
      body: {
        game_id: GAME,
        player_name: 'X',
        score: run.score,
        run: { ticket: dailyTicket.ticket, inputs: run.inputs },
      },
    });
    expect(onNormal.json()).toMatchObject({ success: true, verified: false });
    const normalTicket = (
      await call(t.app, 'POST', '/api/scores/ticket.php', { cookie: user, body: { game_id: GAME } })
    ).json();
    const onDaily = await submit(
      {
        game: GAME,
        day,
        player_name: 'Y',
        score: run.score,
        run: { seed: dailySeed(day), inputs: run.inputs, ticket: normalTicket.ticket },
      },
      user,
    );
    expect(onDaily.json()).toMatchObject({ success: true, verified: false });
  });

  it('a repeated submit with the same key answers the same entry and stores one row', async () => {
    await atDay('2030-06-01');
    const day = '2030-06-01';
    const run = playWhac(dailySeed(day), 3);
    const a = await ticket(user);
    const body = {
      game: GAME,
      day,
      player_name: 'Fay',
      score: run.score,
      run: { seed: a.seed, inputs: run.inputs, ticket: a.ticket },
      idempotency_key: 'daily-key-0001',
    };
    const first = (await submit(body)).json();
    const again = (await submit(body)).json();
    expect(again).toEqual(first);
    expect((await board(day)).scores).toHaveLength(1);
    const otherDay = await submit({
      ...body,
      day: shiftDay(day, -1),
      run: { seed: dailySeed(shiftDay(day, -1)), inputs: run.inputs },
    });
    expect(otherDay.statusCode).toBe(409);
    expect(otherDay.json().error).toBe('This idempotency key was used for another Daily');
  });

  it('answers clear errors for bad input', async () => {
    const day = today();
    const cases: [Record<string, unknown>, string][] = [
      [
        { game: 'lunar-lander', day, player_name: 'a', score: 1, run: { seed: 1, inputs: [] } },
        'game must be one of: whac-a-moji',
      ],
      [{ game: GAME, day, score: 1, run: { seed: dailySeed(day), inputs: [] } }, 'Player name is required'],
      [
        { game: GAME, day, player_name: '<b>x</b>', score: 1, run: { seed: 1, inputs: [] } },
        'Player name cannot contain HTML tags',
      ],
      [{ game: GAME, day, player_name: 'a', score: 1 }, 'run is required'],
      [
        { game: GAME, day: '26-11-2026', player_name: 'a', score: 1, run: { seed: 1, inputs: [] } },
        'day must match pattern "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$"',
      ],
      [
        { game: GAME, day, player_name: 'a', score: 99_999, run: { seed: dailySeed(day), inputs: [] } },
        'Score is out of range for this game',
      ],
      [
        { game: GAME, day, player_name: 'a', score: 1, run: { seed: dailySeed(day), inputs: [], extra: 1 } },
        'Unknown field "run.extra"',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await submit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, error });
    }
    const unknownGame = await call(t.app, 'GET', '/api/scores/daily.php?game=nope');
    expect(unknownGame.json()).toEqual({ success: false, error: 'game must be one of: whac-a-moji' });
    const noGame = await call(t.app, 'GET', '/api/scores/daily.php');
    expect(noGame.json()).toEqual({ success: false, error: 'game is required' });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/scores/daily.php',
        '/api/scores/daily_ticket.php',
        '/api/scores/daily_submit.php',
      ]),
    );
    expect(
      doc.paths['/api/scores/daily.php'].get.parameters.map((p: { name: string }) => p.name).sort(),
    ).toEqual(['day', 'game']);
  });
});

describe('Daily calls are rate limited', () => {
  const t = suiteApp('sqlite', { config: { rateLimits: true } });

  it('limits board reads, tickets and submits per address', async () => {
    const statuses = async (n: number, send: () => ReturnType<typeof call>) => {
      const codes: number[] = [];
      for (let i = 0; i < n; i++) codes.push((await send()).statusCode);
      return codes;
    };
    const reads = await statuses(121, () => call(t.app, 'GET', `/api/scores/daily.php?game=${GAME}`));
    expect(reads.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(reads[120]).toBe(429);
    const tickets = await statuses(61, () =>
      call(t.app, 'POST', '/api/scores/daily_ticket.php', { body: { game: GAME } }),
    );
    expect(tickets[59]).toBe(200);
    expect(tickets[60]).toBe(429);
    const day = utcDayOf(Date.now());
    const submits = await statuses(31, () =>
      call(t.app, 'POST', '/api/scores/daily_submit.php', {
        body: {
          game: GAME,
          day,
          player_name: 'R',
          score: 0,
          run: {
            seed: dailySeed(day),
            inputs: [
              [0, 0],
              [0, 1],
            ],
          },
        },
      }),
    );
    expect(submits[29]).toBe(200);
    expect(submits[30]).toBe(429);
  });
});
