import { describe, expect, it, vi } from 'vitest';
import { dailySeed } from '../engine/daily.ts';
import { replayWhacRun } from '../engine/replay.ts';
import { createWhacStore, GAME_ID, type WhacDeps } from './store.ts';

/** A store in Daily mode on a hand-cranked clock; the wall clock is `wall` (ms since the epoch). */
function setup(options: { ticketDay?: string | null; wall: number }) {
  let time = 1000;
  let wall = options.wall;
  let pending: ((now: number) => void) | null = null;
  const best = new Map<string, number>();
  const deps: WhacDeps = {
    fetchTicket: vi.fn(() => Promise.resolve({ ticket: 'normal-ticket', seed: 4242 })),
    fetchDailyTicket: vi.fn(() =>
      options.ticketDay
        ? Promise.resolve({
            ticket: `daily-${options.ticketDay}`,
            seed: dailySeed(options.ticketDay),
            day: options.ticketDay,
          })
        : Promise.reject(new Error('offline')),
    ),
    wallClock: () => wall,
    now: () => time,
    requestFrame: (cb) => {
      pending = cb;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
    localSeed: () => 7,
    dailyBest: (day) => best.get(day) ?? null,
    recordDailyBest: (day, score) => best.set(day, Math.max(score, best.get(day) ?? score)),
  };
  const store = createWhacStore(deps);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  /** Plays until the game ends: never whacks, so three moles time out. */
  const playOut = () => {
    store.getState().startRound();
    while (store.getState().phase === 'playing') {
      time += 16;
      const cb = pending;
      pending = null;
      cb?.(time);
    }
  };
  return { store, deps, flush, playOut, setWall: (ms: number) => (wall = ms) };
}

describe('whac store, Daily mode', () => {
  it("plays the UTC day's moles with that day's ticket, and hands the board a run it can replay", async () => {
    const t = setup({ ticketDay: '2026-11-26', wall: Date.parse('2026-11-26T19:00:00Z') });
    await t.flush();
    t.store.getState().setMode('daily');
    expect(t.deps.fetchDailyTicket).toHaveBeenCalledWith(GAME_ID);
    expect(t.store.getState().day).toBe('2026-11-26');
    await t.flush();
    await t.store.getState().startGame();
    expect(t.store.getState().verifiable).toBe(true);
    t.playOut();
    const submission = t.store.getState().submission;
    expect(submission?.dailyRun).toMatchObject({ seed: dailySeed('2026-11-26'), ticket: 'daily-2026-11-26' });
    expect(submission?.run).toBeUndefined();
    expect(replayWhacRun(dailySeed('2026-11-26'), submission?.dailyRun?.inputs)?.score).toBe(
      submission?.score,
    );
    expect(t.store.getState().dailyBest).toBe(submission?.score);
  });

  it('offline: plays the same moles with no ticket, unverifiable, the run still carrying its seed', async () => {
    const t = setup({ ticketDay: null, wall: Date.parse('2026-11-26T23:59:59.999Z') });
    await t.flush();
    t.store.getState().setMode('daily');
    await t.flush();
    await t.store.getState().startGame();
    expect(t.store.getState().verifiable).toBe(false);
    t.playOut();
    expect(t.store.getState().submission?.dailyRun).toEqual({
      seed: dailySeed('2026-11-26'),
      inputs: expect.any(Array),
    });
  });

  it("after midnight UTC on the start screen, plays the new day's moles, not yesterday's ticket", async () => {
    const t = setup({ ticketDay: '2026-11-26', wall: Date.parse('2026-11-26T23:59:00Z') });
    await t.flush();
    t.store.getState().setMode('daily');
    await t.flush();
    t.setWall(Date.parse('2026-11-27T00:00:00Z'));
    await t.store.getState().startGame();
    expect(t.store.getState().day).toBe('2026-11-27');
    // The server would give the 27th's ticket; this one still answers the 26th's, so it is not used.
    expect(t.store.getState().verifiable).toBe(false);
    t.playOut();
    expect(t.store.getState().submission?.dailyRun?.seed).toBe(dailySeed('2026-11-27'));
  });

  it('switching back to Normal asks for a normal ticket and plays a normal run', async () => {
    const t = setup({ ticketDay: '2026-11-26', wall: Date.parse('2026-11-26T12:00:00Z') });
    await t.flush();
    t.store.getState().setMode('daily');
    await t.flush();
    t.store.getState().setMode('normal');
    await t.flush();
    await t.store.getState().startGame();
    t.playOut();
    const submission = t.store.getState().submission;
    expect(submission?.dailyRun).toBeUndefined();
    expect(submission?.run?.ticket).toBe('normal-ticket');
  });
});
