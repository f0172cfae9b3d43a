import { describe, expect, it } from 'vitest';
import { SceneStillness } from './SceneStillness.ts';

function stillness(quietMs = 250) {
  const quality = {
    rests: 0,
    rest() {
      this.rests++;
    },
  };
  return { quality, still: new SceneStillness(quietMs, quality) };
}

/** Draws frames every `stepMs` from `from` until `to`; returns how many were drawn. */
function run(still: SceneStillness, from: number, to: number, stepMs = 16, mayRest = true): number {
  let drawn = 0;
  for (let now = from; now < to; now += stepMs) if (still.shouldDraw(now, mayRest)) drawn++;
  return drawn;
}

describe('SceneStillness', () => {
  it('draws every frame while snapshots come', () => {
    const { still } = stillness();
    let drawn = 0;
    for (let now = 0; now < 1000; now += 16) {
      still.snapshot();
      if (still.shouldDraw(now)) drawn++;
    }
    expect(drawn).toBe(63);
    expect(still.quiet).toBe(false);
  });

  it('stops drawing once no snapshot came for the quiet time, and rests the quality once', () => {
    const { still, quality } = stillness(250);
    still.snapshot();
    // 0..240 draws 16 frames (240 ms of gaps), 256 draws the 17th and makes it quiet (256 ms).
    expect(run(still, 0, 1000)).toBe(17);
    expect(still.quiet).toBe(true);
    expect(quality.rests).toBe(1);
  });

  it('keeps drawing while the scene says something of its own still moves', () => {
    const { still, quality } = stillness(0);
    expect(run(still, 0, 160, 16, false)).toBe(10);
    expect(quality.rests).toBe(0);
    expect(run(still, 160, 320, 16, true)).toBe(0);
    expect(quality.rests).toBe(1);
  });

  it('draws one frame more after invalidate, and the first frame after a rest has no gap', () => {
    const { still, quality } = stillness(0);
    expect(still.shouldDraw(0)).toBe(true); // the first frame is drawn: nothing is on screen yet
    expect(still.gapMs).toBeNull();
    expect(still.shouldDraw(16)).toBe(false);
    still.invalidate();
    expect(still.shouldDraw(5000)).toBe(true);
    expect(still.gapMs).toBeNull(); // not 4,984 ms of one slow frame
    expect(still.shouldDraw(5016)).toBe(false);
    expect(quality.rests).toBe(2);
  });

  it('measures the gap between drawn frames, never negative', () => {
    const { still } = stillness();
    still.shouldDraw(100);
    still.shouldDraw(133);
    expect(still.gapMs).toBe(33);
    still.shouldDraw(120);
    expect(still.gapMs).toBe(0);
  });

  it('draws again as soon as a snapshot comes', () => {
    const { still } = stillness(50);
    run(still, 0, 500);
    expect(still.shouldDraw(500)).toBe(false);
    still.snapshot();
    expect(still.shouldDraw(516)).toBe(true);
    expect(still.quiet).toBe(false);
  });
});
