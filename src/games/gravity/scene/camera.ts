import { ZOOM_MAX, ZOOM_MIN } from '../engine/constants.ts';

/**
 * Where the view looks. The page owns it (gestures, wheel, the zoom slider) and sends it to
 * the scene, wherever that draws; both sides map points with these same functions.
 */
export interface Camera {
  /** World point at the canvas centre. */
  x: number;
  y: number;
  zoom: number;
}

/** The canvas size in CSS pixels. */
export interface ViewSize {
  width: number;
  height: number;
}

declare const screenSpace: unique symbol;
declare const worldSpace: unique symbol;

/**
 * A point on the canvas, in CSS pixels from its top left corner: where a pointer is.
 * Branded (as Excalidraw brands its Radians), so that it cannot be given where a world
 * point is meant: `screenToWorld` and `worldToScreen` are the only ways between the two.
 */
export type ScreenPoint = { readonly x: number; readonly y: number; readonly [screenSpace]: true };

/** A point of the simulated world, in world units: where a body is. See ScreenPoint. */
export type WorldPoint = { readonly x: number; readonly y: number; readonly [worldSpace]: true };

/** A point on the canvas (CSS pixels from its top left): for pointer positions and view geometry only. */
export const screenPoint = (x: number, y: number): ScreenPoint => ({ x, y }) as ScreenPoint;

/** A point of the world: for what the world itself says (bodies, scenarios), never for a pointer. */
export const worldPoint = (x: number, y: number): WorldPoint => ({ x, y }) as WorldPoint;

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

export function screenToWorld(camera: Camera, size: ViewSize, at: ScreenPoint): WorldPoint {
  return worldPoint(
    (at.x - size.width / 2) / camera.zoom + camera.x,
    (at.y - size.height / 2) / camera.zoom + camera.y,
  );
}

export function worldToScreen(camera: Camera, size: ViewSize, at: WorldPoint): ScreenPoint {
  return screenPoint(
    (at.x - camera.x) * camera.zoom + size.width / 2,
    (at.y - camera.y) * camera.zoom + size.height / 2,
  );
}

/** The camera zoomed by `factor`, keeping the world point under `at` in place. */
export function zoomAt(camera: Camera, size: ViewSize, at: ScreenPoint, factor: number): Camera {
  const before = screenToWorld(camera, size, at);
  const zoomed = { ...camera, zoom: clampZoom(camera.zoom * factor) };
  const after = screenToWorld(zoomed, size, at);
  return { x: zoomed.x + before.x - after.x, y: zoomed.y + before.y - after.y, zoom: zoomed.zoom };
}

/** The camera moved so that the world follows a pointer that moved (dx, dy) CSS pixels. */
export function panBy(camera: Camera, dx: number, dy: number): Camera {
  return { ...camera, x: camera.x - dx / camera.zoom, y: camera.y - dy / camera.zoom };
}
