import { describe, expect, it } from 'vitest';
import { RaceCamera, screenPoint } from './camera.ts';

function camera(): RaceCamera {
  const c = new RaceCamera();
  c.setViewport(1000, 500);
  c.setWorld(800, 600);
  return c;
}

describe('RaceCamera', () => {
  it('fits the world into the viewport, centred', () => {
    const c = camera();
    expect(c.scale).toBeCloseTo(500 / 600);
    expect(c.screenToWorld(screenPoint(500, 250))).toEqual({ x: 400, y: 300 });
  });

  it('turns world points back to the screen points they came from', () => {
    const c = camera();
    c.zoomAt(screenPoint(300, 100), 2.5);
    c.panBy(40, -25);
    const back = c.worldToScreen(c.screenToWorld(screenPoint(123, 45)));
    expect(back.x).toBeCloseTo(123);
    expect(back.y).toBeCloseTo(45);
  });

  it('tells screen points from world points by type (checked by tsc, not at run time)', () => {
    const c = camera();
    const world = c.screenToWorld(screenPoint(10, 20));
    expect(c.worldToScreen(world)).toEqual({ x: 10, y: 20 });
    // @ts-expect-error a world point is no screen point
    c.screenToWorld(world);
    // @ts-expect-error nor are plain numbers: screenPoint or the camera make points
    c.zoomAt({ x: 1, y: 2 }, 2);
    // @ts-expect-error a screen point is no world point
    c.worldToScreen(screenPoint(1, 2));
  });

  it('zooms about the pinch point: the world point under it stays there', () => {
    const c = camera();
    const before = c.screenToWorld(screenPoint(300, 100));
    c.zoomAt(screenPoint(300, 100), 2);
    const after = c.screenToWorld(screenPoint(300, 100));
    expect(c.zoom).toBe(2);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('keeps zoom within 1×–4×, pans only when zoomed, and a view copied to another camera draws the same', () => {
    const c = camera();
    c.panBy(50, 50);
    expect(c.view).toEqual({ zoom: 1, panX: 0, panY: 0 });
    c.zoomAt(screenPoint(0, 0), 10);
    expect(c.zoom).toBe(4);
    c.panBy(30, -20);
    const copy = camera();
    copy.setView(c.view);
    expect([copy.scale, copy.x, copy.y]).toEqual([c.scale, c.x, c.y]);
    c.zoomAt(screenPoint(0, 0), 0.01);
    expect(c.view).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });
});
