import { describe, expect, it } from 'vitest';
import { FRAME_STRIDE, STEP_MS, type TumbleTrack } from '../engine/physics.ts';
import { RollTimeline, restingPlace } from './playback.ts';

/** Two dice over 10 steps: die 0 rests at step 4, die 1 at step 9; impacts at steps 2 and 5. */
function track(): TumbleTrack {
  const steps = 10;
  const count = 2;
  const frames = new Float32Array(steps * count * FRAME_STRIDE);
  for (let s = 0; s < steps; s++)
    for (let i = 0; i < count; i++) {
      const o = (s * count + i) * FRAME_STRIDE;
      frames[o] = 10 * s + i;
      frames[o + 1] = 100 + i;
    }
  return {
    steps,
    count,
    frames,
    settleStep: Int32Array.from([4, 9]),
    impacts: Float32Array.from([2, 300, 5, 120]),
    impactCount: 2,
  };
}

describe('RollTimeline', () => {
  it('reports each impact and each die coming to rest once, when its step is reached', () => {
    const timeline = new RollTimeline(track());
    expect(timeline.advance(0)).toEqual({ impacts: [], settled: [], done: false });
    expect(timeline.advance(4 * STEP_MS)).toEqual({ impacts: [300], settled: [0], done: false });
    expect(timeline.advance(4.5 * STEP_MS)).toEqual({ impacts: [], settled: [], done: false });
    expect(timeline.advance(6 * STEP_MS)).toEqual({ impacts: [120], settled: [], done: false });
  });

  it('ends once, at the last step with every die at rest, however late it is looked at', () => {
    const timeline = new RollTimeline(track());
    expect(timeline.advance(60_000)).toEqual({ impacts: [300, 120], settled: [0, 1], done: true });
    expect(timeline.advance(61_000).done).toBe(false);
  });

  it('tells when the next event falls due, each in turn, and nothing once the end is reported', () => {
    const timeline = new RollTimeline(track());
    const seen: number[] = [];
    for (let next = timeline.nextEventMs(); next !== null; next = timeline.nextEventMs()) {
      seen.push(next / STEP_MS);
      const events = timeline.advance(next + 0.5);
      // Each wake at a due time finds something to report: a follower never wakes for nothing.
      expect(events.impacts.length + events.settled.length + Number(events.done)).toBeGreaterThan(0);
    }
    // Impacts at 2 and 5, rests at 4 and 9; the end (step 9) with the last rest.
    expect(seen.map((step) => Math.round(step))).toEqual([2, 4, 5, 9]);
    expect(timeline.advance(60_000)).toEqual({ impacts: [], settled: [], done: false });
  });

  it('interpolates between steps and finds where each die rests', () => {
    const timeline = new RollTimeline(track());
    expect(timeline.position(2.25 * STEP_MS)).toEqual({ s0: 2, s1: 3, t: 0.25, exact: 2.25 });
    expect(restingPlace(track(), 1)).toEqual({ x: 91, y: 101 });
  });
});
