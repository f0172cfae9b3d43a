import { clamp } from '../../../lib/pure/math.ts';
import { createRng, rngFromState } from '../../../lib/pure/rng.ts';
import {
  CEILING,
  FOOT_DROP,
  FOOT_SPAN_HALF,
  FUEL_BONUS_FACTOR,
  FUEL_MAX,
  GRAVITY,
  HVEL_BONUS_FACTOR,
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  MAIN_THRUST,
  MAX_START_DRIFT,
  POINTS_PER_LEVEL,
  SAFE_LANDING_SPEED,
  SIDE_FUEL_PER_TICK,
  SIDE_THRUST,
  START_DRIFT_PER_LEVEL,
  START_HEIGHT,
  START_LIVES,
  THRUST_FUEL_PER_TICK,
  WORLD_WIDTH,
} from './constants.ts';
import { generateTerrain, maxHeightIn, type Terrain } from './terrain.ts';

/**
 * Engine phases. The page's intro screen comes before the engine exists, so the spec's
 * `intro` state lives in the UI; the rest are here.
 */
export type LanderPhase = 'playing' | 'landed' | 'crashed' | 'gameover';

export type CrashReason = 'too-fast' | 'missed';

export interface Lander {
  x: number;
  y: number;
  vx: number;
  vy: number;
  fuel: number;
  /** Input bits applied on the last tick (the scene draws flames from these). */
  firing: number;
}

/** What happened at the last touchdown. */
export interface Touchdown {
  landed: boolean;
  reason: CrashReason | null;
  /** |v| at touchdown (units/tick). */
  speed: number;
  vx: number;
  vy: number;
  fuel: number;
  onPlatform: boolean;
  /** Bonus points this touchdown earned (0 for a crash). */
  bonus: number;
  /** The level the touchdown happened on. */
  level: number;
}

export interface LanderState {
  phase: LanderPhase;
  level: number;
  lives: number;
  /** Sum of landing bonuses so far. */
  bonus: number;
  terrain: Terrain;
  lander: Lander;
  /** Ticks simulated in the current attempt and in the whole run. */
  attemptTicks: number;
  runTicks: number;
  lastTouchdown: Touchdown | null;
  /** Generator state (plain data so a state can be copied and compared). */
  rng: [number, number, number, number];
}

export type InputBits = number;

/** Floors a score part, ignoring binary-fraction noise like 29.999999999999996 for 30. */
export function floorPart(value: number): number {
  return Math.floor(Math.round(value * 1e6) / 1e6);
}

/** Landing bonus of spec §9: floor(2·fuel) + floor((0.35 − |hvel|)·100), hvel = horizontal velocity. */
export function landingBonus(fuel: number, hvel: number): number {
  return (
    floorPart(FUEL_BONUS_FACTOR * fuel) + floorPart((SAFE_LANDING_SPEED - Math.abs(hvel)) * HVEL_BONUS_FACTOR)
  );
}

/** Score of spec §9: (level − 1)·100 plus the landing bonuses. */
export function scoreOf(state: Pick<LanderState, 'level' | 'bonus'>): number {
  return (state.level - 1) * POINTS_PER_LEVEL + state.bonus;
}

function startLander(state: Pick<LanderState, 'terrain' | 'level'>, rngState: LanderState['rng']) {
  const rng = rngFromState(rngState);
  const { platform } = state.terrain;
  const centre = (platform.x0 + platform.x1) / 2;
  // Level 1 starts close to the platform; later levels further away and drifting.
  const minGap = state.level === 1 ? 30 : 60;
  const maxGap = state.level === 1 ? 110 : 220;
  const lo = 20;
  const hi = WORLD_WIDTH - 20;
  const side = rng.next() < 0.5 ? -1 : 1;
  const gap = rng.range(minGap, maxGap);
  let x = centre + side * gap;
  if (x < lo || x > hi) x = centre - side * gap; // no room that way: start on the other side
  x = clamp(x, lo, hi);
  const drift = Math.min(MAX_START_DRIFT, START_DRIFT_PER_LEVEL * (state.level - 1));
  const vx = drift * rng.range(-1, 1);
  const lander: Lander = { x, y: START_HEIGHT, vx, vy: 0, fuel: FUEL_MAX, firing: 0 };
  return { lander, rng: rng.state() };
}

/** A new game from a seed: level 1, full lives, the first attempt already flying. */
export function createGame(seed: number): LanderState {
  const rng = createRng(seed);
  const terrain = generateTerrain(rng, 1);
  const start = startLander({ terrain, level: 1 }, rng.state());
  return {
    phase: 'playing',
    level: 1,
    lives: START_LIVES,
    bonus: 0,
    terrain,
    lander: start.lander,
    attemptTicks: 0,
    runTicks: 0,
    lastTouchdown: null,
    rng: start.rng,
  };
}

/**
 * After a landing: the next level (new terrain, narrower platform). After a crash with
 * lives left: the same level again from the top. Otherwise nothing changes.
 */
export function continueGame(state: LanderState): LanderState {
  if (state.phase === 'landed') {
    const rng = rngFromState(state.rng);
    const terrain = generateTerrain(rng, state.level);
    const start = startLander({ terrain, level: state.level }, rng.state());
    return { ...state, phase: 'playing', terrain, lander: start.lander, rng: start.rng, attemptTicks: 0 };
  }
  if (state.phase === 'crashed') {
    const start = startLander(state, state.rng);
    return { ...state, phase: 'playing', lander: start.lander, rng: start.rng, attemptTicks: 0 };
  }
  return state;
}

/** One fixed 1/60 s step. Only `playing` moves; other phases return the state unchanged. */
export function step(state: LanderState, input: InputBits): LanderState {
  if (state.phase !== 'playing') return state;
  const l = state.lander;
  let fuel = l.fuel;
  let ax = 0;
  let ay = -GRAVITY;
  let firing = 0;
  if (fuel > 0) {
    let burn = 0;
    if (input & INPUT_THRUST) {
      ay += MAIN_THRUST;
      burn += THRUST_FUEL_PER_TICK;
      firing |= INPUT_THRUST;
    }
    if (input & INPUT_LEFT) {
      ax -= SIDE_THRUST;
      burn += SIDE_FUEL_PER_TICK;
      firing |= INPUT_LEFT;
    }
    if (input & INPUT_RIGHT) {
      ax += SIDE_THRUST;
      burn += SIDE_FUEL_PER_TICK;
      firing |= INPUT_RIGHT;
    }
    fuel = Math.max(0, fuel - burn);
  }
  // Semi-implicit Euler: velocity first, then position.
  let vx = l.vx + ax;
  let vy = l.vy + ay;
  let x = l.x + vx;
  let y = l.y + vy;
  if (x < FOOT_SPAN_HALF) {
    x = FOOT_SPAN_HALF;
    vx = 0;
  } else if (x > WORLD_WIDTH - FOOT_SPAN_HALF) {
    x = WORLD_WIDTH - FOOT_SPAN_HALF;
    vx = 0;
  }
  if (y > CEILING) {
    y = CEILING;
    if (vy > 0) vy = 0;
  }

  const next: LanderState = {
    ...state,
    lander: { x, y, vx, vy, fuel, firing },
    attemptTicks: state.attemptTicks + 1,
    runTicks: state.runTicks + 1,
  };

  const ground = maxHeightIn(state.terrain, x - FOOT_SPAN_HALF, x + FOOT_SPAN_HALF);
  if (y - FOOT_DROP > ground) return next;
  return touchdown(next, ground);
}

function touchdown(state: LanderState, ground: number): LanderState {
  const l = state.lander;
  const { platform } = state.terrain;
  const speed = Math.hypot(l.vx, l.vy);
  const onPlatform = l.x - FOOT_SPAN_HALF >= platform.x0 && l.x + FOOT_SPAN_HALF <= platform.x1;
  const landed = onPlatform && speed < SAFE_LANDING_SPEED;
  const bonus = landed ? landingBonus(l.fuel, l.vx) : 0;
  const lastTouchdown: Touchdown = {
    landed,
    reason: landed ? null : onPlatform ? 'too-fast' : 'missed',
    speed,
    vx: l.vx,
    vy: l.vy,
    fuel: l.fuel,
    onPlatform,
    bonus,
    level: state.level,
  };
  const rest = { ...l, y: ground + FOOT_DROP };
  if (landed) {
    return {
      ...state,
      phase: 'landed',
      level: state.level + 1,
      bonus: state.bonus + bonus,
      lander: rest,
      lastTouchdown,
    };
  }
  const lives = state.lives - 1;
  return { ...state, phase: lives <= 0 ? 'gameover' : 'crashed', lives, lander: rest, lastTouchdown };
}

/** Score metadata of spec §3: levelsReached, finalFuel, outcome, finalVelocity. */
export function scoreMetadata(state: LanderState): Record<string, unknown> {
  const t = state.lastTouchdown;
  return {
    levelsReached: state.level,
    finalFuel: t ? Math.round(t.fuel * 10) / 10 : Math.round(state.lander.fuel * 10) / 10,
    outcome: t
      ? t.landed
        ? 'landed'
        : t.reason === 'too-fast'
          ? 'crashed: too fast'
          : 'crashed: missed'
      : 'none',
    finalVelocity: t ? Math.round(t.speed * 1000) / 1000 : 0,
  };
}
