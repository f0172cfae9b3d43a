import { describe, expect, it } from 'vitest';
import { autopilot, pilotView } from '../../src/games/lunar-lander/engine/autopilot.ts';
import { INPUT_THRUST } from '../../src/games/lunar-lander/engine/constants.ts';
import { LanderSession } from '../../src/games/lunar-lander/engine/session.ts';
import { call, suiteApp, testDialects } from '../test/harness.ts';
import { keepRunLog, MAX_RUN_LOG_BYTES, NO_VERIFIED_RUN } from './runs.ts';

const GAME = 'lunar-lander';

/** The autopilot lands `landings` levels, then the lander drops to game over. */
function autopilotGame(seed: number, landings: number) {
  const session = new LanderSession(seed);
  let landed = 0;
  while (session.state.phase !== 'gameover') {
    if (session.state.phase === 'landed') landed++;
    if (session.state.phase !== 'playing') session.continue();
    session.tick(landed < landings ? autopilot(pilotView(session.state)) : 0);
  }
  return session;
}

describe.each(testDialects)('ghost runs (%s)', (dialect) => {
  const t = suiteApp(dialect, { config: { rateLimits: false }, signIn: ['user', 'admin'] });

  /** Plays a game on a server ticket and submits it; `tamper` edits the log before sending. */
  async function playAndSubmit(
    cookie: string | undefined,
    landings: number,
    tamper?: (runs: number[]) => unknown,
  ) {
    const ticket = (
      await call(t.app, 'POST', '/api/scores/ticket.php', { cookie, body: { game_id: GAME } })
    ).json();
    const session = autopilotGame(ticket.seed, landings);
    const log = session.inputLog();
    const res = await call(t.app, 'POST', '/api/scores/submit.php', {
      cookie,
      body: {
        game_id: GAME,
        player_name: 'Pilot',
        score: session.score,
        metadata: session.metadata,
        run: { ticket: ticket.ticket, inputs: tamper ? tamper(log.runs.slice()) : log },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      ...(res.json() as { id: number; verified: boolean }),
      seed: ticket.seed,
      log,
      score: session.score,
    };
  }

  const ghosts = (level: number, cookie?: string) =>
    call(t.app, 'GET', `/api/scores/ghosts.php?game_id=${GAME}&level=${level}`, { cookie });

  it('keeps a verified run and serves its log, seed and levels', async () => {
    const run = await playAndSubmit(t.user, 2);
    expect(run.verified).toBe(true);
    const res = await call(t.app, 'GET', `/api/scores/run.php?id=${run.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      run: {
        id: run.id,
        game_id: GAME,
        player_name: 'Pilot',
        score: run.score,
        seed: run.seed,
        levels_cleared: 2,
        inputs: run.log,
      },
    });
  });

  it('refuses a tampered log: the score is not verified and no run is kept or served', async () => {
    const tampered = await playAndSubmit(t.user, 1, (runs) => {
      // Holding thrust longer at the start sends the flight elsewhere.
      runs[0] = runs[0] + 60 * 8;
      return { v: 1, runs };
    });
    expect(tampered.verified).toBe(false);
    const res = await call(t.app, 'GET', `/api/scores/run.php?id=${tampered.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: NO_VERIFIED_RUN });
    const rows = await t.database.db.selectFrom('run_logs').select('score_id').execute();
    expect(rows.map((r) => Number(r.score_id))).not.toContain(tampered.id);
  });

  it('keeps no run for a guest (not verified), and says so for unknown ids', async () => {
    const guest = await playAndSubmit(undefined, 1);
    expect(guest.verified).toBe(false);
    for (const id of [guest.id, 2_000_000_000]) {
      const res = await call(t.app, 'GET', `/api/scores/run.php?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: NO_VERIFIED_RUN });
    }
  });

  it('answers bad queries with the reason', async () => {
    for (const [url, error] of [
      ['/api/scores/run.php', 'id is required'],
      ['/api/scores/run.php?id=abc', 'id must be integer'],
      ['/api/scores/run.php?id=0', 'id must be >= 1'],
      ['/api/scores/ghosts.php?game_id=lunar-lander', 'level is required'],
      ['/api/scores/ghosts.php?game_id=nope&level=1', 'Unknown game "nope"'],
    ]) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, error });
    }
  });

  it("finds the player's best and the board's best verified run that landed a level", async () => {
    const mine = await playAndSubmit(t.user, 3);
    const theirs = await playAndSubmit(t.admin, 4);
    expect([mine.verified, theirs.verified]).toEqual([true, true]);
    expect(theirs.score).toBeGreaterThan(mine.score);
    const ref = (r: { id: number; score: number }) => ({ id: r.id, player_name: 'Pilot', score: r.score });

    expect((await ghosts(1, t.user)).json()).toEqual({ success: true, best: ref(mine), top: ref(theirs) });
    expect((await ghosts(3, t.user)).json()).toEqual({ success: true, best: ref(mine), top: ref(theirs) });
    // Level 4: only the other player's run landed it.
    expect((await ghosts(4, t.user)).json()).toEqual({ success: true, best: null, top: ref(theirs) });
    expect((await ghosts(5, t.user)).json()).toEqual({ success: true, best: null, top: null });
    // Guests have no runs of their own on the server.
    expect((await ghosts(1)).json()).toEqual({ success: true, best: null, top: ref(theirs) });
  });

  it('keeps only the log itself, and no log past the size bound', async () => {
    const run = await playAndSubmit(t.user, 1, (runs) => ({ v: 1, runs, note: 'x'.repeat(1000) }));
    expect(run.verified).toBe(true);
    const served = (await call(t.app, 'GET', `/api/scores/run.php?id=${run.id}`)).json();
    expect(served.run.inputs).toEqual(run.log);

    const other = await playAndSubmit(t.admin, 1, (runs) => ({ v: 1, runs, note: 'y' }));
    await t.database.db.deleteFrom('run_logs').where('score_id', '=', other.id).execute();
    const huge = { v: 1, runs: Array(MAX_RUN_LOG_BYTES / 2).fill(8 + INPUT_THRUST) };
    await keepRunLog(t.app, t.app.log, other.id, GAME, { seed: other.seed, levelsCleared: 1, inputs: huge });
    expect((await call(t.app, 'GET', `/api/scores/run.php?id=${other.id}`)).statusCode).toBe(404);
  });

  it('drops the run with its score', async () => {
    const run = await playAndSubmit(t.user, 1);
    const del = await call(t.app, 'DELETE', `/api/scores/manage.php?score_id=${run.id}`, { cookie: t.admin });
    expect(del.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/scores/run.php?id=${run.id}`)).statusCode).toBe(404);
    const rows = await t.database.db.selectFrom('run_logs').select('score_id').execute();
    expect(rows.map((r) => Number(r.score_id))).not.toContain(run.id);
  });
});

describe('ghost calls are rate limited', () => {
  const t = suiteApp('sqlite', { config: { rateLimits: true } });

  it('answers 429 past 120 reads a minute from one address, on each call', async () => {
    for (const url of [`/api/scores/ghosts.php?game_id=${GAME}&level=1`, '/api/scores/run.php?id=1']) {
      const statuses = new Set<number>();
      for (let i = 0; i < 120; i++) statuses.add((await call(t.app, 'GET', url)).statusCode);
      expect(statuses.has(429), url).toBe(false);
      const limited = await call(t.app, 'GET', url);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toMatchObject({
        success: false,
        error: expect.stringContaining('Too many requests'),
      });
    }
  });
});
