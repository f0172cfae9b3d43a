import { describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/pure/rng.ts';
import {
  COUNTDOWN_SECONDS,
  LAP_DEBOUNCE_S,
  MAX_CARS,
  MESSAGES,
  NUDGE_COOLDOWN_S,
  PLACEMENT_TRIES,
  STEP,
} from './constants.ts';
import { CAR_COLORS, colorDistance, pickCarColor } from './palette.ts';
import { crossesForward, hasElapsed, RaceWorld } from './race.ts';
import { takeSnapshot } from './snapshot.ts';
import { circleStroke, randomLoopStroke } from './testTracks.ts';

function worldWithTrack(seed = 1, stroke = circleStroke(500, 350, 250), brush = 46): RaceWorld {
  const w = new RaceWorld(seed);
  const r = w.setTrack(stroke, brush, 1000, 700);
  if (!r.ok) throw new Error(r.message);
  return w;
}

function addCars(w: RaceWorld, n: number) {
  for (let i = 0; i < n; i++) {
    const r = w.addCar();
    if (!r.ok) throw new Error(r.message);
  }
}

/** Steps until the race ends (or the limit), returning every event. */
function runRace(w: RaceWorld, maxSeconds = 300) {
  const events = [];
  for (let i = 0; i < maxSeconds * 60 && w.phase !== 'finished'; i++) {
    w.step();
    events.push(...w.drainEvents());
  }
  return events;
}

describe('adding cars', () => {
  it('warns when there is no track yet', () => {
    const w = new RaceWorld(1);
    expect(w.addCar()).toEqual({ ok: false, message: 'Cannot add car: track must be drawn first' });
    expect(w.cars).toHaveLength(0);
  });

  it('takes at most 16 cars, then warns', () => {
    const w = worldWithTrack();
    addCars(w, MAX_CARS);
    expect(w.addCar()).toEqual({ ok: false, message: 'Cannot add car: maximum of 16 cars reached' });
    expect(w.cars).toHaveLength(16);
  });

  it('places cars on the road behind the start line, clear of each other, in distinct colours', () => {
    const w = worldWithTrack();
    addCars(w, 16);
    const t = w.track!;
    for (const c of w.cars) {
      const lateral = (c.x - t.cx[c.segIdx]) * t.nx[c.segIdx] + (c.y - t.cy[c.segIdx]) * t.ny[c.segIdx];
      expect(Math.abs(lateral) + c.w / 2).toBeLessThanOrEqual(t.brush / 2);
      expect(c.distanceSinceCross).toBeLessThan(0);
      for (const o of w.cars)
        if (o !== c) expect(Math.hypot(o.x - c.x, o.y - c.y)).toBeGreaterThanOrEqual(c.w * 1.2);
    }
    expect(new Set(w.cars.map((c) => c.color)).size).toBe(16);
    // Two abreast on a road of the default width.
    const [first, second] = w.cars;
    expect(Math.abs(first.segIdx - second.segIdx)).toBeLessThanOrEqual(1);
    for (const c of w.cars) expect(CAR_COLORS).toContain(c.color);
  });

  it(`gives up after ${PLACEMENT_TRIES} slots on a track too small for another car`, () => {
    const w = worldWithTrack(1, circleStroke(500, 350, 25), 20);
    const added = [];
    let last = w.addCar();
    while (last.ok) {
      added.push(last);
      last = w.addCar();
    }
    expect(last).toEqual({ ok: false, message: MESSAGES.placement });
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(MAX_CARS);
    expect(w.cars).toHaveLength(added.length);
  });

  it('gives each car a top speed of 6.5–9 × the track scale and its own personality', () => {
    const w = worldWithTrack();
    addCars(w, 8);
    const s = w.track!.scale;
    for (const c of w.cars) {
      expect(c.maxSpeed).toBeGreaterThanOrEqual(6.5 * s);
      expect(c.maxSpeed).toBeLessThanOrEqual(9 * s);
    }
    expect(new Set(w.cars.map((c) => c.personality.lineAmp)).size).toBe(8);
  });
});

describe('phases', () => {
  it('starts only in idle with a track and a car; counts 3, 2, 1, GO! a second each', () => {
    const w = new RaceWorld(1);
    expect(w.start()).toBe(false);
    w.setTrack(circleStroke(500, 350, 250), 46, 1000, 700);
    expect(w.start()).toBe(false);
    addCars(w, 1);
    expect(w.start()).toBe(true);
    expect(w.phase).toBe('countdown');
    expect(w.start()).toBe(false);
    const beeps: { value: number; at: number }[] = [];
    for (let i = 0; i < 200; i++) {
      for (const e of w.drainEvents())
        if (e.type === 'countdown') beeps.push({ value: e.value, at: Math.round(w.time * 60) });
      if (i === 179) expect(w.phase).toBe('countdown');
      w.step();
    }
    expect(beeps).toEqual([
      { value: 3, at: 0 },
      { value: 2, at: 60 },
      { value: 1, at: 120 },
      { value: 0, at: 180 },
    ]);
    expect(w.phase).toBe('running');
  });

  it('Reset returns to idle with the cars at their spawn; Clear Track wipes track and cars', () => {
    const w = worldWithTrack();
    addCars(w, 3);
    const spawn = w.cars.map((c) => [c.x, c.y, c.heading]);
    w.start();
    for (let i = 0; i < 400; i++) w.step();
    expect(w.cars[0].x).not.toBeCloseTo(spawn[0][0], 0);
    w.reset();
    expect(w.phase).toBe('idle');
    expect(w.cars.map((c) => [c.x, c.y, c.heading])).toEqual(spawn);
    expect(w.cars.every((c) => c.laps === 0 && c.vx === 0)).toBe(true);
    w.clearTrack();
    expect(w.track).toBeNull();
    expect(w.cars).toHaveLength(0);
  });

  it('numbers the cars of a new track from 1 again after Clear Track', () => {
    const w = worldWithTrack();
    addCars(w, 3);
    expect(w.cars.map((c) => c.id)).toEqual([1, 2, 3]);
    w.clearTrack();
    expect(w.setTrack(circleStroke(500, 350, 250), 46, 1000, 700).ok).toBe(true);
    addCars(w, 2);
    expect(w.cars.map((c) => c.id)).toEqual([1, 2]);
  });

  it('keeps laps at a minimum of 1 and changes them only in idle', () => {
    const w = worldWithTrack();
    expect(w.setLaps(0)).toBe(1);
    expect(w.setLaps(3)).toBe(3);
    addCars(w, 1);
    w.start();
    expect(w.setLaps(7)).toBe(3);
  });

  it('a track is drawn once: a second stroke is refused until it is cleared', () => {
    const w = worldWithTrack();
    expect(w.setTrack(circleStroke(300, 300, 100), 46, 1000, 700).ok).toBe(false);
    w.clearTrack();
    expect(w.setTrack(circleStroke(300, 300, 100), 46, 1000, 700).ok).toBe(true);
  });
});

describe('laps', () => {
  it('the first crossing from the grid counts no lap; each full lap after it counts one', () => {
    const w = worldWithTrack();
    addCars(w, 1);
    w.setLaps(3);
    w.start();
    const events = runRace(w);
    const laps = events.filter((e) => e.type === 'lap');
    expect(laps.map((e) => e.type === 'lap' && e.laps)).toEqual([1, 2, 3]);
    expect(w.cars[0].laps).toBe(3);
    expect(w.cars[0].place).toBe(1);
  });

  it('a re-crossing within 1200 ms of the last counted one is ignored (debounce)', () => {
    const w = worldWithTrack();
    addCars(w, 1);
    w.start();
    for (let i = 0; i < 200; i++) w.step();
    const car = w.cars[0];
    const t = w.track!;
    car.distanceSinceCross = t.length;
    w.crossed(car, t);
    expect(car.laps).toBe(1);
    // Came all the way round again (as on a tiny loop) but only 1 s later: not counted.
    car.distanceSinceCross = t.length;
    w.time += 1.0;
    w.crossed(car, t);
    expect(car.laps).toBe(1);
    w.time += 0.25;
    w.crossed(car, t);
    expect(car.laps).toBe(2);
  });

  it('a crossing without coming round (rocking over the line) counts nothing', () => {
    const w = worldWithTrack();
    addCars(w, 1);
    w.start();
    for (let i = 0; i < 400; i++) w.step();
    const car = w.cars[0];
    car.distanceSinceCross = 30;
    w.time += 5;
    w.crossed(car, w.track!);
    expect(car.laps).toBe(0);
    expect(car.distanceSinceCross).toBe(0);
  });

  it('only a forward crossing between the line ends counts as crossing', () => {
    const w = worldWithTrack();
    const t = w.track!;
    const { a, b, n } = t.start;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    expect(crossesForward(t, mx - n.x * 3, my - n.y * 3, mx + n.x * 3, my + n.y * 3)).toBe(true);
    expect(crossesForward(t, mx + n.x * 3, my + n.y * 3, mx - n.x * 3, my - n.y * 3)).toBe(false);
    const far = { x: mx + (b.x - a.x) * 2, y: my + (b.y - a.y) * 2 };
    expect(crossesForward(t, far.x - n.x * 3, far.y - n.y * 3, far.x + n.x * 3, far.y + n.y * 3)).toBe(false);
  });
});

describe('race times in seconds', () => {
  it('lap debounce and nudge cooldown fall on the same steps as when they were counted in ms', () => {
    // Race time as the world keeps it: STEP added each step, less the countdown.
    const times: number[] = [];
    let t = 0;
    for (let i = 0; i < 60 * 60 * 10; i++) {
      t += STEP;
      times.push(t - COUNTDOWN_SECONDS);
    }
    const differ: string[] = [];
    for (const [limit, limitMs] of [
      [LAP_DEBOUNCE_S, 1200],
      [NUDGE_COOLDOWN_S, 900],
    ]) {
      const steps = Math.round(limit / STEP);
      for (let a = 0; a + steps + 1 < times.length; a++)
        for (const b of [a + steps - 1, a + steps, a + steps + 1])
          if (hasElapsed(times[a], times[b], limit) !== times[b] * 1000 - times[a] * 1000 >= limitMs)
            differ.push(`${limit} s: step ${a} → ${b}`);
    }
    expect(differ).toEqual([]);
    expect(hasElapsed(Number.NEGATIVE_INFINITY, 0, LAP_DEBOUNCE_S)).toBe(true);
  });
});

describe('end of the race', () => {
  it('all_finished when every car finished (fewer than three cars)', () => {
    const w = worldWithTrack(3);
    addCars(w, 2);
    w.setLaps(1);
    w.start();
    const events = runRace(w);
    expect(w.endReason).toBe('all_finished');
    expect(events.at(-1)).toEqual({ type: 'end', reason: 'all_finished' });
    expect(w.results().map((r) => r.place)).toEqual([1, 2]);
  });

  it('top3_finished as soon as three cars finished; the rest are DNF', () => {
    const w = worldWithTrack(4);
    addCars(w, 6);
    w.setLaps(1);
    w.start();
    runRace(w);
    expect(w.endReason).toBe('top3_finished');
    expect(w.cars.filter((c) => c.place > 0)).toHaveLength(3);
    expect(w.cars.filter((c) => !c.alive)).toHaveLength(3);
    expect(w.results().map((r) => r.place)).toEqual([1, 2, 3]);
  });

  it('celebration_timeout 60 s after the first car finished, with the others short of the laps', () => {
    const w = worldWithTrack(5);
    addCars(w, 4);
    w.setLaps(1);
    w.start();
    // Three cars have no engine: only one can finish (it shoves them aside as it comes round).
    for (const c of w.cars.slice(1)) c.maxSpeed = 0;
    let endAt = 0;
    for (let i = 0; i < 120 * 60 && w.phase !== 'finished'; i++) {
      w.step();
      endAt = w.raceTime;
    }
    expect(w.endReason).toBe('celebration_timeout');
    expect(endAt - (w.firstFinishAt ?? 0)).toBeCloseTo(60, 1);
    const results = w.results();
    expect(results[0].place).toBe(1);
    expect(results.slice(1).every((r) => r.place === null)).toBe(true);
  });

  it('ranks finishers by place, then the rest by laps and distance', () => {
    const w = worldWithTrack(6);
    addCars(w, 5);
    w.setLaps(2);
    w.start();
    for (let i = 0; i < 60 * 8; i++) w.step();
    const order = w.ranking();
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1];
      const b = order[i];
      expect(a.laps > b.laps || (a.laps === b.laps && a.distanceSinceCross >= b.distanceSinceCross)).toBe(
        true,
      );
    }
  });
});

describe('determinism', () => {
  it('the same seed and the same calls give the same race', () => {
    const run = (seed: number) => {
      const w = worldWithTrack(seed, randomLoopStroke(11));
      addCars(w, 8);
      w.setLaps(2);
      w.start();
      const events = runRace(w);
      return { events, cars: w.cars.map((c) => [c.x, c.y, c.laps, c.place, c.color]) };
    };
    expect(run(77)).toEqual(run(77));
    expect(run(77)).not.toEqual(run(78));
  });

  it('snapshots carry the cars, the countdown and the ranking', () => {
    const w = worldWithTrack();
    addCars(w, 3);
    w.start();
    let s = takeSnapshot(w, null);
    expect(s.phase).toBe('countdown');
    expect(s.countdown).toBe(3);
    expect(s.events).toEqual([{ type: 'countdown', value: 3 }]);
    for (let i = 0; i < 185; i++) w.step();
    s = takeSnapshot(w, s.cars);
    expect(s.countdown).toBe(0);
    expect(s.ranking).toHaveLength(3);
    expect(s.cars[0]).toBeCloseTo(w.cars[0].x, 3);
  });
});

describe('car colours', () => {
  it('come from the 38-colour palette, never one in use, and stand apart from those in use', () => {
    expect(CAR_COLORS).toHaveLength(38);
    expect(new Set(CAR_COLORS).size).toBe(38);
    const rng = createRng(3);
    const inUse = [0xe53935];
    for (let i = 0; i < 12; i++) {
      const c = pickCarColor(inUse, rng);
      expect(inUse).not.toContain(c);
      expect(CAR_COLORS).toContain(c);
      inUse.push(c);
    }
    // The second car is far from the first red.
    expect(colorDistance(inUse[0], inUse[1])).toBeGreaterThan(300);
  });
});
