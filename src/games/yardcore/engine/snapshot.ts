/**
 * What the scene draws, as transferable arrays: one row of ENTITY_STRIDE floats per
 * entity near the player, the tiles changed since the last snapshot, and the small
 * player/HUD record. Events and tile changes are drained: each reaches the page once.
 */
import { CHUNK, mowTarget } from './constants.ts';
import {
  type CritterState,
  type EntityKind,
  type GameStatus,
  type ItemSlot,
  makeChunk,
  type YardEvent,
  type YardGame,
} from './game.ts';
import { chunkKey } from './world.ts';

export const ENTITY_KINDS: readonly EntityKind[] = [
  'fuelCan',
  'crow',
  'food',
  'mower',
  'mowerEmpty',
  'raccoon',
  'squirrel',
  'thrownFood',
  'feather',
];
export const CRITTER_STATES: readonly CritterState[] = [
  'idle',
  'picking',
  'fleeing',
  'wander',
  'chasePlayer',
  'chaseFood',
  'chase',
  'eating',
  'pacified',
  'toPond',
  'still',
  'flying',
];
/** id, kind, x, y, state, vx, vy, friendly (1/0). */
export const ENTITY_STRIDE = 8;
/** Entities within this many tiles of the player are sent (a screen is at most ~45 tiles across). */
export const VIEW_RADIUS = 36;

const kindCode = new Map(ENTITY_KINDS.map((k, i) => [k, i]));
const stateCode = new Map(CRITTER_STATES.map((s, i) => [s, i]));

export interface PlayerView {
  x: number;
  y: number;
  facingX: number;
  facingY: number;
  hp: number;
  score: number;
  cutCount: number;
  target: number;
  level: number;
  slots: ItemSlot[];
  activeSlot: number;
  /** Inside a hurt window (the scene blinks the player). */
  invulnerable: boolean;
  moving: boolean;
  mowing: boolean;
}

/** A chunk's tiles (CHUNK × CHUNK, row by row), sent to the scene that asked for it. */
export interface YardChunk {
  cx: number;
  cy: number;
  tiles: Uint8Array;
}

/**
 * What the scene asks with each snapshot request: the entity buffer it is done with (reused
 * by the next snapshot) and the chunks its view needs that it does not hold (cx, cy pairs).
 */
export interface YardSnapshotRequest {
  entities: Float32Array | null;
  chunks: number[];
}

export interface YardSnapshot {
  /** Which yard this is (the host counts new games, restarts and levels; 0 from the engine alone). */
  run: number;
  /** The newest input (its `markInput` number) the host had applied when it took this (0 from the engine alone). */
  input: number;
  /** The chunks the scene asked for, of this yard (the host adds them; none from the engine alone). */
  chunks: YardChunk[];
  t: number;
  status: GameStatus;
  player: PlayerView;
  entities: Float32Array;
  entityCount: number;
  /** x, y, kind triples. */
  tileChanges: Int32Array;
  events: YardEvent[];
}

/** The player's record: where, which way, the HUD's figures and the inventory (a copy). */
export function playerView(game: YardGame, mowingNow: boolean): PlayerView {
  const p = game.player;
  return {
    x: p.x,
    y: p.y,
    facingX: p.facingX,
    facingY: p.facingY,
    hp: p.hp,
    score: p.score,
    cutCount: p.cutCount,
    target: mowTarget(game.level),
    level: game.level,
    slots: p.slots.map((s) => ({ ...s })),
    activeSlot: p.activeSlot,
    invulnerable: game.t < p.invulnerableUntil,
    moving: p.moving,
    mowing: mowingNow,
  };
}

/** Takes a snapshot; `into` (a buffer handed back by the scene) is reused when big enough. */
export function snapshot(game: YardGame, mowingNow: boolean, into?: Float32Array): YardSnapshot {
  const p = game.player;
  let count = 0;
  for (const e of game.entities) {
    if (Math.abs(e.x - p.x) <= VIEW_RADIUS && Math.abs(e.y - p.y) <= VIEW_RADIUS) count++;
  }
  const need = count * ENTITY_STRIDE;
  const entities = into && into.length >= need ? into : new Float32Array(Math.max(64, need * 1.5) | 0);
  let o = 0;
  for (const e of game.entities) {
    if (Math.abs(e.x - p.x) > VIEW_RADIUS || Math.abs(e.y - p.y) > VIEW_RADIUS) continue;
    entities[o++] = e.id;
    entities[o++] = kindCode.get(e.kind) ?? 0;
    entities[o++] = e.x;
    entities[o++] = e.y;
    entities[o++] = stateCode.get(e.state) ?? 0;
    entities[o++] = e.vx;
    entities[o++] = e.vy;
    entities[o++] = e.friendly ? 1 : 0;
  }
  const view: YardSnapshot = {
    run: 0,
    input: 0,
    chunks: [],
    t: game.t,
    status: game.status,
    player: playerView(game, mowingNow),
    entities,
    entityCount: count,
    tileChanges: Int32Array.from(game.tileChanges),
    events: game.events,
  };
  game.events = [];
  game.tileChanges = [];
  return view;
}

/** A chunk's live tiles (a copy to transfer), made (with this level's mowed tiles) when not yet visited. */
export function chunkTiles(game: YardGame, cx: number, cy: number): Uint8Array {
  const chunk = game.chunks.get(chunkKey(cx, cy));
  if (chunk) return chunk.tiles.slice();
  return makeChunk(game, cx, cy).tiles;
}

export { CHUNK };

/** What of a scene's request moves (not copies) to the host: the spent entity buffer. */
export function transferablesOf(request: YardSnapshotRequest): ArrayBuffer[] {
  return request.entities ? [request.entities.buffer as ArrayBuffer] : [];
}
