import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.ts';
import { FixedStepLoop, StepAccumulator } from './FixedStepLoop.ts';
import { FrameLoop, SnapshotTimeline } from './frames.ts';

const STEP_MS = 1000 / 60;

/**
 * An engine host stepping a counter at 60 steps a second on the clock, and a frame loop
 * drawing at `frameMs` that asks for the newest step each frame (as the render host's pump
 * does) and shows the interpolated game time. Returns the game time shown at `seconds`.
 */
function shownGameTime(frameMs: number, seconds: number): number {
  const clock = new TestClock();
  let step = 0;
  const accumulator = new StepAccumulator(8);
  const loop = new FixedStepLoop({
    clock,
    tickMs: STEP_MS,
    shouldRun: () => true,
    tick: (elapsed) => {
      step += accumulator.add(elapsed / STEP_MS);
    },
  });
  loop.schedule();
  const timeline = new SnapshotTimeline();
  let previous = 0;
  let latest = 0;
  let shown = 0;
  const frames = new FrameLoop(
    (now) => {
      if (step !== latest) {
        previous = latest;
        latest = step;
        timeline.push(now);
      }
      shown = (previous + (latest - previous) * timeline.alpha(now)) * STEP_MS;
    },
    { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
  );
  frames.start();
  const count = Math.round((seconds * 1000) / frameMs);
  for (let i = 0; i < count; i++) clock.advanceFrame(frameMs);
  return shown;
}

describe('game time at any refresh rate', () => {
  it('advances the same at 144 Hz and at 60 Hz, within 1 % after 10 s', () => {
    const at144 = shownGameTime(6.94, 10);
    const at60 = shownGameTime(16.7, 10);
    expect(at144).toBeGreaterThan(9_800);
    expect(Math.abs(at144 - at60) / at60).toBeLessThan(0.01);
  });

  it('draws between steps: at 144 Hz successive frames show different game times between two steps', () => {
    const clock = new TestClock();
    const timeline = new SnapshotTimeline();
    timeline.push(0);
    timeline.push(STEP_MS);
    expect(timeline.alpha(STEP_MS)).toBe(0);
    expect(timeline.alpha(STEP_MS + 6.94)).toBeCloseTo(6.94 / STEP_MS);
    expect(timeline.alpha(STEP_MS * 3)).toBe(1);
    expect(clock.now()).toBe(0);
  });

  it('shows the newest state when there is nothing to slide from', () => {
    const timeline = new SnapshotTimeline();
    expect(timeline.alpha(5)).toBe(1);
    timeline.push(10);
    expect(timeline.alpha(11)).toBe(1);
  });
});

/**
 * A loop on a test clock whose every tick takes `costMs` of that clock (an engine step that
 * takes time), started; `ticks` holds when each tick ran and the time it was given.
 */
function loopWithCostlyTicks(options: { tickMs: number; costMs: number; restMs?: () => number }) {
  const clock = new TestClock();
  const ticks: { at: number; elapsed: number }[] = [];
  const loop = new FixedStepLoop({
    clock,
    tickMs: options.tickMs,
    shouldRun: () => true,
    ...(options.restMs ? { restMs: options.restMs } : {}),
    tick: (elapsed) => {
      ticks.push({ at: clock.now(), elapsed });
      clock.time += options.costMs;
    },
  });
  loop.schedule();
  return { clock, loop, ticks };
}

describe('FixedStepLoop', () => {
  it('steps by the clock, stops when it should not run, and caps a stall', () => {
    const clock = new TestClock();
    let running = true;
    const ticks: number[] = [];
    const loop = new FixedStepLoop({
      clock,
      tickMs: 10,
      shouldRun: () => running,
      tick: (ms) => ticks.push(ms),
    });
    loop.schedule();
    clock.advance(30);
    expect(ticks).toEqual([10, 10, 10]);
    running = false;
    loop.schedule();
    expect(clock.scheduled).toBe(0);
    running = true;
    loop.schedule();
    // A timer that fires 2 s late (a throttled tab) catches up at most 250 ms.
    clock.time += 2000;
    clock.advance(0);
    expect(ticks.at(-1)).toBe(250);
    loop.dispose();
    expect(clock.scheduled).toBe(0);
  });

  it('keeps up with the clock when each tick takes time: game time is wall time', () => {
    // Each tick takes 4 ms, as long as a slow phone's engine step.
    const { clock, ticks } = loopWithCostlyTicks({ tickMs: 1000 / 60, costMs: 4 });
    clock.advance(10_000);
    const gameMs = ticks.reduce((sum, t) => sum + t.elapsed, 0);
    // Measured from each tick's end, the loop counted 16.7 of every 20.7 ms: 8.1 s of 10.
    expect(gameMs).toBeGreaterThan(9_950);
    expect(gameMs).toBeLessThanOrEqual(10_000);
  });

  it('wakes at once when a tick takes longer than a step, and counts all of it', () => {
    const { clock, loop, ticks } = loopWithCostlyTicks({ tickMs: 10, costMs: 25 });
    clock.advance(200);
    expect(ticks[0].elapsed).toBe(10);
    expect(ticks.slice(1, 5).map((t) => t.elapsed)).toEqual([25, 25, 25, 25]);
    loop.dispose();
  });

  it('leaves the rest a host asks for after a long tick', () => {
    const { clock, loop, ticks } = loopWithCostlyTicks({ tickMs: 10, costMs: 25, restMs: () => 10 });
    clock.advance(100);
    expect(ticks.map((t) => t.at)).toEqual([10, 45, 80]);
    loop.dispose();
  });

  it('keeps the fraction of a step and drops a catch-up past the cap', () => {
    const steps = new StepAccumulator(4);
    expect(steps.add(0.6)).toBe(0);
    expect(steps.add(0.6)).toBe(1);
    expect(steps.add(10)).toBe(4);
    expect(steps.add(0.5)).toBe(0);
  });
});
