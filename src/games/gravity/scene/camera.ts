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

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

export function screenToWorld(
  camera: Camera,
  size: ViewSize,
  sx: number,
  sy: number,
): { x: number; y: number } {
  return {
    x: (sx - size.width / 2) / camera.zoom + camera.x,
    y: (sy - size.height / 2) / camera.zoom + camera.y,
  };
}

/** The camera zoomed by `factor`, keeping the world point under (sx, sy) in place. */
export function zoomAt(camera: Camera, size: ViewSize, sx: number, sy: number, factor: number): Camera {
  const before = screenToWorld(camera, size, sx, sy);
  const zoomed = { ...camera, zoom: clampZoom(camera.zoom * factor) };
  const after = screenToWorld(zoomed, size, sx, sy);
  return { x: zoomed.x + before.x - after.x, y: zoomed.y + before.y - after.y, zoom: zoomed.zoom };
}
