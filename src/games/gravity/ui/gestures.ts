import { DOUBLE_TAP_MS, HOLD_CANCEL_DISTANCE, HOLD_MS } from '../engine/constants.ts';
import { type ScreenPoint, screenPoint } from '../scene/camera.ts';

/**
 * Turns pointer events on the canvas into what the user meant, without touching the DOM
 * (tested in Node): click/tap selects, dragging a body moves it, dragging space pans,
 * two fingers pinch-zoom, a double tap (< 300 ms) on space adds a planet, holding still
 * on space for 600 ms adds a star (movement over 10 px cancels the hold).
 * `target` is the body under the pointer at press time (null: empty space). Every point is
 * on the screen: the session maps them to the world with the camera.
 */
export type GestureAction =
  | { type: 'select'; id: number | null }
  | { type: 'dragStart'; id: number; at: ScreenPoint }
  | { type: 'dragMove'; id: number; at: ScreenPoint }
  | { type: 'dragEnd'; id: number }
  /** The pointer moved (dx, dy) CSS pixels. */
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'pinch'; factor: number; at: ScreenPoint }
  | { type: 'addPlanet'; at: ScreenPoint }
  | { type: 'addStar'; at: ScreenPoint }
  /** Ask for `holdElapsed` to be called at `at` (ms, same clock as the events). */
  | { type: 'armHold'; at: number }
  | { type: 'disarmHold' };

interface Pointer {
  at: ScreenPoint;
  start: ScreenPoint;
}

type Mode = 'idle' | 'press-space' | 'press-body' | 'drag' | 'pan' | 'pinch' | 'held';

const distance = (a: ScreenPoint, b: ScreenPoint): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Two taps farther apart than this are not a double tap (CSS pixels). */
const DOUBLE_TAP_DISTANCE = 30;

export class GestureRecognizer {
  private pointers = new Map<number, Pointer>();
  private mode: Mode = 'idle';
  private target: number | null = null;
  private downAt = 0;
  private lastTap: { at: ScreenPoint; t: number } | null = null;
  private pinchDistance = 0;

  down(pointerId: number, at: ScreenPoint, t: number, target: number | null): GestureAction[] {
    this.pointers.set(pointerId, { at, start: at });
    if (this.pointers.size === 2) {
      const out: GestureAction[] = [{ type: 'disarmHold' }];
      if (this.mode === 'drag' && this.target !== null) out.push({ type: 'dragEnd', id: this.target });
      this.mode = 'pinch';
      this.pinchDistance = this.spread();
      this.lastTap = null;
      return out;
    }
    if (this.pointers.size > 2) return [];
    this.downAt = t;
    this.target = target;
    if (target !== null) {
      this.mode = 'press-body';
      return [{ type: 'select', id: target }];
    }
    this.mode = 'press-space';
    return [{ type: 'armHold', at: t + HOLD_MS }];
  }

  move(pointerId: number, at: ScreenPoint): GestureAction[] {
    const p = this.pointers.get(pointerId);
    if (!p) return [];
    const last = p.at;
    p.at = at;
    const moved = distance(at, p.start) > HOLD_CANCEL_DISTANCE;
    switch (this.mode) {
      case 'press-body':
        if (!moved) return [];
        this.mode = 'drag';
        return [
          { type: 'dragStart', id: this.target!, at },
          { type: 'dragMove', id: this.target!, at },
        ];
      case 'drag':
        return [{ type: 'dragMove', id: this.target!, at }];
      case 'press-space':
        if (!moved) return [];
        this.mode = 'pan';
        return [{ type: 'disarmHold' }, { type: 'pan', dx: at.x - p.start.x, dy: at.y - p.start.y }];
      case 'pan':
        return [{ type: 'pan', dx: at.x - last.x, dy: at.y - last.y }];
      case 'pinch': {
        const d = this.spread();
        const factor = this.pinchDistance > 0 ? d / this.pinchDistance : 1;
        this.pinchDistance = d;
        const [a, b] = [...this.pointers.values()];
        const mid = screenPoint((a.at.x + b.at.x) / 2, (a.at.y + b.at.y) / 2);
        return factor === 1 ? [] : [{ type: 'pinch', factor, at: mid }];
      }
      default:
        return [];
    }
  }

  up(pointerId: number, at: ScreenPoint, t: number): GestureAction[] {
    const pointer = this.pointers.get(pointerId);
    if (!pointer) return [];
    this.pointers.delete(pointerId);
    const out: GestureAction[] = [];
    const mode = this.mode;
    if (mode === 'pinch') {
      // The finger left behind does nothing until it lifts.
      this.mode = this.pointers.size ? 'held' : 'idle';
      return out;
    }
    if (this.pointers.size) return out;
    this.mode = 'idle';
    if (mode === 'drag') out.push({ type: 'dragEnd', id: this.target! });
    if (mode === 'press-space') {
      out.push({ type: 'disarmHold' });
      const last = this.lastTap;
      if (t - this.downAt >= HOLD_MS) {
        // Held still long enough by the events' own clock, though the hold timer has not run:
        // a busy page (or a slow body lookup) handled the press late and queued the release
        // first. It was a hold all the same, not a tap.
        out.push(this.hold(pointer.start));
      } else if (last && t - last.t < DOUBLE_TAP_MS && distance(at, last.at) < DOUBLE_TAP_DISTANCE) {
        out.push({ type: 'addPlanet', at });
        this.lastTap = null;
      } else {
        out.push({ type: 'select', id: null });
        this.lastTap = { at, t };
      }
    } else {
      this.lastTap = null;
    }
    return out;
  }

  /** The hold timer fired: a star, unless the press moved, ended or became something else. */
  holdElapsed(t: number): GestureAction[] {
    if (this.mode !== 'press-space' || t - this.downAt < HOLD_MS - 1) return [];
    const p = [...this.pointers.values()][0];
    this.mode = 'held';
    if (p) return [this.hold(p.start)];
    this.lastTap = null;
    return [];
  }

  /** A hold on empty space, timed out or released late: a star where the press began; no tap pending. */
  private hold(start: ScreenPoint): GestureAction {
    this.lastTap = null;
    return { type: 'addStar', at: start };
  }

  cancel(pointerId: number): GestureAction[] {
    const out: GestureAction[] = [];
    if (this.mode === 'drag' && this.target !== null) out.push({ type: 'dragEnd', id: this.target });
    this.pointers.delete(pointerId);
    if (!this.pointers.size) this.mode = 'idle';
    out.push({ type: 'disarmHold' });
    return out;
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? distance(a.at, b.at) : 0;
  }
}
