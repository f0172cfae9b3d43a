/**
 * When a scene may stop drawing: the engine has sent no snapshot for `quietMs` (a pause, a
 * menu, game over) and the scene itself says nothing of its own is moving. It then draws
 * one last frame and no more until a snapshot comes or something a still picture shows
 * changes (`invalidate`: a resize, a restored WebGL context, the motion setting, the zoom).
 * A still picture drawn over and over costs a phone's battery for nothing, and its slow
 * frames would lower the resolution of a picture nobody is waiting on: while it rests, the
 * adaptive quality rests too.
 */
export class SceneStillness {
  /** Ms since the previous drawn frame; null for the first frame ever or the first after a rest. */
  gapMs: number | null = null;
  private lastNow: number | null = null;
  private quietFor = 0;
  private stale = true;

  constructor(
    private readonly quietMs: number,
    private readonly quality: { rest(): void },
  ) {}

  /** A snapshot came from the engine: things move again. */
  snapshot(): void {
    this.quietFor = 0;
  }

  /** Something the still picture shows changed: draw it once more. */
  invalidate(): void {
    this.stale = true;
  }

  /** No snapshot for `quietMs` of drawn frames' time. */
  get quiet(): boolean {
    return this.quietFor >= this.quietMs;
  }

  /**
   * Whether to draw the frame at `now` (ms). `mayRest` is the scene's own word that none of
   * its effects (particles, a camera glide, an animation) is under way. When it draws, it
   * sets `gapMs` for the frame.
   */
  shouldDraw(now: number, mayRest = true): boolean {
    if (this.quiet && mayRest && !this.stale) {
      // No frame, and no frame time for the quality to judge.
      if (this.lastNow !== null) this.quality.rest();
      this.lastNow = null;
      return false;
    }
    this.stale = false;
    this.gapMs = this.lastNow === null ? null : Math.max(0, now - this.lastNow);
    this.lastNow = now;
    this.quietFor += this.gapMs ?? 0;
    return true;
  }
}
