// @vitest-environment jsdom
import type { Graphics } from 'pixi.js';
import { describe, expect, it, vi } from 'vitest';
import type { TrackView } from '../engine/snapshot.ts';
import { MAX_CACHE_PX, TrackLayer } from './trackLayer.ts';

/** A square loop of road with its start line across the bottom edge. */
function squareTrack(): TrackView {
  const cx = Float32Array.from([100, 300, 300, 100]);
  const cy = Float32Array.from([100, 100, 300, 300]);
  return {
    brush: 40,
    cx,
    cy,
    racingX: cx,
    racingY: cy,
    racingSpeed: Float32Array.from([1, 1, 1, 1]),
    start: { ax: 180, ay: 280, bx: 180, by: 320, nx: 1, ny: 0 },
    carLength: 20,
    carWidth: 10,
    racingLineMs: 1,
  };
}

/** How many drawing instructions each of the layer's graphics holds: lawn, road, start line. */
const drawn = (layer: TrackLayer) =>
  layer.container.children.map((g) => (g as Graphics).context.instructions.length);

function spyOnCache(layer: TrackLayer) {
  const cacheAsTexture = vi.spyOn(layer.container, 'cacheAsTexture').mockImplementation(() => {});
  const updateCacheTexture = vi.spyOn(layer.container, 'updateCacheTexture').mockImplementation(() => {});
  return { cacheAsTexture, updateCacheTexture };
}

describe('TrackLayer', () => {
  it('draws the lawn, then a track’s road and start line, and clears them for no track', () => {
    const layer = new TrackLayer();
    expect(drawn(layer)).toEqual([0, 0, 0]);
    layer.drawLawn(800, 600);
    expect(drawn(layer)[0]).toBeGreaterThan(0);
    layer.setTrack(squareTrack());
    const [, road, start] = drawn(layer);
    expect(road).toBeGreaterThan(0);
    // Two rows of squares along the 40 px line, each a filled polygon.
    expect(start).toBeGreaterThanOrEqual(2);
    layer.setTrack(null);
    expect(drawn(layer).slice(1)).toEqual([0, 0]);
    expect(drawn(layer)[0]).toBeGreaterThan(0);
  });

  it('draws its cache again only when stale, at the shown resolution held under MAX_CACHE_PX', () => {
    const layer = new TrackLayer();
    const { cacheAsTexture, updateCacheTexture } = spyOnCache(layer);
    layer.refresh(2, 800, 600);
    expect(cacheAsTexture).toHaveBeenLastCalledWith({ antialias: true, resolution: 2 });
    // Nothing changed: nothing drawn.
    layer.refresh(2, 800, 600);
    expect(cacheAsTexture).toHaveBeenCalledTimes(2);
    expect(updateCacheTexture).not.toHaveBeenCalled();
    // A new track at the same zoom: the texture is drawn again in place.
    layer.setTrack(squareTrack());
    layer.refresh(2, 800, 600);
    expect(updateCacheTexture).toHaveBeenCalledTimes(1);
    // Zoomed far in on a large world: the resolution stops where the texture would pass MAX_CACHE_PX.
    layer.invalidate();
    layer.refresh(8, 2048, 1024);
    expect(cacheAsTexture).toHaveBeenLastCalledWith({ antialias: true, resolution: MAX_CACHE_PX / 2048 });
  });
});
