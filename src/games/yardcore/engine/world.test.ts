import { describe, expect, it } from 'vitest';
import { CHUNK, mowTarget } from './constants.ts';
import { isDoubleTap } from './input.ts';
import { generateChunk, isSolid, SPAWN, Tile, terrainAt } from './world.ts';

describe('the yard', () => {
  it('is the same chunk for the same seed and place, in any visiting order (seeds printed)', () => {
    for (const seed of [1, 42, 987654321]) {
      const a = generateChunk(seed, 3, -2, 1);
      generateChunk(seed, 0, 0, 1);
      const b = generateChunk(seed, 3, -2, 1);
      expect(Array.from(a.tiles), `seed ${seed}`).toEqual(Array.from(b.tiles));
      expect(a.spawns, `seed ${seed}`).toEqual(b.spawns);
      expect(a.tiles.length).toBe(CHUNK * CHUNK);
    }
    const other = generateChunk(43, 3, -2, 1);
    expect(Array.from(other.tiles)).not.toEqual(Array.from(generateChunk(42, 3, -2, 1).tiles));
  });

  it('has ponds, trees, paths and mostly tall grass, continuous across chunk borders', () => {
    const counts = new Map<number, number>();
    for (let cy = -1; cy <= 1; cy++)
      for (let cx = -1; cx <= 1; cx++)
        for (const tile of generateChunk(7, cx, cy, 1).tiles) counts.set(tile, (counts.get(tile) ?? 0) + 1);
    const total = 9 * CHUNK * CHUNK;
    expect((counts.get(Tile.Tall) ?? 0) / total).toBeGreaterThan(0.6);
    for (const kind of [Tile.Water, Tile.Tree, Tile.Bush, Tile.Path])
      expect(counts.get(kind) ?? 0).toBeGreaterThan(0);
    // Terrain is a function of world coordinates: the tile left of a chunk's edge is its neighbour's.
    const right = generateChunk(7, 1, 0, 1);
    const left = generateChunk(7, 0, 0, 1);
    for (let y = 0; y < CHUNK; y++) {
      expect(left.tiles[y * CHUNK + CHUNK - 1]).toBe(terrainAt(7, CHUNK - 1, y));
      expect(right.tiles[y * CHUNK]).toBe(terrainAt(7, CHUNK, y));
    }
  });

  it('starts the player in a clearing with no raccoon or squirrel within 8 tiles', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (let dy = -5; dy <= 5; dy++)
        for (let dx = -5; dx <= 5; dx++) {
          const x = Math.floor(SPAWN.x) + dx;
          const y = Math.floor(SPAWN.y) + dy;
          if (Math.hypot(x + 0.5 - SPAWN.x, y + 0.5 - SPAWN.y) > 5) continue;
          expect(isSolid(terrainAt(seed, x, y)), `seed ${seed} at ${x},${y}`).toBe(false);
        }
      const home = generateChunk(seed, 0, 0, 3);
      for (const s of home.spawns) {
        if (s.kind === 'raccoon' || s.kind === 'squirrel')
          expect(Math.hypot(s.x - SPAWN.x, s.y - SPAWN.y), `seed ${seed}`).toBeGreaterThanOrEqual(8);
        expect(isSolid(home.tiles[Math.floor(s.y) * CHUNK + Math.floor(s.x)])).toBe(false);
      }
    }
  });

  it('has squirrels from level 2 only', () => {
    const kinds = (level: number) =>
      [0, 1, 2, 3, 4, 5].flatMap((cx) => generateChunk(11, cx, 1, level).spawns.map((s) => s.kind));
    expect(kinds(1)).not.toContain('squirrel');
    expect(kinds(2)).toContain('squirrel');
    expect(kinds(1)).toContain('raccoon');
    expect(kinds(1)).toContain('crow');
    expect(kinds(1)).toContain('fuelCan');
  });

  it('asks 100 + 40 × (level − 1) mowed tiles per level', () => {
    expect([1, 2, 3, 5].map(mowTarget)).toEqual([100, 140, 180, 260]);
  });

  it('calls two taps within 300 ms and 36 px a double tap', () => {
    const first = { time: 1000, x: 100, y: 100 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { time: 1300, x: 120, y: 120 })).toBe(true);
    expect(isDoubleTap(first, { time: 1301, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { time: 1100, x: 137, y: 100 })).toBe(false);
  });
});
