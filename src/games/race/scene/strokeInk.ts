import type { WorldPoint } from './camera.ts';

/**
 * The stroke being drawn, as the scene keeps it: the points the page forwarded (world px),
 * whether the ink needs drawing again, and which input the frames drawn show (the number
 * `markInput('stroke')` gave the press that began it). Pure: no Pixi, no DOM.
 */
export class StrokeInk {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  brush = 0;
  private changed = false;
  private pendingSeq = 0;
  private shownSeq = 0;

  /** A press began a stroke at `point` (input number `seq`, 0 for none). */
  start(point: WorldPoint, brush: number, seq: number): void {
    this.xs.length = 0;
    this.ys.length = 0;
    this.xs.push(point.x);
    this.ys.push(point.y);
    this.brush = brush;
    this.changed = true;
    if (seq > this.pendingSeq) this.pendingSeq = seq;
  }

  /** The stroke goes on to `point` (nothing when no stroke is being drawn). */
  extend(point: WorldPoint): void {
    if (this.xs.length === 0) return;
    this.xs.push(point.x);
    this.ys.push(point.y);
    this.changed = true;
  }

  /** No stroke (it became a track, a pinch, or was refused). */
  clear(): void {
    if (this.xs.length === 0) return;
    this.xs.length = 0;
    this.ys.length = 0;
    this.changed = true;
  }

  get empty(): boolean {
    return this.xs.length === 0;
  }

  /** Whether the ink changed since last asked (its layer is drawn again when it did). */
  takeChange(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }

  /** A frame was drawn with the ink as it is now: it shows every press forwarded so far. */
  painted(): void {
    this.shownSeq = this.pendingSeq;
  }

  /** The newest press a drawn frame shows (0: none yet). */
  get shown(): number {
    return this.shownSeq;
  }
}
