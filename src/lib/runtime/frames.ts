/**
 * The drawing side's clock: a frame loop on requestAnimationFrame (on the page, or in a
 * dedicated worker, where Chromium has it too) and the interpolation between the last two
 * fixed steps a scene was sent.
 */

export type RequestFrame = (run: (now: number) => void) => number;
export type CancelFrame = (handle: number) => void;

/** requestAnimationFrame where this realm has it, else a 60 Hz timer (older workers). */
export function realmFrames(): { requestFrame: RequestFrame; cancelFrame: CancelFrame } {
  const scope = globalThis as { requestAnimationFrame?: RequestFrame; cancelAnimationFrame?: CancelFrame };
  if (typeof scope.requestAnimationFrame === 'function' && typeof scope.cancelAnimationFrame === 'function') {
    return {
      requestFrame: scope.requestAnimationFrame.bind(globalThis),
      cancelFrame: scope.cancelAnimationFrame.bind(globalThis),
    };
  }
  return {
    requestFrame: (run) => setTimeout(() => run(performance.now()), 1000 / 60) as unknown as number,
    cancelFrame: (handle) => clearTimeout(handle),
  };
}

/** Calls `frame(now)` once per display frame while started. */
export class FrameLoop {
  private handle: number | null = null;

  constructor(
    private readonly frame: (now: number) => void,
    private readonly frames: { requestFrame: RequestFrame; cancelFrame: CancelFrame } = realmFrames(),
  ) {}

  get running(): boolean {
    return this.handle !== null;
  }

  start(): void {
    if (this.handle === null) this.handle = this.frames.requestFrame(this.run);
  }

  stop(): void {
    if (this.handle !== null) this.frames.cancelFrame(this.handle);
    this.handle = null;
  }

  private readonly run = (now: number): void => {
    this.handle = this.frames.requestFrame(this.run);
    this.frame(now);
  };
}

/**
 * When the last two snapshots arrived, and so how far a frame at `now` is between them.
 * Drawing runs one step behind the engine and slides from the previous state to the newest
 * over the time the newest took to come: the picture moves at the engine's pace whatever
 * the display's refresh rate (60, 120, 144 Hz).
 */
export class SnapshotTimeline {
  private previousAt = Number.NaN;
  private latestAt = Number.NaN;

  /** A snapshot arrived at `now`. */
  push(now: number): void {
    this.previousAt = this.latestAt;
    this.latestAt = now;
  }

  /** In [0, 1]: 0 shows the previous snapshot, 1 the newest (also when there is no previous). */
  alpha(now: number): number {
    const span = this.latestAt - this.previousAt;
    if (!(span > 0)) return 1;
    return Math.min(1, Math.max(0, (now - this.latestAt) / span));
  }

  /** Forgets both (a new scenario: nothing to slide from). */
  reset(): void {
    this.previousAt = Number.NaN;
    this.latestAt = Number.NaN;
  }
}
