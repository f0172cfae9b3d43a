import { describe, expect, it, vi } from 'vitest';
import { GRIDS } from '../engine/constants.ts';
import type { WhacEvent } from '../engine/engine.ts';
import { replayWhacRun } from '../engine/replay.ts';
import { createWhacStore, GAME_ID, MAX_FRAME_MS, type WhacDeps } from './store.ts';

/** A store on a hand-cranked clock: `frame(ms)` moves time and runs the pending animation frame. */
function setup(ticket: 'ok' | 'fail' = 'ok') {
  let time = 1000;
  let pending: ((now: number) => void) | null = null;
  const events: WhacEvent[] = [];
  const deps: WhacDeps = {
    fetchTicket: vi.fn((gameId: string) =>
      ticket === 'ok'
        ? Promise.resolve({ ticket: `ticket-for-${gameId}`, seed: 4242 })
        : Promise.reject(new Error('offline')),
    ),
    now: () => time,
    requestFrame: (cb) => {
      pending = cb;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
    localSeed: () => 7,
    onEvents: (e) => events.push(...e),
    onGesture: vi.fn(),
  };
  const store = createWhacStore(deps);
  const frame = (ms: number) => {
    time += ms;
    const cb = pending;
    pending = null;
    cb?.(time);
  };
  /** Runs frames of 16 ms for `ms` of play. */
  const play = (ms: number) => {
    for (let t = 0; t < ms; t += 16) frame(16);
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const upSlot = () => store.getState().slots.findIndex((s) => s.emoji !== null && !s.isHit);
  const emptySlot = () => store.getState().slots.findIndex((s) => s.emoji === null);
  return { store, deps, events, frame, play, flush, upSlot, emptySlot, hasFrame: () => pending !== null };
}

async function started(ticket: 'ok' | 'fail' = 'ok') {
  const t = setup(ticket);
  await t.flush();
  await t.store.getState().startGame();
  t.store.getState().startRound();
  return t;
}

describe('whac store', () => {
  it('asks the server for a run ticket before Start Game', async () => {
    const { store, deps, flush } = setup();
    expect(store.getState().phase).toBe('waiting');
    await flush();
    expect(deps.fetchTicket).toHaveBeenCalledWith(GAME_ID);
    expect(store.getState().ticket).toEqual({
      status: 'ready',
      ticket: 'ticket-for-whac-a-moji',
      seed: 4242,
    });
  });

  it('startGame: goes to round-start on the 3x3 grid, seeded by the ticket, unlocking audio', async () => {
    const { store, deps, flush } = setup();
    await flush();
    await store.getState().startGame();
    const s = store.getState();
    expect(s.phase).toBe('round-start');
    expect(s.round).toBe(1);
    expect([s.rows, s.cols]).toEqual([3, 3]);
    expect(s.verifiable).toBe(true);
    expect(deps.onGesture).toHaveBeenCalled();
  });

  it('startGame: plays with a local seed, unverifiable, when the ticket call fails', async () => {
    const { store, flush } = setup('fail');
    await flush();
    expect(store.getState().ticket.status).toBe('failed');
    await store.getState().startGame();
    expect(store.getState().phase).toBe('round-start');
    expect(store.getState().verifiable).toBe(false);
  });

  it('startGame: waits for a ticket still on its way', async () => {
    const t = setup();
    const start = t.store.getState().startGame();
    expect(t.store.getState().starting).toBe(true);
    await start;
    expect(t.store.getState().phase).toBe('round-start');
    expect(t.store.getState().verifiable).toBe(true);
  });

  it('startRound: starts play with one emoji up and a running frame loop', async () => {
    const t = await started();
    const s = t.store.getState();
    expect(s.phase).toBe('playing');
    expect(s.slots.filter((c) => c.emoji !== null)).toHaveLength(1);
    expect(s.secondsLeft).toBe(30);
    expect(t.hasFrame()).toBe(true);
    expect(t.events).toContainEqual({ type: 'roundStarted', round: 1 });
  });

  it('feeds real time to the engine and pauses across long gaps (hidden tab)', async () => {
    const t = await started();
    t.play(1000);
    expect(t.store.getState().secondsLeft).toBe(29);
    t.frame(60_000); // a minute in another tab counts as one clamped frame
    expect(t.store.getState().phase).toBe('playing');
    expect(30_000 - t.store.getState().exactMsLeft()).toBeLessThanOrEqual(1016 + MAX_FRAME_MS);
  });

  it('whack: a hit scores by countdown, a miss costs 1 and shows a cross', async () => {
    const t = await started();
    const slot = t.upSlot();
    t.store.getState().whack(slot);
    expect(t.store.getState().score).toBe(20);
    expect(t.store.getState().slots[slot].isHit).toBe(true);
    expect(t.store.getState().hits).toBe(1);
    const empty = t.emptySlot();
    t.store.getState().whack(empty);
    expect(t.store.getState().score).toBe(19);
    expect(t.store.getState().slots[empty].cross).toBe(true);
    expect(t.events.map((e) => e.type)).toEqual(expect.arrayContaining(['hit', 'miss']));
  });

  it('keeps the object of every cell a change left as it was (memoised cells skip rendering)', async () => {
    const t = await started();
    const before = t.store.getState().slots;
    const slot = t.upSlot();
    t.store.getState().whack(slot);
    const after = t.store.getState().slots;
    expect(after).not.toBe(before);
    expect(after[slot]).not.toBe(before[slot]);
    expect(after[slot].isHit).toBe(true);
    let kept = 0;
    after.forEach((cell, i) => {
      if (JSON.stringify(cell) !== JSON.stringify(before[i])) return;
      expect(cell).toBe(before[i]);
      kept++;
    });
    expect(kept).toBeGreaterThan(0);
  });

  it('does not re-render the grid on frames where nothing on it changed', async () => {
    const t = await started();
    const before = t.store.getState().slots;
    const listener = vi.fn();
    const unsub = t.store.subscribe(listener);
    t.frame(16);
    t.frame(16);
    expect(t.store.getState().slots).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    unsub();
  });

  it('nextRound: after 30 s the round ends; Next Round moves to round 2 on the 3x4 grid', async () => {
    const t = await started();
    for (let ms = 0; ms < 30_100; ms += 16) {
      const slot = t.upSlot();
      if (slot >= 0) t.store.getState().whack(slot);
      t.frame(16);
    }
    expect(t.store.getState().phase).toBe('round-end');
    expect(t.store.getState().roundStats.hits).toBe(38);
    expect(t.events).toContainEqual({ type: 'roundEnded', round: 1 });
    expect(t.events.filter((e) => e.type === 'beep')).toHaveLength(5);
    t.store.getState().nextRound();
    expect(t.store.getState().phase).toBe('round-start');
    expect(t.store.getState().round).toBe(2);
    expect({ rows: t.store.getState().rows, cols: t.store.getState().cols }).toEqual(GRIDS[1]);
  });

  it('game over: 3 timeouts end the game with a submission the server replay agrees with', async () => {
    const t = await started();
    t.store.getState().whack(t.upSlot());
    t.store.getState().whack(t.emptySlot());
    t.play(6000);
    const s = t.store.getState();
    expect(s.phase).toBe('game-over');
    expect(t.hasFrame()).toBe(false);
    expect(s.submission).toMatchObject({
      score: 19,
      metadata: { roundsCompleted: 0, endedBy: 'timeouts', missedTimeouts: 3, totalRounds: 8 },
    });
    expect(s.submission?.duration).toBeGreaterThanOrEqual(3);
    expect(s.submission?.run?.ticket).toBe('ticket-for-whac-a-moji');
    expect(replayWhacRun(4242, s.submission?.run?.inputs)?.score).toBe(19);
  });

  it('an unverifiable game submits without a run', async () => {
    const t = await started('fail');
    t.play(6000);
    expect(t.store.getState().phase).toBe('game-over');
    expect(t.store.getState().submission).toMatchObject({ score: 0 });
    expect(t.store.getState().submission?.run).toBeUndefined();
  });

  it('playAgain: back to waiting with a fresh ticket request, fetched in a task after the click', async () => {
    const t = await started();
    t.play(6000);
    t.store.getState().playAgain();
    expect(t.store.getState().phase).toBe('waiting');
    expect(t.store.getState().submission).toBeNull();
    // Pending at once (Start waits for it; the used ticket is never offered again)…
    expect(t.store.getState().ticket).toEqual({ status: 'pending' });
    expect(t.deps.fetchTicket).toHaveBeenCalledTimes(1);
    // …and asked for once the click's task is over.
    await t.flush();
    expect(t.deps.fetchTicket).toHaveBeenCalledTimes(2);
    expect(t.store.getState().ticket).toMatchObject({ status: 'ready', ticket: 'ticket-for-whac-a-moji' });
  });

  it('ignores actions that do not fit the phase', async () => {
    const { store, flush } = setup();
    await flush();
    store.getState().startRound();
    store.getState().whack(0);
    store.getState().nextRound();
    store.getState().playAgain();
    expect(store.getState().phase).toBe('waiting');
    expect(store.getState().score).toBe(0);
  });
});
