/**
 * Picks a rendering quality level from frame times, for scenes that are fill-rate bound on
 * slow GPUs (software GL, low-end phones). Level 0 is the best look; each higher level is
 * cheaper (a game maps levels to e.g. a lower render resolution). Pure: feed it frame
 * durations, read `level`.
 *
 * Hysteresis so it does not oscillate: it steps down only when the smoothed frame time has
 * stayed above `slowMs` for `downAfterMs`, and back up only after `upAfterMs` of smooth
 * frames (below `fastMs`). Each time a step up has to be undone, the wait before the next
 * step up doubles (to `maxUpAfterMs`), so a device that cannot hold the better level stops
 * trying it every few seconds.
 */
export interface AdaptiveQualityOptions {
  /** Number of levels (0 … levels − 1). */
  levels: number;
  /** Smoothed frame time (ms) above which frames count as slow. */
  slowMs?: number;
  /** Smoothed frame time (ms) below which frames count as smooth. */
  fastMs?: number;
  /** How long frames must stay slow before stepping down. */
  downAfterMs?: number;
  /** How long frames must stay smooth before stepping up (doubles after each undone step up). */
  upAfterMs?: number;
  maxUpAfterMs?: number;
  /** Weight of a new frame in the moving average. */
  smoothing?: number;
}

/**
 * A frame longer than this, after one that was not, is a pause (tab hidden, debugger, a
 * hitch), not rendering cost: ignored. Long frames one after another are a device that slow
 * (software GL on a loaded machine drew the yard at 3–5 frames a second): each counts, as a
 * frame of this length, so the device that most needs a lower level gets it after four.
 */
export const PAUSE_MS = 250;

export class AdaptiveQuality {
  level = 0;
  /** Smoothed frame time in ms. */
  avgMs: number;
  private readonly levels: number;
  private readonly slowMs: number;
  private readonly fastMs: number;
  private readonly downAfterMs: number;
  private readonly maxUpAfterMs: number;
  private readonly smoothing: number;
  private upAfterMs: number;
  private slowFor = 0;
  private fastFor = 0;
  /** Whether the last change was a step up (a step down right after it undoes it). */
  private steppedUp = false;
  /** Whether the previous frame was longer than `PAUSE_MS`. */
  private afterLong = false;

  constructor(options: AdaptiveQualityOptions) {
    this.levels = Math.max(1, Math.floor(options.levels));
    this.slowMs = options.slowMs ?? 25;
    this.fastMs = options.fastMs ?? 18;
    this.downAfterMs = options.downAfterMs ?? 1000;
    this.upAfterMs = options.upAfterMs ?? 4000;
    this.maxUpAfterMs = options.maxUpAfterMs ?? 60_000;
    this.smoothing = options.smoothing ?? 0.1;
    this.avgMs = 1000 / 60;
  }

  /** Records one frame's duration; returns true when `level` changed. */
  frame(frameMs: number): boolean {
    if (!(frameMs > 0)) return false;
    const long = frameMs > PAUSE_MS;
    const pause = long && !this.afterLong;
    this.afterLong = long;
    if (pause) return false;
    const ms = Math.min(frameMs, PAUSE_MS);
    this.avgMs += (ms - this.avgMs) * this.smoothing;
    if (this.avgMs > this.slowMs) {
      this.slowFor += ms;
      this.fastFor = 0;
      if (this.slowFor >= this.downAfterMs && this.level < this.levels - 1) {
        if (this.steppedUp) this.upAfterMs = Math.min(this.maxUpAfterMs, this.upAfterMs * 2);
        this.change(this.level + 1, false);
        return true;
      }
    } else if (this.avgMs < this.fastMs) {
      this.fastFor += ms;
      this.slowFor = 0;
      if (this.fastFor >= this.upAfterMs && this.level > 0) {
        this.change(this.level - 1, true);
        return true;
      }
    } else {
      this.slowFor = 0;
      this.fastFor = 0;
    }
    return false;
  }

  /**
   * The scene stopped drawing (a still picture costs nothing): the streak of slow or smooth
   * frames so far ends with it, so the next burst of drawing is judged on its own frames.
   * Without this, 900 ms of slow frames in one roll and two slow frames seconds later in
   * the next made "a second of slow frames". The level stays.
   */
  rest(): void {
    this.afterLong = false;
    this.slowFor = 0;
    this.fastFor = 0;
    this.avgMs = (this.slowMs + this.fastMs) / 2;
  }

  private change(level: number, up: boolean): void {
    this.level = level;
    this.steppedUp = up;
    this.slowFor = 0;
    this.fastFor = 0;
    // The new level's frames decide from here: start the average at the boundary.
    this.avgMs = (this.slowMs + this.fastMs) / 2;
  }
}
