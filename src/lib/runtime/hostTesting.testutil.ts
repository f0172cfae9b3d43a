import { expect } from 'vitest';
import { TestClock } from './clock.ts';
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
