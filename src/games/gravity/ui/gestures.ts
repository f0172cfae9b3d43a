import { DOUBLE_TAP_MS, HOLD_CANCEL_DISTANCE, HOLD_MS } from '../engine/constants.ts';

/**
 * Turns pointer events on the canvas into what the user meant, without touching the DOM
 * (tested in Node): click/tap selects, dragging a body moves it, dragging space pans,
 * two fingers pinch-zoom, a double tap (< 300 ms) on space adds a planet, holding still
 * on space for 600 ms adds a star (movement over 10 px cancels the hold).
 * `target` is the body under the pointer at press time (null: empty space).
 */
export type GestureAction =
  | { type: 'select'; id: number | null }
  | { type: 'dragStart'; id: number; x: number; y: number }
  | { type: 'dragMove'; id: number; x: number; y: number }
  | { type: 'dragEnd'; id: number }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'pinch'; factor: number; x: number; y: number }
  | { type: 'addPlanet'; x: number; y: number }
  | { type: 'addStar'; x: number; y: number }
  /** Ask for `holdElapsed` to be called at `at` (ms, same clock as the events). */
  | { type: 'armHold'; at: number }
  | { type: 'disarmHold' };

interface Pointer {
  x: number;
  y: number;
  startX: number;
  startY: number;
}

type Mode = 'idle' | 'press-space' | 'press-body' | 'drag' | 'pan' | 'pinch' | 'held';

/** Two taps farther apart than this are not a double tap. */
const DOUBLE_TAP_DISTANCE = 30;

export class GestureRecognizer {
  private pointers = new Map<number, Pointer>();
  private mode: Mode = 'idle';
  private target: number | null = null;
  private downAt = 0;
  private lastTap: { x: number; y: number; t: number } | null = null;
  private pinchDistance = 0;

  down(pointerId: number, x: number, y: number, t: number, target: number | null): GestureAction[] {
    this.pointers.set(pointerId, { x, y, startX: x, startY: y });
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

  move(pointerId: number, x: number, y: number): GestureAction[] {
    const p = this.pointers.get(pointerId);
    if (!p) return [];
    const lastX = p.x;
    const lastY = p.y;
    p.x = x;
    p.y = y;
    const moved = Math.hypot(x - p.startX, y - p.startY) > HOLD_CANCEL_DISTANCE;
    switch (this.mode) {
      case 'press-body':
        if (!moved) return [];
        this.mode = 'drag';
        return [
          { type: 'dragStart', id: this.target!, x, y },
          { type: 'dragMove', id: this.target!, x, y },
        ];
      case 'drag':
        return [{ type: 'dragMove', id: this.target!, x, y }];
      case 'press-space':
        if (!moved) return [];
        this.mode = 'pan';
        return [{ type: 'disarmHold' }, { type: 'pan', dx: x - p.startX, dy: y - p.startY }];
      case 'pan':
        return [{ type: 'pan', dx: x - lastX, dy: y - lastY }];
      case 'pinch': {
        const d = this.spread();
        const factor = this.pinchDistance > 0 ? d / this.pinchDistance : 1;
        this.pinchDistance = d;
        const [a, b] = [...this.pointers.values()];
        return factor === 1 ? [] : [{ type: 'pinch', factor, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }];
      }
      default:
        return [];
    }
  }

  up(pointerId: number, x: number, y: number, t: number): GestureAction[] {
    if (!this.pointers.delete(pointerId)) return [];
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
      if (last && t - last.t < DOUBLE_TAP_MS && Math.hypot(x - last.x, y - last.y) < DOUBLE_TAP_DISTANCE) {
        out.push({ type: 'addPlanet', x, y });
        this.lastTap = null;
      } else {
        out.push({ type: 'select', id: null });
        this.lastTap = { x, y, t };
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
    this.lastTap = null;
    return p ? [{ type: 'addStar', x: p.startX, y: p.startY }] : [];
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
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }
}
