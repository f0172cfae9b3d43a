import { expect } from 'vitest';
import { TestClock } from './clock.ts';
import { FrameLoop, SnapshotTimeline } from './frames.ts';
import type { MarkTransfer } from './workerEntries.ts';

/**
 * What an engine host is given in a unit test: a clock the test moves by hand, and a
 * `markTransfer` that keeps each snapshot's transfer list in `transfers`, so the test can
 * check what a worker would move instead of copy.
 */
export function testHostOptions(): {
  clock: TestClock;
  markTransfer: MarkTransfer;
  transfers: Transferable[][];
} {
  const clock = new TestClock();
  const transfers: Transferable[][] = [];
  const markTransfer: MarkTransfer = (value, list) => {
    transfers.push(list);
    return value;
  };
  return { clock, markTransfer, transfers };
}

/** A host made with `testHostOptions()`, beside those options (the clock, the transfers kept). */
export function hostOnTestClock<Host>(
  makeHost: (options: ReturnType<typeof testHostOptions>) => Host,
): ReturnType<typeof testHostOptions> & { host: Host } {
  const options = testHostOptions();
  return { ...options, host: makeHost(options) };
}

/** What `shownGameTime` drives: a host stepping on `clock`, seen through its snapshots' game time. */
export interface FramedHost<Snapshot> {
  clock: TestClock;
  /** Ends the host once the last frame is drawn. */
  dispose: () => void;
  /** The host's next snapshot (the one the render host would ask for now). */
  nextSnapshot: () => Promise<Snapshot>;
  /** The game time a snapshot shows, in the unit the test compares. */
  gameTime: (snapshot: Snapshot) => number;
  /** Lets the snapshot's promise settle between frames, as a message would. */
  settle?: () => Promise<void>;
}

/** Three turns of the microtask queue: enough for a host whose snapshot is ready to answer. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}

/**
 * A frame loop at `frameMs` on the host's clock, asking for one snapshot at a time (as the
 * render host's pump does) and showing the game time slid between the last two (as a scene
 * does). Returns the game time shown after `seconds`: at any refresh rate it should be the
 * same, within the slide's error.
 */
export async function shownGameTime<Snapshot>(
  { clock, nextSnapshot, gameTime, settle = microtasks, dispose }: FramedHost<Snapshot>,
  frameMs: number,
  seconds: number,
): Promise<number> {
  const timeline = new SnapshotTimeline();
  let previous: number | null = null;
  let latest = 0;
  let shown = 0;
  let waiting = false;
  const frames = new FrameLoop(
    (now) => {
      if (!waiting) {
        waiting = true;
        nextSnapshot().then((snapshot) => {
          waiting = false;
          const time = gameTime(snapshot);
          previous = previous === null ? time : latest;
          latest = time;
          timeline.push(clock.now());
        });
      }
      if (previous !== null) shown = previous + (latest - previous) * timeline.alpha(now);
    },
    { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
  );
  frames.start();
  const count = Math.round((seconds * 1000) / frameMs);
  for (let i = 0; i < count; i++) {
    clock.advanceFrame(frameMs);
    await settle();
  }
  frames.stop();
  dispose();
  return shown;
}

/**
 * What every engine host owes the page: drawn at 144 Hz (6.94 ms frames) or at 60 Hz (16.7 ms),
 * its game shows the same time after 10 s, within 1 %, and more than `atLeast` (it did run).
 * `startGame` starts a fresh game on a fresh host, each time the same.
 */
export async function expectSameTimeAt144And60Hz<Snapshot>(
  startGame: () => FramedHost<Snapshot>,
  atLeast: number,
): Promise<void> {
  const at144 = await shownGameTime(startGame(), 6.94, 10);
  const at60 = await shownGameTime(startGame(), 16.7, 10);
  expect(at144).toBeGreaterThan(atLeast);
  expect(at60).toBeGreaterThan(atLeast);
  expect(Math.abs(at144 - at60) / at60).toBeLessThan(0.01);
}

/** A host with a game loaded and not yet stepped, seen through what the check needs of it. */
export interface PausableHost {
  clock: TestClock;
  setRunning(running: boolean): void;
  setVisible(visible: boolean): void;
  /** How far the game has gone (steps, or seconds of game time): 0 before the first step. */
  progress(): number;
}

/**
 * What every engine host owes the page: it does not step while its game is paused or the page
 * hidden, and keeps no timer waiting while paused; running and shown again, it steps.
 */
export function expectStillWhilePausedOrHidden({
  clock,
  setRunning,
  setVisible,
  progress,
}: PausableHost): void {
  setRunning(false);
  clock.advance(500);
  expect(progress()).toBe(0);
  expect(clock.scheduled).toBe(0);
  setRunning(true);
  setVisible(false);
  clock.advance(500);
  expect(progress()).toBe(0);
  setVisible(true);
  clock.advance(100);
  expect(progress()).toBeGreaterThan(0);
}
