import { describe, expect, it } from 'vitest';
import { cycleStart, headKeyframes, LIFT_MS, LIFTED, liftKeyframes, stepAt } from './usePlayhead.ts';

/** Which step's head a set of animations shows at `time`: the step whose cycle is in its first sixteenth. */
function litAt(clock: { index: number; at: number; stepMs: number }, time: number): number[] {
  const bar = clock.stepMs * 16;
  const lit: number[] = [];
  for (let step = 0; step < 16; step++) {
    const start = cycleStart(clock, step);
    if (time < start) continue;
    const offset = ((time - start) % bar) / bar;
    if (offset < 1 / 16) lit.push(step);
  }
  return lit;
}

describe('the playhead as compositor animations (one bar-long cycle per step)', () => {
  it('from Play, each step is shown while it is heard, and only that step', () => {
    const clock = { index: 0, at: 1000, stepMs: 125 };
    expect(litAt(clock, 999)).toEqual([]);
    expect(litAt(clock, 1000)).toEqual([0]);
    expect(litAt(clock, 1124.9)).toEqual([0]);
    expect(litAt(clock, 1125)).toEqual([1]);
    expect(litAt(clock, 1000 + 15 * 125 + 1)).toEqual([15]);
    // A bar later the cycle wraps round to step 0, and goes on for as long as it plays.
    expect(litAt(clock, 1000 + 16 * 125)).toEqual([0]);
    expect(litAt(clock, 1000 + 1000 * 125 + 3 * 125 + 60)).toEqual([(1000 + 3) % 16]);
    for (let step = 0; step < 16; step++) expect(stepAt(clock, 1000 + step * 125 + 1)).toBe(step);
    expect(stepAt(clock, 999)).toBe(-1);
  });

  it('after a tempo change the steps follow the new pace from the step it starts at', () => {
    // Step 37 (bar 2, step 5) is heard at 9000 ms, at 150 BPM (100 ms steps) from there on.
    const clock = { index: 37, at: 9000, stepMs: 100 };
    expect(litAt(clock, 9000)).toEqual([5]);
    expect(litAt(clock, 9099)).toEqual([5]);
    expect(litAt(clock, 9100)).toEqual([6]);
    expect(litAt(clock, 9000 + 11 * 100)).toEqual([0]);
    expect(litAt(clock, 9000 + 16 * 100 + 50)).toEqual([5]);
    // The step just left (4) has its cycle begin a step before: it is settling, not waiting.
    expect(cycleStart(clock, 4)).toBe(8900);
    expect(stepAt(clock, 9250)).toBe(7);
  });

  it('shows the head for the first sixteenth of the cycle, with a jump, not a fade', () => {
    expect(headKeyframes()).toEqual([
      { offset: 0, opacity: 1 },
      { offset: 1 / 16, opacity: 1 },
      { offset: 1 / 16, opacity: 0 },
      { offset: 1, opacity: 0 },
    ]);
  });

  it('lifts the step over 80 ms with ease as it is reached, and settles it as it is left', () => {
    const stepMs = 125;
    const bar = stepMs * 16;
    expect(liftKeyframes(stepMs)).toEqual([
      { offset: 0, transform: 'none', easing: 'ease' },
      { offset: LIFT_MS / bar, transform: LIFTED },
      { offset: 1 / 16, transform: LIFTED, easing: 'ease' },
      { offset: 1 / 16 + LIFT_MS / bar, transform: 'none' },
      { offset: 1, transform: 'none' },
    ]);
  });

  it('at a tempo whose steps are shorter than 80 ms, the lift takes the whole step', () => {
    const frames = liftKeyframes(50);
    const offsets = frames.map((f) => f.offset as number);
    expect(offsets[1]).toBeCloseTo(1 / 16);
    expect(offsets[3]).toBeCloseTo(2 / 16);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThanOrEqual(offsets[i - 1]);
  });
});
