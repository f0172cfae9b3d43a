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
    // A timer that moved the time on itself (a test's tick that takes time) is not undone.
    this.time = Math.max(this.time, end);
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

/**
 * A physics worker's clock in end-to-end builds: the real one until a test takes it over
 * (`WorkerBridge.takeOverClockForTest`); from then on time stands still and moves only by
 * the steps the test asks for (`advance`). Playwright's fake clock does not reach a worker,
 * and a game flown in real time on a busy machine is a game flown on stale readouts.
 * Timers waiting when it is taken over keep the time they had left.
 */
export class SteppableClock implements HostClock {
  private manual: TestClock | null = null;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; fire: () => void; inner: unknown }>();

  constructor(private readonly real: HostClock = workerClock) {}

  get steppedByHand(): boolean {
    return this.manual !== null;
  }

  now(): number {
    return this.manual ? this.manual.now() : this.real.now();
  }

  setTimer(run: () => void, ms: number): number {
    const handle = this.nextHandle++;
    const fire = () => {
      this.timers.delete(handle);
      run();
    };
    const inner = (this.manual ?? this.real).setTimer(fire, ms);
    this.timers.set(handle, { at: this.now() + Math.max(0, ms), fire, inner });
    return handle;
  }

  clearTimer(handle: unknown): void {
    const timer = this.timers.get(handle as number);
    if (!timer) return;
    this.timers.delete(handle as number);
    (this.manual ?? this.real).clearTimer(timer.inner);
  }

  /** Stops real time: from now on only `advance` moves it. */
  takeOver(): void {
    if (this.manual) return;
    const manual = new TestClock();
    manual.time = this.real.now();
    for (const timer of this.timers.values()) {
      this.real.clearTimer(timer.inner);
      timer.inner = manual.setTimer(timer.fire, timer.at - manual.time);
    }
    this.manual = manual;
  }

  /** Moves the taken-over clock on by `ms`, running every timer due in that span. */
  advance(ms: number): void {
    if (!this.manual) throw new Error('the clock runs in real time: take it over first');
    this.manual.advance(ms);
  }
}
