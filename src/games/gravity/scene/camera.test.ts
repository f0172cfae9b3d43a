import { describe, expect, it } from 'vitest';
import {
  type Camera,
  panBy,
  type ScreenPoint,
  screenPoint,
  screenToWorld,
  type WorldPoint,
  worldPoint,
  worldToScreen,
  zoomAt,
} from './camera.ts';

const size = { width: 800, height: 600 };
const camera: Camera = { x: 100, y: -50, zoom: 2 };

describe('camera', () => {
  it('maps the canvas centre to the camera point, and back', () => {
    expect(screenToWorld(camera, size, screenPoint(400, 300))).toEqual({ x: 100, y: -50 });
    expect(worldToScreen(camera, size, worldPoint(100, -50))).toEqual({ x: 400, y: 300 });
  });

  it('screenToWorld and worldToScreen undo each other', () => {
    const at = screenPoint(13, 577);
    const back = worldToScreen(camera, size, screenToWorld(camera, size, at));
    expect(back.x).toBeCloseTo(13, 9);
    expect(back.y).toBeCloseTo(577, 9);
  });

  it('zoomAt keeps the world point under the pointer where it was', () => {
    const at = screenPoint(650, 120);
    const before = screenToWorld(camera, size, at);
    const zoomed = zoomAt(camera, size, at, 1.5);
    expect(zoomed.zoom).toBe(3);
    const after = screenToWorld(zoomed, size, at);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('panBy moves the world with the pointer', () => {
    const at = screenPoint(200, 200);
    const grabbed = screenToWorld(camera, size, at);
    const panned = panBy(camera, 30, -10);
    expect(screenToWorld(panned, size, screenPoint(230, 190))).toEqual(grabbed);
    expect(panned.zoom).toBe(camera.zoom);
  });

  it('keeps screen and world points apart by type', () => {
    const screen: ScreenPoint = screenPoint(1, 2);
    const world: WorldPoint = worldPoint(1, 2);
    // @ts-expect-error a screen point is not a world point
    const notWorld: WorldPoint = screen;
    // @ts-expect-error a world point is not a screen point
    const notScreen: ScreenPoint = world;
    // @ts-expect-error a bare {x, y} is neither
    screenToWorld(camera, size, { x: 1, y: 2 });
    // @ts-expect-error the conversion takes a screen point
    screenToWorld(camera, size, world);
    expect([notWorld, notScreen]).toEqual([screen, world]);
  });
});
