import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_INTERVAL_MS,
  CROSS_SHOW_MS,
  GRIDS,
  HIT_SHOW_MS,
  HIT_TIERS,
  hitPoints,
  ROUND_MS,
  SPAWN_INTERVAL_MS,
  TICK_MS,
  TOTAL_ROUNDS,
} from './constants.ts';
import { msLeft, playedSeconds, scoreMetadata, WhacEngine, type WhacEvent } from './engine.ts';

const ms = (n: number) => n / TICK_MS;

function stepMs(engine: WhacEngine, duration: number): WhacEvent[] {
  const events: WhacEvent[] = [];
  for (let i = 0; i < ms(duration); i++) events.push(...engine.step());
  return events;
}

function playing(seed = 1): WhacEngine {
  const e = new WhacEngine(seed);
  e.startGame();
  e.startRound();
  return e;
}

const upSlots = (e: WhacEngine) => e.state.slots.flatMap((s, i) => (s.emoji !== null && !s.isHit ? [i] : []));
const emptySlot = (e: WhacEngine) => e.state.slots.findIndex((s) => s.emoji === null);

/** Whacks every emoji that is up, so nothing ever times out. */
function stepWhackingAll(e: WhacEngine, duration: number): WhacEvent[] {
  const events: WhacEvent[] = [];
  for (let i = 0; i < ms(duration) && e.state.phase === 'playing'; i++) {
    for (const slot of upSlots(e)) events.push(...(e.whack(slot) ?? []));
    events.push(...e.step());
  }
  return events;
}

describe('constants (spec §9)', () => {
  it('has 8 rounds of 30 s on the spec grids', () => {
    expect(ROUND_MS).toBe(30_000);
    expect(TOTAL_ROUNDS).toBe(8);
    expect(GRIDS.map((g) => `${g.rows}x${g.cols}`)).toEqual([
      '3x3',
      '3x4',
      '4x4',
      '4x5',
      '5x5',
      '5x6',
      '6x6',
      '6x7',
    ]);
  });

  it('scores the four tiers the intro lists, 20 / 15 / 10 / 5, by speed', () => {
    expect(HIT_TIERS.map((t) => t.points)).toEqual([20, 15, 10, 5]);
    const at = [0, 490, 500, 740, 750, 990, 1000, 1490].map((age) => [age, hitPoints(age)]);
    expect(at).toEqual([
      [0, 20],
      [490, 20],
      [500, 15],
      [740, 15],
      [750, 10],
      [990, 10],
      [1000, 5],
      [1490, 5],
    ]);
  });

  it('keeps every timer a whole number of ticks', () => {
    for (const t of [ROUND_MS, SPAWN_INTERVAL_MS, COUNTDOWN_INTERVAL_MS, HIT_SHOW_MS, CROSS_SHOW_MS, 1000])
      expect(Number.isInteger(t / TICK_MS)).toBe(true);
  });
});

describe('transitions (spec §4)', () => {
  it('waiting → round-start on Start Game → playing on Start Round', () => {
    const e = new WhacEngine(7);
    expect(e.state.phase).toBe('waiting');
    expect(e.startRound()).toBeNull();
    expect(e.startGame()).toEqual([]);
    expect(e.state.phase).toBe('round-start');
    expect(e.state.round).toBe(1);
    expect(e.startRound()).not.toBeNull();
    expect(e.state.phase).toBe('playing');
  });

  it('does not advance the clock outside play', () => {
    const e = new WhacEngine(7);
    e.startGame();
    expect(e.step()).toEqual([]);
    expect(e.state.tick).toBe(0);
  });

  it('ends the round when the 30 s timer reaches 0', () => {
    const e = playing();
    stepWhackingAll(e, ROUND_MS - TICK_MS);
    expect(e.state.phase).toBe('playing');
    expect(msLeft(e.state)).toBe(TICK_MS);
    const events = e.step();
    expect(events).toContainEqual({ type: 'roundEnded', round: 1 });
    expect(e.state.phase).toBe('round-end');
    expect(e.state.roundsCompleted).toBe(1);
    expect(e.state.slots.every((s) => s.emoji === null)).toBe(true);
    expect(e.state.history).toHaveLength(1);
  });

  it('goes round-end → round-start on Next Round with the next grid', () => {
    const e = playing();
    stepWhackingAll(e, ROUND_MS);
    expect(e.nextRound()).toEqual([]);
    expect(e.state.phase).toBe('round-start');
    expect(e.state.round).toBe(2);
    expect([e.state.rows, e.state.cols]).toEqual([3, 4]);
    expect(e.state.slots).toHaveLength(12);
  });

  it('uses the grid of each round and finishes after the 8th', () => {
    const e = new WhacEngine(3);
    e.startGame();
    for (let r = 1; r <= 8; r++) {
      expect(e.state.phase).toBe('round-start');
      expect(e.state.round).toBe(r);
      expect({ rows: e.state.rows, cols: e.state.cols }).toEqual(GRIDS[r - 1]);
      e.startRound();
      expect(e.state.slots).toHaveLength(GRIDS[r - 1].rows * GRIDS[r - 1].cols);
      const events = stepWhackingAll(e, ROUND_MS);
      if (r < 8) {
        expect(e.state.phase).toBe('round-end');
        expect(e.nextRound()).toEqual([]);
      } else {
        // Spec §4: round-end -> finished after the 8th round, with no action in between.
        expect(events.slice(-2)).toEqual([{ type: 'roundEnded', round: 8 }, { type: 'finished' }]);
      }
    }
    expect(e.state.phase).toBe('finished');
    expect(e.nextRound()).toBeNull();
    expect(scoreMetadata(e.state)).toEqual({
      roundsCompleted: 8,
      endedBy: 'completed',
      missedTimeouts: 0,
      totalRounds: 8,
    });
    expect(playedSeconds(e.state)).toBe(240);
  });

  it('ends the game at 3 missed timeouts', () => {
    const e = playing();
    const events = stepMs(e, 10_000);
    const timeouts = events.filter((ev) => ev.type === 'timeout');
    expect(timeouts).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'gameOver' });
    expect(e.state.phase).toBe('game-over');
    expect(e.state.missedTimeouts).toBe(3);
    expect(scoreMetadata(e.state)).toEqual({
      roundsCompleted: 0,
      endedBy: 'timeouts',
      missedTimeouts: 3,
      totalRounds: 8,
    });
    // Spawns at 0, 800, 1600 ms; each times out 1500 ms later: the 3rd at 3100 ms.
    expect(e.state.tick * TICK_MS).toBe(3100);
  });

  it('counts missed timeouts across rounds', () => {
    const e = playing();
    // Let exactly one emoji time out in round 1, whack everything else.
    stepMs(e, 1500);
    expect(e.state.missedTimeouts).toBe(1);
    stepWhackingAll(e, ROUND_MS);
    e.nextRound();
    e.startRound();
    stepMs(e, 1500);
    expect(e.state.missedTimeouts).toBe(2);
    expect(e.state.phase).toBe('playing');
  });

  it('Play Again returns to waiting from game-over and finished only', () => {
    const e = playing();
    expect(e.playAgain()).toBeNull();
    stepMs(e, 5000);
    expect(e.state.phase).toBe('game-over');
    expect(e.playAgain()).toEqual([]);
    expect(e.state.phase).toBe('waiting');
    e.startGame();
    expect(e.state.score).toBe(0);
    expect(e.state.missedTimeouts).toBe(0);
    expect(e.state.tick).toBe(0);
  });

  it('refuses actions in the wrong phase', () => {
    const e = new WhacEngine(1);
    expect(e.whack(0)).toBeNull();
    expect(e.nextRound()).toBeNull();
    e.startGame();
    expect(e.startGame()).toBeNull();
    expect(e.whack(0)).toBeNull();
  });
});

describe('spawns and countdown', () => {
  it('spawns at round start and every 800 ms', () => {
    const e = playing(11);
    expect(upSlots(e)).toHaveLength(1);
    const events = stepWhackingAll(e, 8000);
    const spawnTicks: number[] = [];
    const e2 = playing(11);
    for (let i = 0; i < ms(8000); i++) {
      for (const slot of upSlots(e2)) e2.whack(slot);
      if (e2.step().some((ev) => ev.type === 'spawn')) spawnTicks.push(e2.state.roundTick);
    }
    expect(spawnTicks.map((t) => t * TICK_MS)).toEqual([
      800, 1600, 2400, 3200, 4000, 4800, 5600, 6400, 7200, 8000,
    ]);
    expect(events.filter((ev) => ev.type === 'spawn')).toHaveLength(10);
    expect(e.state.roundStats.spawned).toBe(11);
  });

  it('spawns 38 emojis in a 30 s round (0 … 29.6 s)', () => {
    const e = playing(5);
    stepWhackingAll(e, ROUND_MS);
    expect(e.state.history[0].spawned).toBe(38);
    expect(e.state.history[0].hits).toBe(38);
  });

  it('counts down from 3 every 500 ms and times out at 0', () => {
    const e = playing(2);
    const [slot] = upSlots(e);
    expect(e.state.slots[slot].countdown).toBe(3);
    expect(e.state.slots[slot].spawnTime).toBe(0);
    stepMs(e, 490);
    expect(e.state.slots[slot].countdown).toBe(3);
    stepMs(e, 10);
    expect(e.state.slots[slot].countdown).toBe(2);
    stepMs(e, 500);
    expect(e.state.slots[slot].countdown).toBe(1);
    const events = stepMs(e, 500);
    expect(events).toContainEqual({ type: 'timeout', slot, missedTimeouts: 1 });
    expect(e.state.slots[slot].emoji).toBeNull();
    expect(e.state.roundStats.timeouts).toBe(1);
  });

  it('uses seeded randomness: same seed, same game; different seeds differ', () => {
    const run = (seed: number) => {
      const e = playing(seed);
      const log: string[] = [];
      for (let i = 0; i < ms(6000); i++) {
        for (const ev of e.step())
          if (ev.type === 'spawn') log.push(`${ev.slot}${e.state.slots[ev.slot].emoji}`);
        for (const slot of upSlots(e)) e.whack(slot);
      }
      return log.join(',');
    };
    expect(run(42)).toBe(run(42));
    expect(run(42)).not.toBe(run(43));
  });
});

describe('whack scoring', () => {
  it('gives 20 points while the countdown is 3', () => {
    const e = playing();
    const [slot] = upSlots(e);
    stepMs(e, 490);
    expect(e.whack(slot)).toEqual([{ type: 'hit', slot, points: 20, countdown: 3 }]);
    expect(e.state.score).toBe(20);
    expect(e.state.slots[slot].isHit).toBe(true);
  });

  it('gives 20 while 3 shows, 15 then 10 in the two halves of 2, and 5 at 1', () => {
    const cases: [ageMs: number, points: number, countdown: number][] = [
      [0, 20, 3],
      [490, 20, 3],
      [500, 15, 2],
      [740, 15, 2],
      [750, 10, 2],
      [990, 10, 2],
      [1000, 5, 1],
      [1490, 5, 1],
    ];
    for (const [age, points, countdown] of cases) {
      const e = playing();
      const [slot] = upSlots(e);
      stepMs(e, age);
      expect(e.whack(slot)?.[0], `hit ${age} ms after it appeared`).toEqual({
        type: 'hit',
        slot,
        points,
        countdown,
      });
      expect(e.state.score).toBe(points);
      expect(e.state.roundStats.fastHits).toBe(countdown === 3 ? 1 : 0);
    }
  });

  it('times a later emoji from its own appearance', () => {
    const e = playing();
    stepMs(e, 800); // second spawn at 800 ms (the first is whacked below, so it never times out)
    const [first, second] = upSlots(e);
    e.whack(first);
    stepMs(e, 550); // the second is 550 ms old
    expect(e.whack(second)?.[0]).toMatchObject({ type: 'hit', points: 15, countdown: 2 });
  });

  it('a miss click costs 1 point, never below 0, and shows a red cross', () => {
    const e = playing();
    const empty = emptySlot(e);
    expect(e.whack(empty)).toEqual([{ type: 'miss', slot: empty, penalty: 0 }]);
    expect(e.state.score).toBe(0);
    expect(e.state.slots[empty].crossUntil).toBeGreaterThan(e.state.roundTick);
    const [slot] = upSlots(e);
    e.whack(slot);
    expect(e.state.score).toBe(20);
    expect(e.whack(empty)).toEqual([{ type: 'miss', slot: empty, penalty: 1 }]);
    expect(e.state.score).toBe(19);
    expect(e.state.roundStats.missClicks).toBe(2);
    expect(e.state.roundStats.pointsLost).toBe(1);
    stepMs(e, CROSS_SHOW_MS);
    expect(e.state.slots[empty].crossUntil).toBe(-1);
  });

  it('a second tap on a whacked emoji is neither a hit nor a miss', () => {
    const e = playing();
    const [slot] = upSlots(e);
    e.whack(slot);
    expect(e.whack(slot)).toEqual([]);
    expect(e.state.score).toBe(20);
    stepMs(e, HIT_SHOW_MS);
    expect(e.state.slots[slot].emoji).toBeNull();
  });

  it('refuses slots outside the grid', () => {
    const e = playing();
    expect(e.whack(9)).toBeNull();
    expect(e.whack(-1)).toBeNull();
    expect(e.whack(1.5)).toBeNull();
  });
});

describe('beeps', () => {
  it('beeps once a second in the last 5 s', () => {
    const e = playing();
    const events = stepWhackingAll(e, ROUND_MS);
    const beeps = events.filter((ev) => ev.type === 'beep');
    expect(beeps).toEqual([5, 4, 3, 2, 1].map((secondsLeft) => ({ type: 'beep', secondsLeft })));
  });
});
