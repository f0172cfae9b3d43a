import type { Point } from '../engine/track.ts';

/**
 * A point on the stage, in CSS px from its top-left corner (a pointer's). Branded, like
 * WorldPoint, so the two cannot be mixed up: the camera's `screenToWorld` / `worldToScreen`
 * are the only ways between them, and `screenPoint` the only way to make one from numbers.
 */
export type ScreenPoint = { readonly x: number; readonly y: number } & { readonly __brand: 'screen' };

/**
 * A point in the race's world (px of the world the track was drawn in): the track's, the
 * cars' and the stroke's points. It is the engine's `Point` as well (the engine takes any).
 */
export type WorldPoint = { readonly x: number; readonly y: number } & { readonly __brand: 'world' };

/** A point the page measured on the stage (a pointer's, relative to the canvas). */
export const screenPoint = (x: number, y: number): ScreenPoint => ({ x, y }) as ScreenPoint;

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

/** What the page changes of the view (pinch zoom and pan); the scene draws with the same numbers. */
export interface CameraView {
  zoom: number;
  panX: number;
  panY: number;
}

/**
 * The race's camera: the world (the stage's size when the track was drawn, or a shared
 * track's) fitted into the viewport, then zoomed 1×–4× and panned. Plain numbers, no
 * Pixi: the page keeps one to turn pointer points into world points, the scene one to
 * draw, and both compute the same transform from the same view.
 */
export class RaceCamera {
  worldW = 1;
  worldH = 1;
  width = 1;
  height = 1;
  zoom = 1;
  panX = 0;
  panY = 0;

  setWorld(width: number, height: number): void {
    this.worldW = Math.max(1, width);
    this.worldH = Math.max(1, height);
  }

  setViewport(width: number, height: number): void {
    this.width = width;
    this.height = height;
  }

  get view(): CameraView {
    return { zoom: this.zoom, panX: this.panX, panY: this.panY };
  }

  setView(view: CameraView): void {
    this.zoom = view.zoom;
    this.panX = view.panX;
    this.panY = view.panY;
  }

  /** World px to screen px. */
  get scale(): number {
    return Math.min(this.width / this.worldW, this.height / this.worldH) * this.zoom;
  }

  /** Where the world's origin is on screen. */
  get x(): number {
    return (this.width - this.worldW * this.scale) / 2 + this.panX;
  }

  get y(): number {
    return (this.height - this.worldH * this.scale) / 2 + this.panY;
  }

  screenToWorld(p: ScreenPoint): WorldPoint {
    const s = this.scale;
    return { x: (p.x - this.x) / s, y: (p.y - this.y) / s } as WorldPoint;
  }

  worldToScreen(p: WorldPoint): ScreenPoint {
    const s = this.scale;
    return screenPoint(p.x * s + this.x, p.y * s + this.y);
  }

  /**
   * A point of the world as the engine or a snapshot gives it (plain numbers, in world px):
   * the one way into the world's type besides `screenToWorld`.
   */
  static world(p: Point): WorldPoint {
    return { x: p.x, y: p.y } as WorldPoint;
  }

  /** Pinch zoom: by `factor` about the screen point `at`, within 1×–4×; pans stay near the world. */
  zoomAt(at: ScreenPoint, factor: number): void {
    const before = this.screenToWorld(at);
    this.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.zoom * factor));
    if (this.zoom === 1) {
      this.panX = 0;
      this.panY = 0;
      return;
    }
    const now = this.worldToScreen(before);
    this.panX += at.x - now.x;
    this.panY += at.y - now.y;
  }

  /** Pans by a screen distance (CSS px), only when zoomed in. */
  panBy(dx: number, dy: number): void {
    if (this.zoom === 1) return;
    const limit = Math.max(this.width, this.height) * this.zoom;
    this.panX = Math.max(-limit, Math.min(limit, this.panX + dx));
    this.panY = Math.max(-limit, Math.min(limit, this.panY + dy));
  }

  reset(): void {
    this.zoom = 1;
    this.panX = 0;
    this.panY = 0;
  }
}
