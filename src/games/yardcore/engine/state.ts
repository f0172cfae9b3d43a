/** Yardcore's game state as data: the player, its inventory, the critters and items, events, inputs and commands. */
import type { Rng } from '../../../lib/pure/rng.ts';
import type { Chunk, SpawnKind } from './world.ts';

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
