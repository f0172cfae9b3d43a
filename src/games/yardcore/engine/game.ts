/**
 * Yardcore's rules: a new yard, a level's progress and the fixed 1/60 s step that moves the
 * player (player.ts) and the critters (critters.ts) over the yard's tiles (tiles.ts). Pure
 * and deterministic: the game's own seeded generator drives every random choice, so the
 * same seed and the same inputs give the same game in a worker, in Node tests and in the bench.
 */
import { createRng } from '../../../lib/pure/rng.ts';
import { INVENTORY_SLOTS, MAX_HP, MOWER_FUEL, mowTarget, STEP, WIN_LEVEL } from './constants.ts';
import { stepCrow, stepFood, stepRaccoon, stepSquirrel } from './critters.ts';
import { movePlayer, mow, pickUp } from './player.ts';
import { type ItemSlot, NO_INPUT, type YardGame, type YardInput, type YardProgress } from './state.ts';
import { ensureChunksAround } from './tiles.ts';
import { hash3, SPAWN, Tile, terrainAt } from './world.ts';

// What the host, the snapshot, the UI and the tests use, from one place.
export { applyCommand, mowing } from './player.ts';
export type {
  CritterState,
  Entity,
  EntityKind,
  GameStatus,
  ItemSlot,
  YardCommand,
  YardEvent,
  YardGame,
  YardInput,
  YardProgress,
} from './state.ts';
export { NO_INPUT } from './state.ts';
export { addEntity, makeChunk, tileAt } from './tiles.ts';

/** Critters farther than this from the player sleep (not stepped). */
const ACTIVE_RADIUS = 40;

export interface NewGameOptions {
  level?: number;
  score?: number;
  cutCount?: number;
  /** Tiles already mowed this level (x, y pairs): they start cut, and mowing them again counts nothing. */
  cut?: readonly number[];
}

/** A new yard for a level: each level is a fresh yard grown from the seed and the level. */
export function createGame(seed: number, options: NewGameOptions = {}): YardGame {
  const level = Math.max(1, Math.floor(options.level ?? 1));
  const worldSeed = hash3(seed >>> 0, level, 0x59617264);
  const slots: ItemSlot[] = Array.from({ length: INVENTORY_SLOTS }, () => ({ kind: 'empty' }));
  slots[0] = { kind: 'mower', fuel: MOWER_FUEL };
  const game: YardGame = {
    seed: worldSeed,
    level,
    t: 0,
    status: 'playing',
    player: {
      x: SPAWN.x,
      y: SPAWN.y,
      facingX: 0,
      facingY: 1,
      hp: MAX_HP,
      score: Math.max(0, Math.floor(options.score ?? 0)),
      cutCount: Math.max(0, Math.floor(options.cutCount ?? 0)),
      slots,
      activeSlot: 0,
      invulnerableUntil: 0,
      readyAt: 0,
      moving: false,
    },
    chunks: new Map(),
    entities: [],
    nextId: 1,
    rng: createRng(worldSeed ^ 0x2f6b9d3a),
    events: [],
    tileChanges: [],
    mowed: restoredCuts(worldSeed, options.cut),
  };
  ensureChunksAround(game, game.player.x, game.player.y);
  return game;
}

/** The saved cut tiles that can be cut in this yard (whole numbers, tall grass there, each once). */
function restoredCuts(worldSeed: number, cut: readonly number[] | undefined): number[] {
  if (!cut) return [];
  const out: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i + 1 < cut.length; i += 2) {
    const x = cut[i];
    const y = cut[i + 1];
    if (!Number.isInteger(x) || !Number.isInteger(y)) continue;
    const key = `${x},${y}`;
    if (seen.has(key) || terrainAt(worldSeed, x, y) !== Tile.Tall) continue;
    seen.add(key);
    out.push(x, y);
  }
  return out;
}

/** Score, cut count, level and the tiles mowed this level: what a save keeps (see `createGame`'s options). */
export function progressOf(game: YardGame): YardProgress {
  return {
    score: game.player.score,
    cutCount: game.player.cutCount,
    level: game.level,
    cut: game.mowed.slice(),
  };
}

/** The next level's yard, keeping the score. */
export function nextLevel(game: YardGame, seed: number): YardGame {
  return createGame(seed, { level: game.level + 1, score: game.player.score });
}

export function step(game: YardGame, input: YardInput = NO_INPUT): void {
  if (game.status !== 'playing') return;
  game.t += STEP;
  movePlayer(game, input);
  ensureChunksAround(game, game.player.x, game.player.y);
  mow(game);
  pickUp(game);
  const player = game.player;
  const entities = game.entities;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (Math.abs(e.x - player.x) > ACTIVE_RADIUS || Math.abs(e.y - player.y) > ACTIVE_RADIUS) continue;
    if (e.kind === 'crow') stepCrow(game, e);
    else if (e.kind === 'raccoon') stepRaccoon(game, e);
    else if (e.kind === 'squirrel') stepSquirrel(game, e);
    else if (e.kind === 'thrownFood') stepFood(e);
  }
  // Remove what was eaten, picked up or rotted (marked with a negative timer on items).
  let alive = 0;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (e.state === 'still' && e.timer < 0) continue;
    if (e.kind === 'thrownFood' && e.timer <= 0) continue;
    entities[alive++] = e;
  }
  entities.length = alive;
  if (player.hp <= 0) {
    player.hp = 0;
    game.status = 'gameover';
    game.events.push({ type: 'gameover' });
    return;
  }
  if (player.cutCount >= mowTarget(game.level)) {
    if (game.level >= WIN_LEVEL) {
      game.status = 'win';
      game.events.push({ type: 'win' });
    } else {
      game.status = 'levelup';
      game.events.push({ type: 'levelup', level: game.level });
    }
  }
}
