import { describe, expect, it } from 'vitest';
import { CHUNK, TILE_PX } from '../engine/constants.ts';
import { chunksInView, isFarChunk, screenToTiles } from './view.ts';

describe('the yard view', () => {
  const view = { width: 640, height: 320, zoom: 1 };

  it('lists every chunk the view around the gardener shows, with a two-tile margin', () => {
    const player = { x: CHUNK * 2 + 1, y: CHUNK * 2 + 1 };
    const chunks = chunksInView(player, view);
    const halfW = 640 / 2 / TILE_PX + 2;
    expect(chunks).toContainEqual([Math.floor((player.x - halfW) / CHUNK), 2]);
    expect(chunks).toContainEqual([Math.floor((player.x + halfW) / CHUNK), 2]);
    expect(new Set(chunks.map(String)).size).toBe(chunks.length);
  });

  it('drops chunks more than three chunks away on either axis', () => {
    const player = { x: 0.5 * CHUNK, y: 0.5 * CHUNK };
    expect(isFarChunk(3, 0, player)).toBe(false);
    expect(isFarChunk(4, 0, player)).toBe(true);
    expect(isFarChunk(0, -4, player)).toBe(true);
  });

  it('puts the gardener at the stage centre, a tile TILE_PX × zoom wide', () => {
    const player = { x: 10, y: 20 };
    expect(screenToTiles(320, 160, player, view)).toEqual({ x: 10, y: 20 });
    expect(screenToTiles(320 + 2 * TILE_PX * 2, 160, player, { ...view, zoom: 2 })).toEqual({ x: 12, y: 20 });
  });
});
