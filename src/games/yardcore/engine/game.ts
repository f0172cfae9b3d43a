/**
 * Yardcore's rules: the player, the inventory, mowing, pickups, thrown food and the
 * critters, advanced by a fixed 1/60 s step. Pure and deterministic: the game's own seeded
 * generator drives every random choice, so the same seed and the same inputs give the
 * same game in a worker, in Node tests and in the bench.
 */
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import {
  ACTION_COOLDOWN,
  CHUNK,
  CROW_DAMAGE,
  CROW_FED_SCORE,
  FEATHER_SCORE,
  FOOD_LIFETIME,
  FOOD_PICKUP_SCORE,
  FUEL_PER_CUT,
  INVENTORY_SLOTS,
  MAX_HP,
  MOWER_FUEL,
  MOWER_REACH,
  mowTarget,
  PLAYER_SPEED,
  RACCOON_DAMAGE,
  RACCOON_HIT_SCORE,
  RACCOON_INVULNERABLE,
  SCORE_PER_CUT,
  SQUIRREL_DAMAGE,
  SQUIRREL_INVULNERABLE,
  STEP,
  THROW_RANGE,
  WIN_LEVEL,
} from './constants.ts';
import {
  type Chunk,
  chunkKey,
  generateChunk,
  hash3,
  isSolid,
  SPAWN,
  type SpawnKind,
  Tile,
  terrainAt,
} from './world.ts';

export type ItemSlot =
  | { kind: 'empty' }
  | { kind: 'food'; count: number }
  | { kind: 'fuelCan' }
  | { kind: 'mower'; fuel: number };

export type EntityKind = SpawnKind | 'thrownFood' | 'feather';

export type CritterState =
  // crows
  | 'idle'
  | 'picking'
  | 'fleeing'
  // raccoons and squirrels
  | 'wander'
  | 'chasePlayer'
  | 'chaseFood'
  | 'chase'
  | 'eating'
  | 'pacified'
  | 'toPond'
  // items
  | 'still'
  | 'flying';

export interface Entity {
  id: number;
  kind: EntityKind;
  x: number;
  y: number;
  vx: number;
  vy: number;
  state: CritterState;
  /** Seconds left in the current state (or a thrown food's life once it lands). */
  timer: number;
  /** Where it is heading (wander spot, pond, a thrown food's landing point). */
  goalX: number;
  goalY: number;
  /** The food it is after, or −1. */
  targetId: number;
  /** A squirrel that has been fed follows the player and never bites again. */
  friendly: boolean;
  /** "Already carrying a can" is said once per visit to a can, not every step. */
  nagged: boolean;
}

export interface Player {
  x: number;
  y: number;
  facingX: number;
  facingY: number;
  hp: number;
  score: number;
  /** Tiles mowed this level. */
  cutCount: number;
  slots: ItemSlot[];
  activeSlot: number;
  /** Game time until which the player cannot be hurt. */
  invulnerableUntil: number;
  /** Game time before which no action (use, throw) is taken. */
  readyAt: number;
  moving: boolean;
}

export type GameStatus = 'playing' | 'levelup' | 'gameover' | 'win';

export type YardEvent =
  | { type: 'cut'; x: number; y: number }
  | { type: 'pickup'; item: 'food' | 'fuelCan' | 'mower' | 'feather'; score: number }
  | { type: 'hurt'; by: 'crow' | 'raccoon' | 'squirrel'; damage: number }
  | { type: 'hit'; score: number }
  | { type: 'fed'; critter: 'crow' | 'raccoon' | 'squirrel'; score: number }
  | { type: 'throw' }
  | { type: 'refuel' }
  | { type: 'outOfFuel' }
  | { type: 'message'; text: string }
  | { type: 'levelup'; level: number }
  | { type: 'gameover' }
  | { type: 'win' };

export interface YardGame {
  seed: number;
  level: number;
  /** Seconds of play. */
  t: number;
  status: GameStatus;
  player: Player;
  chunks: Map<string, Chunk>;
  entities: Entity[];
  nextId: number;
  rng: Rng;
  /** What happened since the last snapshot (sounds, toasts, HUD). */
  events: YardEvent[];
  /** Tiles changed since the last snapshot: x, y, kind triples. */
  tileChanges: number[];
  /**
   * Every tile mowed this level, as x, y pairs (world tiles), in the order cut: what saved
   * progress keeps so that Continue shows the same lawn (see `progressOf`). A chunk made
   * later (first visited, or asked for by the scene) gets these tiles cut too.
   */
  mowed: number[];
}

/** What Continue needs to bring a level back exactly (spec §3: score, cutCount, level; and the cut tiles). */
export interface YardProgress {
  score: number;
  cutCount: number;
  level: number;
  /** The mowed tiles, x, y pairs; absent in saves made before they were kept. */
  cut?: number[];
}

export interface YardInput {
  /** Keyboard or joystick direction, each −1…1 (ignored while `moveTo` is set). */
  moveX: number;
  moveY: number;
  /** Tap-to-move: walk to this world point (tiles); null when not tapping. */
  moveTo: { x: number; y: number } | null;
}

export type YardCommand =
  | { type: 'select'; slot: number }
  /** The active item: a fuel can refuels the mower. */
  | { type: 'use' }
  /** Throw food toward a world point (tiles). */
  | { type: 'throw'; x: number; y: number }
  /** Developer menu (spec §6). */
  | { type: 'give'; item: 'food5' | 'fuelCan' | 'mower' };

export const NO_INPUT: YardInput = { moveX: 0, moveY: 0, moveTo: null };

const PLAYER_RADIUS = 0.3;
const CONTACT = 0.7;
const PICKUP = 0.7;
/** Critters farther than this from the player sleep (not stepped). */
const ACTIVE_RADIUS = 40;
const THROW_SPEED = 14;
const CROW = { walk: 1.2, fly: 9, notice: 2.4, smellFood: 7 };
const RACCOON = {
  wander: 1.5,
  chase: 3.8,
  run: 4.5,
  notice: 5,
  giveUp: 9,
  smellFood: 7,
  eat: 2,
  calm: 8,
  pond: 8,
};
const SQUIRREL = { wander: 2.5, chase: 4.6, notice: 4, giveUp: 7, smellFood: 7, eat: 1.5, calm: 6 };

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

/** The next level's yard, keeping the score. */
export function nextLevel(game: YardGame, seed: number): YardGame {
  return createGame(seed, { level: game.level + 1, score: game.player.score });
}

// ---------------------------------------------------------------- world access

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

function setTile(game: YardGame, x: number, y: number, kind: number): void {
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
function moveWithCollision(
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

// ---------------------------------------------------------------- commands

const say = (game: YardGame, text: string): void => {
  game.events.push({ type: 'message', text });
};

export function applyCommand(game: YardGame, command: YardCommand): void {
  if (game.status !== 'playing') return;
  const player = game.player;
  if (command.type === 'select') {
    if (Number.isInteger(command.slot) && command.slot >= 0 && command.slot < INVENTORY_SLOTS)
      player.activeSlot = command.slot;
    return;
  }
  if (command.type === 'give') {
    if (command.item === 'food5') addFood(game, 5);
    else if (command.item === 'fuelCan') {
      if (!stow(game, { kind: 'fuelCan' })) say(game, 'Inventory full');
    } else if (!stow(game, { kind: 'mower', fuel: MOWER_FUEL })) say(game, 'Inventory full');
    return;
  }
  if (game.t < player.readyAt) return;
  if (command.type === 'use') {
    const active = player.slots[player.activeSlot];
    if (active.kind !== 'fuelCan') return;
    const mower = player.slots.find((s): s is { kind: 'mower'; fuel: number } => s.kind === 'mower');
    if (!mower) {
      say(game, 'No mower to refuel');
      return;
    }
    if (mower.fuel >= MOWER_FUEL) {
      say(game, 'The mower is already full');
      return;
    }
    mower.fuel = MOWER_FUEL;
    player.slots[player.activeSlot] = { kind: 'empty' };
    player.readyAt = game.t + ACTION_COOLDOWN;
    game.events.push({ type: 'refuel' });
    return;
  }
  // Throw: from the first food stack, toward the point, at most THROW_RANGE tiles.
  const stack = player.slots.find((s): s is { kind: 'food'; count: number } => s.kind === 'food');
  if (!stack) {
    say(game, 'No food to throw');
    return;
  }
  const dx = command.x - player.x;
  const dy = command.y - player.y;
  const distance = Math.hypot(dx, dy);
  if (!Number.isFinite(distance)) return;
  const reach = Math.min(distance, THROW_RANGE);
  const ux = distance > 1e-6 ? dx / distance : player.facingX;
  const uy = distance > 1e-6 ? dy / distance : player.facingY;
  stack.count--;
  if (stack.count <= 0) {
    const i = player.slots.indexOf(stack);
    player.slots[i] = { kind: 'empty' };
  }
  const food = addEntity(game, 'thrownFood', player.x, player.y);
  food.state = 'flying';
  food.goalX = player.x + ux * reach;
  food.goalY = player.y + uy * reach;
  // Its 5 s lying there start when it lands (stepFood); in flight it cannot rot.
  food.timer = FOOD_LIFETIME;
  player.readyAt = game.t + ACTION_COOLDOWN;
  game.events.push({ type: 'throw' });
}

/** Puts an item in the first empty slot; false when the inventory is full. */
function stow(game: YardGame, item: ItemSlot): boolean {
  const i = game.player.slots.findIndex((s) => s.kind === 'empty');
  if (i < 0) return false;
  game.player.slots[i] = item;
  return true;
}

function addFood(game: YardGame, count: number): boolean {
  const stack = game.player.slots.find((s): s is { kind: 'food'; count: number } => s.kind === 'food');
  if (stack) {
    stack.count += count;
    return true;
  }
  return stow(game, { kind: 'food', count });
}

/** The player pushes a running mower: the active slot is a mower with fuel, and the player moves. */
export function mowing(game: YardGame): boolean {
  const active = game.player.slots[game.player.activeSlot];
  return active.kind === 'mower' && active.fuel > 0 && game.player.moving;
}

// ---------------------------------------------------------------- the step

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

function movePlayer(game: YardGame, input: YardInput): void {
  const player = game.player;
  let dx = 0;
  let dy = 0;
  if (input.moveTo) {
    const gx = input.moveTo.x - player.x;
    const gy = input.moveTo.y - player.y;
    const d = Math.hypot(gx, gy);
    if (d > 0.08) {
      const stride = Math.min(d, PLAYER_SPEED * STEP);
      dx = (gx / d) * stride;
      dy = (gy / d) * stride;
    }
  } else {
    let mx = Number.isFinite(input.moveX) ? Math.max(-1, Math.min(1, input.moveX)) : 0;
    let my = Number.isFinite(input.moveY) ? Math.max(-1, Math.min(1, input.moveY)) : 0;
    const length = Math.hypot(mx, my);
    if (length > 1) {
      mx /= length;
      my /= length;
    }
    dx = mx * PLAYER_SPEED * STEP;
    dy = my * PLAYER_SPEED * STEP;
  }
  player.moving = false;
  if (dx === 0 && dy === 0) return;
  const d = Math.hypot(dx, dy);
  player.facingX = dx / d;
  player.facingY = dy / d;
  player.moving = moveWithCollision(game, player, dx, dy, PLAYER_RADIUS);
}

function mow(game: YardGame): void {
  if (!mowing(game)) return;
  const player = game.player;
  if (tileAt(game, player.x, player.y) !== Tile.Tall) return;
  const mower = player.slots[player.activeSlot] as { kind: 'mower'; fuel: number };
  setTile(game, player.x, player.y, Tile.Cut);
  mower.fuel = Math.max(0, mower.fuel - FUEL_PER_CUT);
  player.score += SCORE_PER_CUT;
  player.cutCount++;
  game.mowed.push(Math.floor(player.x), Math.floor(player.y));
  game.events.push({ type: 'cut', x: Math.floor(player.x), y: Math.floor(player.y) });
  if (mower.fuel === 0) {
    game.events.push({ type: 'outOfFuel' });
    say(game, 'Out of fuel: find a fuel can');
  }
}

function pickUp(game: YardGame): void {
  const player = game.player;
  for (const e of game.entities) {
    if (e.state !== 'still') continue;
    const near = Math.abs(e.x - player.x) < PICKUP && Math.abs(e.y - player.y) < PICKUP;
    if (!near) {
      e.nagged = false;
      continue;
    }
    if (e.kind === 'food') {
      if (!addFood(game, 1)) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      player.score += FOOD_PICKUP_SCORE;
      game.events.push({ type: 'pickup', item: 'food', score: FOOD_PICKUP_SCORE });
      e.timer = -1;
    } else if (e.kind === 'feather') {
      player.score += FEATHER_SCORE;
      game.events.push({ type: 'pickup', item: 'feather', score: FEATHER_SCORE });
      e.timer = -1;
    } else if (e.kind === 'fuelCan') {
      if (player.slots.some((s) => s.kind === 'fuelCan')) {
        if (!e.nagged) say(game, 'Already carrying a can');
        e.nagged = true;
        continue;
      }
      if (!stow(game, { kind: 'fuelCan' })) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      game.events.push({ type: 'pickup', item: 'fuelCan', score: 0 });
      e.timer = -1;
    } else if (e.kind === 'mower' || e.kind === 'mowerEmpty') {
      if (!stow(game, { kind: 'mower', fuel: e.kind === 'mower' ? MOWER_FUEL : 0 })) {
        if (!e.nagged) say(game, 'Inventory full');
        e.nagged = true;
        continue;
      }
      game.events.push({ type: 'pickup', item: 'mower', score: 0 });
      e.timer = -1;
    }
  }
}

// ---------------------------------------------------------------- critters

function hurt(game: YardGame, by: 'crow' | 'raccoon' | 'squirrel', damage: number, window: number): boolean {
  const player = game.player;
  if (game.t < player.invulnerableUntil) return false;
  player.hp = Math.max(0, player.hp - damage);
  player.invulnerableUntil = game.t + window;
  game.events.push({ type: 'hurt', by, damage });
  return true;
}

/** The nearest landed thrown food within `range` tiles, or null. */
function nearestFood(game: YardGame, e: Entity, range: number): Entity | null {
  let best: Entity | null = null;
  let bestD = range * range;
  for (const f of game.entities) {
    if (f.kind !== 'thrownFood' || f.state !== 'still' || f.timer <= 0) continue;
    const d = (f.x - e.x) ** 2 + (f.y - e.y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = f;
    }
  }
  return best;
}

function foodById(game: YardGame, id: number): Entity | null {
  if (id < 0) return null;
  for (const f of game.entities) if (f.id === id && f.kind === 'thrownFood' && f.timer > 0) return f;
  return null;
}

/** Walks toward (gx, gy) at `speed`; true once within `arrive` tiles. */
function walkTo(
  game: YardGame,
  e: Entity,
  gx: number,
  gy: number,
  speed: number,
  arrive = 0.3,
  solid = true,
): boolean {
  const dx = gx - e.x;
  const dy = gy - e.y;
  const d = Math.hypot(dx, dy);
  if (d <= arrive) {
    e.vx = 0;
    e.vy = 0;
    return true;
  }
  const stride = Math.min(d, speed * STEP);
  e.vx = (dx / d) * speed;
  e.vy = (dy / d) * speed;
  if (!solid) {
    e.x += (dx / d) * stride;
    e.y += (dy / d) * stride;
    return false;
  }
  if (!moveWithCollision(game, e, (dx / d) * stride, (dy / d) * stride, 0.3)) {
    // Stuck on a bush or the shore: pick another way next time.
    e.timer = Math.min(e.timer, 0);
  }
  return false;
}

function pickWanderGoal(game: YardGame, e: Entity, radius: number, aroundX = e.x, aroundY = e.y): void {
  e.goalX = aroundX + game.rng.range(-radius, radius);
  e.goalY = aroundY + game.rng.range(-radius, radius);
  e.timer = game.rng.range(2, 4);
}

function stepCrow(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  if (e.state === 'fleeing') {
    const d = dPlayer || 1;
    walkTo(game, e, e.x + ((e.x - player.x) / d) * 3, e.y + ((e.y - player.y) / d) * 3, CROW.fly, 0, false);
    if (e.timer <= 0) {
      e.state = 'idle';
      e.timer = game.rng.range(1, 3);
    }
    return;
  }
  // A running mower is loud: crows lift off before it reaches them.
  if (mowing(game) && dPlayer < CROW.notice) {
    e.state = 'fleeing';
    e.timer = 1.2;
    e.targetId = -1;
    return;
  }
  // A picking crow that is walked into pecks and flies off.
  if (e.state === 'picking' && e.targetId < 0 && dPlayer < CONTACT) {
    // The spec gives a crow's peck no hurt window (only raccoons and squirrels have one).
    hurt(game, 'crow', CROW_DAMAGE, 0);
    e.state = 'fleeing';
    e.timer = 1.2;
    return;
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, CROW.smellFood);
  if (food) {
    e.state = 'picking';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, CROW.fly, 0.2, false)) {
      food.timer = 0;
      player.score += CROW_FED_SCORE;
      game.events.push({ type: 'fed', critter: 'crow', score: CROW_FED_SCORE });
      addEntity(game, 'feather', e.x + 0.4, e.y + 0.2);
      e.targetId = -1;
      e.state = 'fleeing';
      e.timer = 1;
    }
    return;
  }
  e.targetId = -1;
  if (e.state === 'idle') {
    // Hops about a little, then settles to pick at the ground.
    if (e.timer <= 0) {
      e.state = 'picking';
      e.timer = game.rng.range(2, 4);
    } else {
      walkTo(game, e, e.goalX, e.goalY, CROW.walk, 0.1);
      if (game.rng.next() < 0.01) pickWanderGoal(game, e, 1.5);
    }
  } else if (e.timer <= 0) {
    e.state = 'idle';
    pickWanderGoal(game, e, 1.5);
  }
}

/** The nearest water tile within 20 tiles, or a point away from the player when there is none. */
function pondNear(game: YardGame, e: Entity): { x: number; y: number } {
  const x0 = Math.floor(e.x);
  const y0 = Math.floor(e.y);
  for (let r = 1; r <= 20; r++) {
    for (let k = -r; k <= r; k++) {
      for (const [tx, ty] of [
        [x0 + k, y0 - r],
        [x0 + k, y0 + r],
        [x0 - r, y0 + k],
        [x0 + r, y0 + k],
      ]) {
        if (tileAt(game, tx, ty) === Tile.Water) return { x: tx + 0.5, y: ty + 0.5 };
      }
    }
  }
  const d = Math.hypot(e.x - game.player.x, e.y - game.player.y) || 1;
  return { x: e.x + ((e.x - game.player.x) / d) * 12, y: e.y + ((e.y - game.player.y) / d) * 12 };
}

function stepRaccoon(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  switch (e.state) {
    case 'eating': {
      if (e.timer <= 0) {
        const food = foodById(game, e.targetId);
        if (food) food.timer = 0;
        e.targetId = -1;
        e.state = 'pacified';
        e.timer = RACCOON.calm;
        game.events.push({ type: 'fed', critter: 'raccoon', score: 0 });
      }
      return;
    }
    case 'toPond': {
      // Runs to the water and sulks there a while.
      if (walkTo(game, e, e.goalX, e.goalY, RACCOON.run, 1.2) && e.timer > RACCOON.pond)
        e.timer = RACCOON.pond;
      if (e.timer <= 0) {
        e.state = 'wander';
        pickWanderGoal(game, e, 5);
      }
      return;
    }
    case 'pacified': {
      if (e.timer <= 0) {
        e.state = 'wander';
        pickWanderGoal(game, e, 5);
        return;
      }
      if (walkTo(game, e, e.goalX, e.goalY, RACCOON.wander * 0.6)) {
        const left = e.timer;
        pickWanderGoal(game, e, 3);
        e.timer = left;
      }
      return;
    }
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, RACCOON.smellFood);
  if (food) {
    e.state = 'chaseFood';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, RACCOON.chase, 0.4)) {
      e.state = 'eating';
      e.timer = RACCOON.eat;
    }
    return;
  }
  e.targetId = -1;
  if (e.state === 'chaseFood') e.state = 'wander';
  if (dPlayer < CONTACT && (e.state === 'chasePlayer' || e.state === 'wander')) {
    if (mowing(game)) {
      // The mower wins: it bolts for the pond.
      player.score += RACCOON_HIT_SCORE;
      game.events.push({ type: 'hit', score: RACCOON_HIT_SCORE });
      const pond = pondNear(game, e);
      e.state = 'toPond';
      e.goalX = pond.x;
      e.goalY = pond.y;
      e.timer = 30;
      return;
    }
    hurt(game, 'raccoon', RACCOON_DAMAGE, RACCOON_INVULNERABLE);
  }
  if (e.state === 'wander' && dPlayer < RACCOON.notice) e.state = 'chasePlayer';
  if (e.state === 'chasePlayer') {
    if (dPlayer > RACCOON.giveUp) {
      e.state = 'wander';
      pickWanderGoal(game, e, 5);
    } else {
      walkTo(game, e, player.x, player.y, RACCOON.chase, 0.2);
    }
    return;
  }
  if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, RACCOON.wander)) pickWanderGoal(game, e, 5);
}

function stepSquirrel(game: YardGame, e: Entity): void {
  const player = game.player;
  const dPlayer = Math.hypot(player.x - e.x, player.y - e.y);
  e.timer -= STEP;
  if (e.state === 'eating') {
    if (e.timer <= 0) {
      const food = foodById(game, e.targetId);
      if (food) food.timer = 0;
      e.targetId = -1;
      e.state = 'pacified';
      e.timer = SQUIRREL.calm;
      e.friendly = true;
      game.events.push({ type: 'fed', critter: 'squirrel', score: 0 });
    }
    return;
  }
  if (e.state === 'pacified') {
    if (e.timer <= 0) e.state = 'wander';
    else if (walkTo(game, e, e.goalX, e.goalY, SQUIRREL.wander * 0.5)) pickWanderGoal(game, e, 2);
    return;
  }
  const food = foodById(game, e.targetId) ?? nearestFood(game, e, SQUIRREL.smellFood);
  if (food) {
    e.state = 'chase';
    e.targetId = food.id;
    if (walkTo(game, e, food.x, food.y, SQUIRREL.chase, 0.4)) {
      e.state = 'eating';
      e.timer = SQUIRREL.eat;
    }
    return;
  }
  e.targetId = -1;
  if (e.friendly) {
    // A friend scampers about near the player.
    e.state = 'wander';
    if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, SQUIRREL.chase, 0.5))
      pickWanderGoal(game, e, 2, player.x, player.y);
    return;
  }
  if (e.state === 'chase' && dPlayer < CONTACT)
    hurt(game, 'squirrel', SQUIRREL_DAMAGE, SQUIRREL_INVULNERABLE);
  if (e.state === 'wander' && dPlayer < SQUIRREL.notice) e.state = 'chase';
  if (e.state === 'chase') {
    if (dPlayer > SQUIRREL.giveUp) {
      e.state = 'wander';
      pickWanderGoal(game, e, 4);
    } else {
      walkTo(game, e, player.x, player.y, SQUIRREL.chase, 0.2);
    }
    return;
  }
  if (e.timer <= 0 || walkTo(game, e, e.goalX, e.goalY, SQUIRREL.wander)) pickWanderGoal(game, e, 4);
}

function stepFood(e: Entity): void {
  if (e.state === 'flying') {
    const dx = e.goalX - e.x;
    const dy = e.goalY - e.y;
    const d = Math.hypot(dx, dy);
    const stride = THROW_SPEED * STEP;
    if (d <= stride) {
      e.x = e.goalX;
      e.y = e.goalY;
      e.state = 'still';
      e.timer = FOOD_LIFETIME;
      // 'still' items are picked up by the player: thrown food is not, it is bait.
    } else {
      e.x += (dx / d) * stride;
      e.y += (dy / d) * stride;
    }
    return;
  }
  e.timer -= STEP;
}
