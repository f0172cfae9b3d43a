import { describe, expect, it } from 'vitest';
import { SteppableClock, TestClock } from './clock.ts';

describe('SteppableClock', () => {
  it('runs on the real clock until taken over, then only when advanced', () => {
    const real = new TestClock();
    const clock = new SteppableClock(real);
    const fired: number[] = [];
    clock.setTimer(() => fired.push(clock.now()), 10);
    real.advance(10);
    expect(fired).toEqual([10]);

    clock.setTimer(() => fired.push(clock.now()), 30);
    real.advance(5);
    clock.takeOver();
    expect(clock.steppedByHand).toBe(true);
    real.advance(1000);
    expect(fired).toEqual([10]);
    expect(clock.now()).toBe(15);
    // The waiting timer kept the 25 ms it had left.
    clock.advance(24);
    expect(fired).toEqual([10]);
    clock.advance(1);
    expect(fired).toEqual([10, 40]);
  });

  it('clears timers on whichever clock holds them', () => {
    const real = new TestClock();
    const clock = new SteppableClock(real);
    let fired = 0;
    const before = clock.setTimer(() => fired++, 10);
    clock.takeOver();
    const after = clock.setTimer(() => fired++, 10);
    clock.clearTimer(before);
    clock.clearTimer(after);
    clock.advance(100);
    real.advance(100);
    expect(fired).toBe(0);
  });

  it('refuses to advance real time', () => {
    expect(() => new SteppableClock(new TestClock()).advance(10)).toThrow('take it over first');
  });
});
