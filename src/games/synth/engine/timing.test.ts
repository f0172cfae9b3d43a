import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itSeeded } from '../../../../tests/seeds.ts';
import {
  barDuration,
  collectDueSteps,
  LOOKAHEAD_S,
  positionAtTime,
  SCHEDULE_INTERVAL_MS,
  STEPS,
  setSchedulerBpm,
  simulateTicks,
  startScheduler,
  stepDuration,
  stepTime,
} from './timing.ts';

describe('step timing math', () => {
  it('constants (spec §9)', () => {
    expect(STEPS).toBe(16);
    expect(LOOKAHEAD_S).toBe(0.12);
    expect(SCHEDULE_INTERVAL_MS).toBe(25);
  });

  it('step n of bar b at bpm → time', () => {
    expect(stepDuration(120)).toBe(0.125);
    expect(barDuration(120)).toBe(2);
    expect(stepTime(0, 0, 120)).toBe(0);
    expect(stepTime(4, 0, 120)).toBe(0.5);
    expect(stepTime(3, 2, 100)).toBeCloseTo((2 * 16 + 3) * 0.15, 12);
    expect(stepTime(0, 1, 60, 10)).toBe(14);
    // engine clamp applies
    expect(stepDuration(1000)).toBe(stepDuration(300));
  });
});

describe('lookahead scheduler core', () => {
  itSeeded('schedules each step exactly once, at its grid time, whatever the tick jitter', (seed) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 180 }),
        fc.array(fc.double({ min: 0.001, max: 0.11, noNaN: true }), { minLength: 50, maxLength: 400 }),
        (bpm, gaps) => {
          let s = startScheduler(0.05, bpm);
          let now = 0;
          const seen: number[] = [];
          for (const g of gaps) {
            const due = collectDueSteps(s, now);
            expect(due.missed).toBe(0);
            for (const e of due.events) {
              expect(e.time).toBeGreaterThanOrEqual(now);
              expect(e.time).toBeLessThan(now + LOOKAHEAD_S);
              expect(Math.abs(e.time - stepTime(e.step, e.bar, bpm, 0.05))).toBeLessThan(1e-9);
              seen.push(e.index);
            }
            s = due.state;
            now += g;
          }
          expect(seen).toEqual(seen.map((_, i) => i));
        },
      ),
      { seed },
    );
  });

  it('a stall longer than the lookahead skips the late steps instead of playing them off-grid', () => {
    let s = startScheduler(0, 120);
    s = collectDueSteps(s, 0).state; // step 0 at 0
    const due = collectDueSteps(s, 1.0); // stalled 1 s: steps at .125 … .875 are late
    expect(due.missed).toBe(7);
    expect(due.events.map((e) => e.time)).toEqual([1.0]);
  });

  it('a tempo change keeps scheduled steps and continues from the next one, with no drift', () => {
    let s = startScheduler(0, 120);
    s = collectDueSteps(s, 0.9).state; // steps 0..8 scheduled (up to 1.02)
    expect(s.nextIndex).toBe(9);
    s = setSchedulerBpm(s, 60);
    const due = collectDueSteps(s, 1.1);
    expect(due.events[0]).toMatchObject({ index: 9, time: 1.125 });
    expect(due.events[1]?.time ?? 1.125 + 0.25).toBeCloseTo(1.375);
  });

  it('the playhead position is the fractional step a time falls in, across a tempo change', () => {
    let s = startScheduler(2, 120);
    expect(positionAtTime(s, 2)).toBe(0);
    expect(positionAtTime(s, 2 + 0.125 * 6.5)).toBeCloseTo(6.5);
    s = collectDueSteps(s, 2.9).state;
    s = setSchedulerBpm(s, 60);
    // Step 9 starts at 2 + 9 × 0.125; from there steps are 0.25 s.
    expect(positionAtTime(s, 2 + 9 * 0.125 + 0.25 * 2)).toBeCloseTo(11);
  });

  it('the offline tick simulation yields the whole grid with no drift after 10 minutes', () => {
    const events = simulateTicks(0.1, 100, 600);
    expect(events.length).toBe(Math.ceil(600 / stepDuration(100)));
    const last = events[events.length - 1];
    expect(Math.abs(last.time - (0.1 + last.index * 0.15))).toBeLessThan(1e-9);
  });
});
