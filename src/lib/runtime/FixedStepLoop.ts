import type { HostClock } from './clock.ts';

export interface FixedStepLoopOptions {
  clock: HostClock;
  /** How often the loop wakes, in ms (the engine's step, or its frame of substeps). */
  tickMs: number;
  /** Whether it runs now (visible, not paused, game on); asked on every `schedule`. */
  shouldRun: () => boolean;
  /**
   * One wake-up: `elapsedMs` since the last one (capped at `maxElapsedMs`, so a stalled tab
   * slows the game down instead of jumping it). The host steps its engine here, usually
   * through a `StepAccumulator`.
   */
  tick: (elapsedMs: number) => void;
  /** Longest span one tick may catch up. Default 250 ms. */
  maxElapsedMs?: number;
  /**
   * The least time between a tick's end and the next wake-up, asked after each tick (default
   * none: the next wake-up is `tickMs` after this one's start, at once when the tick ran past
   * it). For a host that takes one costly step a tick whatever the time (Gravity's Galaxy):
   * it leaves the other threads a rest instead of stepping back to back.
   */
  restMs?: () => number;
}

/**
 * The engine host's clock loop, the same for every game: wakes every `tickMs` while
 * `shouldRun()`, and stops when it does not (call `schedule()` after anything that changes
 * it). The time between wake-ups comes from the clock, not from counting ticks, so a late
 * timer makes a longer step, not a slower game. Each wake-up is aimed at `tickMs` after the
 * one before, whatever the tick took: measured from the tick's end, a tick of 4 ms every
 * 16.7 ms lost a fifth of the game's time (a slow phone's game ran slower than its clock).
 */
export class FixedStepLoop {
  private timer: unknown = null;
  private lastTick = 0;
  private disposed = false;
  private readonly maxElapsedMs: number;

  constructor(private readonly options: FixedStepLoopOptions) {
    this.maxElapsedMs = options.maxElapsedMs ?? 250;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Starts or stops the timer to match `shouldRun()`. */
  schedule(): void {
    const { clock } = this.options;
    if (this.disposed || !this.options.shouldRun()) {
      if (this.timer !== null) clock.clearTimer(this.timer);
      this.timer = null;
      return;
    }
    if (this.timer !== null) return;
    this.lastTick = clock.now();
    this.timer = clock.setTimer(this.wake, this.options.tickMs);
  }

  /** After a wake-up: the next one `tickMs` after this one's start, or at once when the tick ran past it. */
  private rearm(): void {
    const { clock } = this.options;
    if (this.disposed || !this.options.shouldRun() || this.timer !== null) {
      this.schedule();
      return;
    }
    const now = clock.now();
    const rest = this.options.restMs?.() ?? 0;
    this.timer = clock.setTimer(this.wake, Math.max(rest, this.lastTick + this.options.tickMs - now));
  }

  dispose(): void {
    this.disposed = true;
    this.schedule();
  }

  private readonly wake = (): void => {
    this.timer = null;
    if (this.disposed) return;
    const now = this.options.clock.now();
    const elapsed = Math.min(now - this.lastTick, this.maxElapsedMs);
    this.lastTick = now;
    if (this.options.shouldRun()) this.options.tick(elapsed);
    this.rearm();
  };
}

/**
 * Turns elapsed time into whole fixed steps, keeping the fraction for the next tick. Past
 * `maxSteps` in one go the rest is dropped (a catch-up cap: a slow machine slows the game
 * instead of spiralling).
 */
export class StepAccumulator {
  private carry = 0;

  constructor(private readonly maxSteps: number) {}

  /** Adds `steps` (fractional) of game time; returns how many whole steps to run now. */
  add(steps: number): number {
    this.carry += steps;
    const whole = Math.floor(this.carry);
    this.carry -= whole;
    if (whole > this.maxSteps) {
      this.carry = 0;
      return this.maxSteps;
    }
    return whole;
  }

  reset(): void {
    this.carry = 0;
  }
}
