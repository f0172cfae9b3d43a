import { PAUSE_MS } from '../../../lib/pure/adaptiveQuality.ts';

const START_POINTS = 16_000;
const MAX_POINTS = 30_000;
const MIN_POINTS = 4_000;
/** A smoothed frame time above this thins the trails; below `ROOM_MS` they grow back. */
const SLOW_MS = 22;
const ROOM_MS = 14;

/**
 * How many trail dots the scene draws across all bodies: fewer when frames run long, more
 * when there is room. A gap longer than a pause (a paused or hidden scene redrawn after a
 * second) is not drawing cost, so it leaves the budget alone: a still picture redrawn after
 * a lost context must show the same trails it showed before.
 */
export class TrailBudget {
  points = START_POINTS;
  /** Smoothed frame time in ms. */
  private frameMs = 16;

  /** Records one frame's duration (ms since the previous frame). */
  frame(dt: number): void {
    if (!(dt > 0) || dt > PAUSE_MS) return;
    this.frameMs = this.frameMs * 0.95 + dt * 0.05;
    if (this.frameMs > SLOW_MS) this.points = Math.max(MIN_POINTS, this.points * 0.97);
    else if (this.frameMs < ROOM_MS) this.points = Math.min(MAX_POINTS, this.points * 1.01);
  }
}
