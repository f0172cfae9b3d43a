/**
 * The stage's pointers as Draw & Race reads them: one pointer draws a stroke (while the
 * page allows drawing), a second finger turns it into a pinch that zooms and pans, and one
 * finger on a zoomed view pans. The session gets the finished stroke; the scene is told
 * about the stroke as it grows, and the camera moves through the session.
 */
import { markInput } from '../../../lib/runtime/inputMarks.ts';
import { type RaceCamera, type ScreenPoint, screenPoint, type WorldPoint } from '../scene/camera.ts';
import type { RaceSceneInput } from '../scene/RaceScene.ts';
import { useRaceStore } from './store.ts';

/** Live stroke points closer than this (screen px) are not redrawn. */
const PREVIEW_MIN_PX = 2;

/** What the gestures act on: the session's stage, canvas, camera and scene. */
export interface GestureTarget {
  /** Listened on: the canvas is replaced when its renderer restarts. */
  stage: HTMLElement;
  /** The canvas pointer points are measured against (CSS px). */
  canvas(): HTMLCanvasElement;
  /** The view points are turned with; moved only through moveCamera. */
  camera: RaceCamera;
  moveCamera(change: (camera: RaceCamera) => void): void;
  sceneInput(input: RaceSceneInput): void;
  /** A stroke was lifted: its world points, the first where it was pressed. */
  strokeDone(points: WorldPoint[]): void;
}

/** Whether a press may start a stroke: the page is ready and no track or race is under way. */
function canDraw(): boolean {
  const s = useRaceStore.getState();
  return (
    s.ready && !s.stopped && !s.introOpen && !s.finalized && s.phase !== 'running' && s.phase !== 'countdown'
  );
}

export class PointerGestures {
  private stroke: WorldPoint[] | null = null;
  private strokePointer: number | null = null;
  private readonly pointers = new Map<number, ScreenPoint>();
  private pinch: { distance: number; at: ScreenPoint } | null = null;

  constructor(private readonly target: GestureTarget) {}

  /** A stroke is being drawn (the world must not be refitted under it). */
  get drawing(): boolean {
    return this.stroke !== null;
  }

  /** Listens on the stage until `signal` aborts (the session's dispose: the stage can outlive it). */
  bind(signal: AbortSignal): void {
    const { stage } = this.target;
    stage.addEventListener('pointerdown', this.onPointerDown, { signal });
    stage.addEventListener('pointermove', this.onPointerMove, { signal });
    stage.addEventListener('pointerup', this.onPointerUp, { signal });
    stage.addEventListener('pointercancel', this.onPointerUp, { signal });
  }

  /** A pointer's point on the canvas (CSS px). */
  private local(event: PointerEvent): ScreenPoint {
    const rect = this.target.canvas().getBoundingClientRect();
    return screenPoint(event.clientX - rect.left, event.clientY - rect.top);
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    const p = this.local(event);
    this.pointers.set(event.pointerId, p);
    this.target.stage.setPointerCapture?.(event.pointerId);
    if (this.pointers.size === 2) {
      // A second finger: this is a pinch, not a stroke.
      this.stroke = null;
      this.strokePointer = null;
      this.target.sceneInput({ type: 'strokeEnd' });
      const [a, b] = [...this.pointers.values()];
      this.pinch = {
        distance: Math.hypot(a.x - b.x, a.y - b.y),
        at: screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2),
      };
      return;
    }
    if (this.pointers.size > 2 || !canDraw()) return;
    this.strokePointer = event.pointerId;
    const point = this.target.camera.screenToWorld(p);
    this.stroke = [point];
    // The bench's input to screen: from this press to the first frame showing its ink.
    const seq = markInput('stroke');
    this.target.sceneInput({ type: 'strokeStart', point, brush: useRaceStore.getState().brush, seq });
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (!this.pointers.has(event.pointerId)) return;
    const p = this.local(event);
    const last = this.pointers.get(event.pointerId)!;
    this.pointers.set(event.pointerId, p);
    const camera = this.target.camera;
    if (this.pinch && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
      const pinch = this.pinch;
      this.target.moveCamera(() => {
        if (pinch.distance > 0) camera.zoomAt(mid, distance / pinch.distance);
        camera.panBy(mid.x - pinch.at.x, mid.y - pinch.at.y);
      });
      this.pinch = { distance, at: mid };
      return;
    }
    if (this.stroke && event.pointerId === this.strokePointer) {
      const q = camera.screenToWorld(p);
      const prev = this.stroke[this.stroke.length - 1];
      const unit = 1 / camera.scale;
      if (Math.hypot(q.x - prev.x, q.y - prev.y) >= PREVIEW_MIN_PX * unit) {
        this.stroke.push(q);
        this.target.sceneInput({ type: 'strokeTo', point: q });
      }
      return;
    }
    // One finger on a zoomed view: pan.
    if (!this.stroke && this.pointers.size === 1 && camera.zoom > 1)
      this.target.moveCamera(() => camera.panBy(p.x - last.x, p.y - last.y));
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (event.pointerId !== this.strokePointer || !this.stroke) return;
    const stroke = this.stroke;
    this.stroke = null;
    this.strokePointer = null;
    this.target.strokeDone(stroke);
  };
}
