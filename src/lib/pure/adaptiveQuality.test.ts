import { describe, expect, it } from 'vitest';
import { AdaptiveQuality } from './adaptiveQuality.ts';

function run(q: AdaptiveQuality, ms: number, totalMs: number): number[] {
  const changes: number[] = [];
  for (let t = 0; t < totalMs; t += ms) if (q.frame(ms)) changes.push(q.level);
  return changes;
}

describe('AdaptiveQuality', () => {
  it('stays at the best level while frames are smooth', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    expect(run(q, 16.7, 30_000)).toEqual([]);
    expect(q.level).toBe(0);
  });

  it('steps down after about a second of slow frames, one level at a time, to the last', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    run(q, 50, 800);
    expect(q.level).toBe(0);
    run(q, 50, 700);
    expect(q.level).toBe(1);
    expect(run(q, 50, 10_000)).toEqual([2]);
    expect(q.level).toBe(2);
  });

  it('does not react to a short hitch or to pauses', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    run(q, 16.7, 1000);
    run(q, 40, 300);
    run(q, 16.7, 2000);
    q.frame(5000);
    q.frame(1000);
    expect(q.level).toBe(0);
  });

  it('steps down on a device slower than four frames a second: long frames in a row are not pauses', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    run(q, 16.7, 1000);
    // Each frame 300 ms: the first reads as a pause, the next four make a second of slow frames.
    expect(run(q, 300, 1500)).toEqual([1]);
    // The lower level is no faster here: on to the last level, a step a second or so.
    expect(run(q, 300, 10_000)).toEqual([2]);
  });

  it('takes a long frame that follows smooth ones for a pause, however many such pauses come', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    for (let i = 0; i < 20; i++) {
      run(q, 16.7, 500);
      q.frame(2000);
    }
    expect(q.level).toBe(0);
  });

  it('judges each burst of drawing on its own frames when the scene rests between them', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    run(q, 50, 900);
    q.rest();
    run(q, 50, 200);
    expect(q.level).toBe(0);
    // Without the rest the two bursts add up to a second of slow frames.
    const unrested = new AdaptiveQuality({ levels: 3 });
    run(unrested, 50, 900);
    run(unrested, 50, 200);
    expect(unrested.level).toBe(1);
    // A burst that is itself a second of slow frames still steps down, and rest keeps the level.
    run(q, 50, 1200);
    expect(q.level).toBe(1);
    q.rest();
    expect(q.level).toBe(1);
  });

  it('steps back up after sustained smooth frames', () => {
    const q = new AdaptiveQuality({ levels: 3, upAfterMs: 4000 });
    run(q, 50, 1500);
    expect(q.level).toBe(1);
    run(q, 16.7, 3000);
    expect(q.level).toBe(1);
    run(q, 16.7, 2000);
    expect(q.level).toBe(0);
  });

  it('waits longer each time a step up has to be undone (no oscillation)', () => {
    const q = new AdaptiveQuality({ levels: 2, upAfterMs: 4000, maxUpAfterMs: 20_000 });
    // A device smooth at level 1 and slow at level 0: count the step ups over a minute.
    let ups = 0;
    let t = 0;
    while (t < 60_000) {
      const ms = q.level === 0 ? 40 : 16.7;
      if (q.frame(ms) && q.level === 0) ups++;
      t += ms;
    }
    // Waits of 4, 8, 16, 20, 20 s (each plus ~1 s at the slow level) fit at most 4–5 tries.
    expect(ups).toBeGreaterThan(0);
    expect(ups).toBeLessThanOrEqual(5);
  });

  it('keeps the level between the thresholds', () => {
    const q = new AdaptiveQuality({ levels: 3 });
    run(q, 50, 1500);
    expect(q.level).toBe(1);
    run(q, 21, 30_000);
    expect(q.level).toBe(1);
  });
});
