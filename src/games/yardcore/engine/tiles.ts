/** The yard's tiles as one game sees them: chunks made on demand, tile reads and writes, and moving against walls. */
import { CHUNK, MOWER_REACH } from './constants.ts';
import type { Entity, EntityKind, YardGame } from './state.ts';
import { type Chunk, chunkKey, generateChunk, isSolid, Tile, terrainAt } from './world.ts';

/** A chunk as it is in this game: generated from the seed, with this level's mowed tiles cut. */
export function makeChunk(game: YardGame, cx: number, cy: number): Chunk {
  const chunk = generateChunk(game.seed, cx, cy, game.level);
  const x0 = cx * CHUNK;
  const y0 = cy * CHUNK;
  const mowed = game.mowed;
  for (let i = 0; i < mowed.length; i += 2) {
    const lx = mowed[i] - x0;
    const ly = mowed[i + 1] - y0;
    if (lx < 0 || ly < 0 || lx >= CHUNK || ly >= CHUNK) continue;
    if (chunk.tiles[ly * CHUNK + lx] === Tile.Tall) chunk.tiles[ly * CHUNK + lx] = Tile.Cut;
  }
  return chunk;
}

/** Generates the chunks within one chunk of (x, y), and adds what lies in them. */
export function ensureChunksAround(game: YardGame, x: number, y: number): void {
  const cx = Math.floor(x / CHUNK);
  const cy = Math.floor(y / CHUNK);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const key = chunkKey(cx + dx, cy + dy);
      if (game.chunks.has(key)) continue;
      const chunk = makeChunk(game, cx + dx, cy + dy);
      game.chunks.set(key, chunk);
      for (const spawn of chunk.spawns) addEntity(game, spawn.kind, spawn.x, spawn.y);
    }
  }
}

/** The tile at a world point: the live tile where its chunk exists, else the untouched terrain. */
export function tileAt(game: YardGame, x: number, y: number): number {
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const chunk = game.chunks.get(chunkKey(Math.floor(tx / CHUNK), Math.floor(ty / CHUNK)));
  if (!chunk) return terrainAt(game.seed, tx, ty);
  const lx = tx - chunk.cx * CHUNK;
  const ly = ty - chunk.cy * CHUNK;
  return chunk.tiles[ly * CHUNK + lx];
}

export function setTile(game: YardGame, x: number, y: number, kind: number): void {
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const chunk = game.chunks.get(chunkKey(Math.floor(tx / CHUNK), Math.floor(ty / CHUNK)));
  if (!chunk) return;
  chunk.tiles[(ty - chunk.cy * CHUNK) * CHUNK + (tx - chunk.cx * CHUNK)] = kind;
  game.tileChanges.push(tx, ty, kind);
}

export function addEntity(game: YardGame, kind: EntityKind, x: number, y: number): Entity {
  const critter = kind === 'crow' ? 'idle' : kind === 'raccoon' || kind === 'squirrel' ? 'wander' : 'still';
  const entity: Entity = {
    id: game.nextId++,
    kind,
    x,
    y,
    vx: 0,
    vy: 0,
    state: critter,
    timer: kind === 'crow' || kind === 'raccoon' || kind === 'squirrel' ? game.rng.range(0.5, 3) : 0,
    goalX: x,
    goalY: y,
    targetId: -1,
    friendly: false,
    nagged: false,
  };
  game.entities.push(entity);
  return entity;
}

/** Whether a circle of `radius` at (x, y) overlaps a solid tile. */
function blocked(game: YardGame, x: number, y: number, radius: number): boolean {
  return (
    isSolid(tileAt(game, x - radius, y - radius)) ||
    isSolid(tileAt(game, x + radius, y - radius)) ||
    isSolid(tileAt(game, x - radius, y + radius)) ||
    isSolid(tileAt(game, x + radius, y + radius))
  );
}

/** How far (x, y) is from the nearest water tile, looking no farther than `within` tiles (else `within`). */
function waterDistance(game: YardGame, x: number, y: number, within: number): number {
  let best = within;
  const r = Math.ceil(within);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  for (let ty = y0 - r; ty <= y0 + r; ty++) {
    for (let tx = x0 - r; tx <= x0 + r; tx++) {
      if (tileAt(game, tx, ty) !== Tile.Water) continue;
      const dx = Math.max(tx - x, 0, x - (tx + 1));
      const dy = Math.max(ty - y, 0, y - (ty + 1));
      best = Math.min(best, Math.hypot(dx, dy));
    }
  }
  return best;
}

/**
 * Water blocks the mower: with one in hand the gardener comes no nearer to water than the
 * mower's reach. Taken out nearer than that (right by the shore), no step brings it nearer.
 */
function mowerWet(game: YardGame, fromX: number, fromY: number, x: number, y: number): boolean {
  if (game.player.slots[game.player.activeSlot]?.kind !== 'mower') return false;
  const after = waterDistance(game, x, y, MOWER_REACH);
  if (after >= MOWER_REACH) return false;
  return after < waterDistance(game, fromX, fromY, MOWER_REACH);
}

/** Moves by (dx, dy), sliding along walls (each axis on its own). Returns whether it moved at all. */
export function moveWithCollision(
  game: YardGame,
  body: { x: number; y: number },
  dx: number,
  dy: number,
  radius: number,
) {
  let moved = false;
  const isPlayer = body === game.player;
  if (
    dx !== 0 &&
    !blocked(game, body.x + dx, body.y, radius) &&
    !(isPlayer && mowerWet(game, body.x, body.y, body.x + dx, body.y))
  ) {
    body.x += dx;
    moved = true;
  }
  if (
    dy !== 0 &&
    !blocked(game, body.x, body.y + dy, radius) &&
    !(isPlayer && mowerWet(game, body.x, body.y, body.x, body.y + dy))
  ) {
    body.y += dy;
    moved = true;
  }
  return moved;
}
