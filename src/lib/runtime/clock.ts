/**
 * Time and timers for an engine host, injected so tests drive the clock by hand: a worker
 * passes `workerClock`, a test a `TestClock`.
 */
export interface HostClock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The real clock, in a worker or on the page. */
export const workerClock: HostClock = {
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A clock the test moves by hand: `advance(ms)` runs every timer due in that span, in the
 * order they fall due, with `now()` at each one's time. `frame(run)` is a
 * requestAnimationFrame stand-in fired by `advanceFrame(ms)`.
 */
export class TestClock implements HostClock {
  time = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private frames: ((now: number) => void)[] = [];
  private nextHandle = 1;

  now(): number {
    return this.time;
  }

  setTimer(run: () => void, ms: number): number {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + Math.max(0, ms), run });
    return handle;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers waiting to run. */
  get scheduled(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: [number, { at: number; run: () => void }] | null = null;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].run();
    }
    this.time = end;
  }

  /**
   * Jumps `ms` on at once and runs the timers then due, each once, at the new time: one
   * stalled tick (a tab that froze), where `advance` runs every timer in between.
   */
  stall(ms: number): void {
    this.time += ms;
    for (const [handle, timer] of [...this.timers]) {
      if (timer.at <= this.time) {
        this.timers.delete(handle);
        timer.run();
      }
    }
  }

  /** requestAnimationFrame on this clock. */
  readonly requestFrame = (run: (now: number) => void): number => {
    this.frames.push(run);
    return this.frames.length;
  };

  readonly cancelFrame = (): void => {
    this.frames = [];
  };

  /** Moves time on by `ms` (running due timers), then fires the frame callbacks waiting. */
  advanceFrame(ms: number): void {
    this.advance(ms);
    const waiting = this.frames;
    this.frames = [];
    for (const run of waiting) run(this.time);
  }
}
