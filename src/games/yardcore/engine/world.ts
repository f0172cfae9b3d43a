/**
 * The endless yard: 48 × 48-tile chunks made on demand from the game's seed. Terrain comes
 * from value noise over world coordinates, so ponds, copses and paths run on across chunk
 * borders; what lies in a chunk (cans, food, mowers, critters) comes from the chunk's own
 * generator, so a chunk is the same whenever and in whatever order it is first visited.
 */
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import { CHUNK } from './constants.ts';

export const Tile = {
  /** Tall grass: mowable. */
  Tall: 0,
  Cut: 1,
  Path: 2,
  Water: 3,
  Tree: 4,
  Bush: 5,
  Flowers: 6,
} as const;
export type TileKind = (typeof Tile)[keyof typeof Tile];

export const isSolid = (tile: number): boolean =>
  tile === Tile.Water || tile === Tile.Tree || tile === Tile.Bush;

/** Where the player starts: the middle of chunk (0, 0). */
export const SPAWN = { x: CHUNK / 2 + 0.5, y: CHUNK / 2 + 0.5 };

/** A 32-bit hash of the seed and two integers (lowbias32 rounds). */
export function hash3(seed: number, a: number, b: number): number {
  let h = (seed ^ Math.imul(a, 0x27d4eb2d) ^ Math.imul(b, 0x165667b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const unit = (seed: number, a: number, b: number) => hash3(seed, a, b) / 4294967296;

/** Smooth value noise in [0, 1) at world tile (x, y), features about `scale` tiles across. */
export function valueNoise(seed: number, x: number, y: number, scale: number): number {
  const fx = x / scale;
  const fy = y / scale;
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const tx = fx - ix;
  const ty = fy - iy;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = unit(seed, ix, iy);
  const b = unit(seed, ix + 1, iy);
  const c = unit(seed, ix, iy + 1);
  const d = unit(seed, ix + 1, iy + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** The terrain of one world tile, before anything is mowed. */
export function terrainAt(seed: number, x: number, y: number): TileKind {
  // The spawn clearing: no pond or tree where the player appears.
  const spawnDistance = Math.hypot(x + 0.5 - SPAWN.x, y + 0.5 - SPAWN.y);
  if (spawnDistance < 1.5) return Tile.Cut;
  const pond = valueNoise(seed ^ 0x51ed270b, x, y, 13);
  if (pond > 0.8 && spawnDistance > 6) return Tile.Water;
  const path = valueNoise(seed ^ 0x2545f491, x, y, 24);
  if (Math.abs(path - 0.5) < 0.018) return Tile.Path;
  const wood = valueNoise(seed ^ 0x68e31da4, x, y, 7);
  const jitter = unit(seed ^ 0x1b873593, x, y);
  if (spawnDistance > 5) {
    if (wood > 0.74 && jitter < 0.55) return Tile.Tree;
    if (wood > 0.68 && jitter < 0.35) return Tile.Bush;
  }
  if (jitter > 0.985) return Tile.Flowers;
  return Tile.Tall;
}

export type SpawnKind = 'fuelCan' | 'food' | 'mower' | 'mowerEmpty' | 'crow' | 'raccoon' | 'squirrel';

export interface ChunkSpawn {
  kind: SpawnKind;
  /** World tile coordinates (tile centre). */
  x: number;
  y: number;
}

export interface Chunk {
  cx: number;
  cy: number;
  /** CHUNK × CHUNK tile kinds, row-major; mowing changes them. */
  tiles: Uint8Array;
  spawns: ChunkSpawn[];
}

export const chunkKey = (cx: number, cy: number): string => `${cx},${cy}`;

/** Generates a chunk: its terrain and what lies in it. Pure: same seed and position, same chunk. */
export function generateChunk(seed: number, cx: number, cy: number, level: number): Chunk {
  const tiles = new Uint8Array(CHUNK * CHUNK);
  const x0 = cx * CHUNK;
  const y0 = cy * CHUNK;
  let water = 0;
  let trees = 0;
  for (let ty = 0; ty < CHUNK; ty++) {
    for (let tx = 0; tx < CHUNK; tx++) {
      const tile = terrainAt(seed, x0 + tx, y0 + ty);
      tiles[ty * CHUNK + tx] = tile;
      if (tile === Tile.Water) water++;
      else if (tile === Tile.Tree) trees++;
    }
  }
  const rng = createRng(hash3(seed ^ 0x3c6ef372, cx, cy));
  const spawns: ChunkSpawn[] = [];
  const place = (kind: SpawnKind, count: number, near?: number) => {
    for (let k = 0; k < count; k++) {
      const spot = freeTile(rng, tiles, near);
      if (spot < 0) return;
      spawns.push({ kind, x: x0 + (spot % CHUNK) + 0.5, y: y0 + Math.floor(spot / CHUNK) + 0.5 });
    }
  };
  const home = cx === 0 && cy === 0;
  place('fuelCan', rng.int(1, 2));
  place('food', rng.int(2, 4));
  if (rng.next() < 0.25) place(rng.next() < 0.5 ? 'mower' : 'mowerEmpty', 1);
  place('crow', rng.int(2, 4));
  // Raccoons live by the ponds; one may roam a dry chunk. None right beside the spawn.
  place('raccoon', water > 0 ? rng.int(1, 2) : rng.int(0, 1), water > 0 ? Tile.Water : undefined);
  if (level >= 2)
    place('squirrel', trees > 0 ? rng.int(1, 3) : rng.int(0, 1), trees > 0 ? Tile.Tree : undefined);
  if (home) {
    // Nothing hostile starts within 8 tiles of the player.
    for (let i = spawns.length - 1; i >= 0; i--) {
      const s = spawns[i];
      const hostile = s.kind === 'raccoon' || s.kind === 'squirrel';
      if (hostile && Math.hypot(s.x - SPAWN.x, s.y - SPAWN.y) < 8) spawns.splice(i, 1);
    }
  }
  return { cx, cy, tiles, spawns };
}

/** A random walkable tile index of the chunk, next to a tile of kind `near` when asked; −1 when none found. */
function freeTile(rng: Rng, tiles: Uint8Array, near?: number): number {
  for (let attempt = 0; attempt < 60; attempt++) {
    const i = rng.int(0, tiles.length - 1);
    if (isSolid(tiles[i])) continue;
    if (near !== undefined && attempt < 50) {
      const x = i % CHUNK;
      const y = Math.floor(i / CHUNK);
      let close = false;
      for (let dy = -2; dy <= 2 && !close; dy++) {
        for (let dx = -2; dx <= 2 && !close; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < CHUNK && ny < CHUNK && tiles[ny * CHUNK + nx] === near) close = true;
        }
      }
      if (!close) continue;
    }
    return i;
  }
  return -1;
}
