import { describe, expect, it } from 'vitest';
import { RaceCamera } from './camera.ts';

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
    expect(c.screenToWorld(500, 250)).toEqual({ x: 400, y: 300 });
  });

  it('zooms about the pinch point: the world point under it stays there', () => {
    const c = camera();
    const before = c.screenToWorld(300, 100);
    c.zoomAt(300, 100, 2);
    const after = c.screenToWorld(300, 100);
    expect(c.zoom).toBe(2);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('keeps zoom within 1×–4×, pans only when zoomed, and a view copied to another camera draws the same', () => {
    const c = camera();
    c.panBy(50, 50);
    expect(c.view).toEqual({ zoom: 1, panX: 0, panY: 0 });
    c.zoomAt(0, 0, 10);
    expect(c.zoom).toBe(4);
    c.panBy(30, -20);
    const copy = camera();
    copy.setView(c.view);
    expect([copy.scale, copy.x, copy.y]).toEqual([c.scale, c.x, c.y]);
    c.zoomAt(0, 0, 0.01);
    expect(c.view).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });
});
