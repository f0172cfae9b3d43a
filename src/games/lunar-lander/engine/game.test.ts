import { describe, expect, it } from 'vitest';
import { autopilot, pilotView } from './autopilot.ts';
import {
  FOOT_DROP,
  FOOT_SPAN_HALF,
  FUEL_MAX,
  GRAVITY,
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  MAIN_THRUST,
  PLATFORM_MIN_WIDTH,
  PLATFORM_SHRINK,
  PLATFORM_START_WIDTH,
  SAFE_LANDING_SPEED,
  SIDE_FUEL_PER_TICK,
  SIDE_THRUST,
  START_LIVES,
  TERRAIN_MAX_HEIGHT,
  THRUST_FUEL_PER_TICK,
  WORLD_WIDTH,
} from './constants.ts';
import { advanceClock } from './fixedStep.ts';
import {
  continueGame,
  createGame,
  floorPart,
  type LanderState,
  landingBonus,
  scoreMetadata,
  scoreOf,
  step,
} from './game.ts';
import { heightAt, platformWidthForLevel } from './terrain.ts';

/** The state with the lander put somewhere with a given velocity (for touchdown tests). */
function placed(state: LanderState, x: number, feetAbove: number, vx: number, vy: number, fuel = 50) {
  const ground = heightAt(state.terrain, x);
  return { ...state, lander: { ...state.lander, x, y: ground + FOOT_DROP + feetAbove, vx, vy, fuel } };
}

function platformCentre(state: LanderState) {
  return (state.terrain.platform.x0 + state.terrain.platform.x1) / 2;
}

/** Flies the autopilot until the attempt ends. */
function flyAutopilot(state: LanderState, limit = 20_000): LanderState {
  let s = state;
  for (let i = 0; i < limit && s.phase === 'playing'; i++) s = step(s, autopilot(pilotView(s)));
  return s;
}

describe('spec constants', () => {
  it('binds 3 lives, fuel 100, safe speed 0.35, platform ×0.9 down to 12', () => {
    expect(START_LIVES).toBe(3);
    expect(FUEL_MAX).toBe(100);
    expect(SAFE_LANDING_SPEED).toBe(0.35);
    expect(PLATFORM_SHRINK).toBe(0.9);
    expect(PLATFORM_MIN_WIDTH).toBe(12);
  });

  it('a new game is level 1, 3 lives, full tank, playing, score 0', () => {
    const s = createGame(42);
    expect(s.phase).toBe('playing');
    expect(s.level).toBe(1);
    expect(s.lives).toBe(3);
    expect(s.lander.fuel).toBe(100);
    expect(scoreOf(s)).toBe(0);
    expect(s.terrain.platform.x1 - s.terrain.platform.x0).toBeCloseTo(PLATFORM_START_WIDTH, 9);
  });
});

describe('platform width', () => {
  it('narrows ×0.9 per level with a minimum of 12', () => {
    expect(platformWidthForLevel(1)).toBe(60);
    expect(platformWidthForLevel(2)).toBeCloseTo(54, 9);
    expect(platformWidthForLevel(3)).toBeCloseTo(48.6, 9);
    expect(platformWidthForLevel(16)).toBeCloseTo(Math.max(12, 60 * 0.9 ** 15), 9);
    expect(platformWidthForLevel(17)).toBe(12);
    expect(platformWidthForLevel(100)).toBe(12);
  });
});

describe('terrain', () => {
  it('is seeded: same seed same ground, other seed other ground', () => {
    expect(createGame(7).terrain).toEqual(createGame(7).terrain);
    expect(createGame(7).terrain).not.toEqual(createGame(8).terrain);
  });

  it('spans the world, stays under the ceiling and has a flat platform inside the world', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { terrain } = createGame(seed);
      const { xs, ys, platform } = terrain;
      expect(xs[0]).toBe(0);
      expect(xs[xs.length - 1]).toBe(WORLD_WIDTH);
      for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
      for (const y of ys) expect(y).toBeLessThan(TERRAIN_MAX_HEIGHT);
      expect(platform.x0).toBeGreaterThan(0);
      expect(platform.x1).toBeLessThan(WORLD_WIDTH);
      for (let x = platform.x0; x <= platform.x1; x += 1)
        expect(heightAt(terrain, x)).toBeCloseTo(platform.y, 9);
    }
  });
});

describe('flight', () => {
  it('gravity pulls down; thrust pushes up and burns 0.1 fuel per tick', () => {
    const s = createGame(1);
    const fall = step(s, 0);
    expect(fall.lander.vy).toBeCloseTo(-GRAVITY, 12);
    expect(fall.lander.fuel).toBe(100);
    const burn = step(s, INPUT_THRUST);
    expect(burn.lander.vy).toBeCloseTo(MAIN_THRUST - GRAVITY, 12);
    expect(burn.lander.fuel).toBeCloseTo(100 - THRUST_FUEL_PER_TICK, 12);
  });

  it('steering (side thrusters) pushes sideways and burns fuel too', () => {
    const s = createGame(1);
    const left = step(s, INPUT_LEFT);
    expect(left.lander.vx).toBeCloseTo(s.lander.vx - SIDE_THRUST, 12);
    expect(left.lander.fuel).toBeCloseTo(100 - SIDE_FUEL_PER_TICK, 12);
    const right = step(s, INPUT_RIGHT);
    expect(right.lander.vx).toBeCloseTo(s.lander.vx + SIDE_THRUST, 12);
    expect(right.lander.fuel).toBeCloseTo(100 - SIDE_FUEL_PER_TICK, 12);
    const all = step(s, INPUT_THRUST | INPUT_LEFT | INPUT_RIGHT);
    expect(all.lander.fuel).toBeCloseTo(100 - THRUST_FUEL_PER_TICK - 2 * SIDE_FUEL_PER_TICK, 12);
  });

  it('an empty tank gives no thrust and never goes negative', () => {
    let s = createGame(1);
    s = { ...s, lander: { ...s.lander, fuel: 0.05 } };
    s = step(s, INPUT_THRUST);
    expect(s.lander.fuel).toBe(0);
    const dry = step(s, INPUT_THRUST | INPUT_LEFT);
    expect(dry.lander.fuel).toBe(0);
    expect(dry.lander.vy).toBeCloseTo(s.lander.vy - GRAVITY, 12);
    expect(dry.lander.vx).toBeCloseTo(s.lander.vx, 12);
    expect(dry.lander.firing).toBe(0);
  });

  it('walls stop sideways motion at the edges of the world', () => {
    let s = createGame(1);
    s = { ...s, lander: { ...s.lander, x: FOOT_SPAN_HALF + 0.1, vx: -1 } };
    s = step(s, 0);
    expect(s.lander.x).toBe(FOOT_SPAN_HALF);
    expect(s.lander.vx).toBe(0);
  });
});

describe('touchdown', () => {
  it('lands on the platform below 0.35: next level, bonus scored', () => {
    const s0 = createGame(3);
    const s = step(placed(s0, platformCentre(s0), 0.1, 0.05, -0.2, 50.5), 0);
    expect(s.phase).toBe('landed');
    expect(s.level).toBe(2);
    expect(s.lives).toBe(3);
    expect(s.lastTouchdown?.landed).toBe(true);
    // floor(2·50.5) + floor((0.35 − 0.05)·100) = 101 + 30
    expect(s.lastTouchdown?.bonus).toBe(131);
    expect(scoreOf(s)).toBe(100 + 131);
  });

  it('speed of exactly 0.35 on the platform is too fast: a crash', () => {
    const s0 = createGame(3);
    // After gravity vy is 0, so the speed is |vx| = 0.35.
    const s = step(placed(s0, platformCentre(s0) - 10, 0, SAFE_LANDING_SPEED, GRAVITY), 0);
    expect(s.lastTouchdown?.speed).toBeCloseTo(0.35, 12);
    expect(s.phase).toBe('crashed');
    expect(s.lastTouchdown?.reason).toBe('too-fast');
    expect(s.lives).toBe(2);
    expect(s.level).toBe(1);
  });

  it('just under 0.35 lands, just over crashes (vertical)', () => {
    const s0 = createGame(3);
    const x = platformCentre(s0);
    expect(step(placed(s0, x, 0.1, 0, -0.3464), 0).phase).toBe('landed'); // −0.3499 after gravity
    expect(step(placed(s0, x, 0.1, 0, -0.3466), 0).phase).toBe('crashed');
  });

  it('a slow touchdown off the platform is a crash (missed the zone)', () => {
    const s0 = createGame(5);
    const { x0, x1 } = s0.terrain.platform;
    const x = x0 > 100 ? x0 - 40 : x1 + 40;
    const s = step(placed(s0, x, 0.1, 0, -0.05), 0);
    expect(s.phase).toBe('crashed');
    expect(s.lastTouchdown?.reason).toBe('missed');
    expect(s.lives).toBe(2);
  });

  it('a foot hanging over the platform edge misses', () => {
    const s0 = createGame(5);
    const { x0 } = s0.terrain.platform;
    // Left foot 0.5 beyond the edge, over lower or higher ground: either way not on the platform.
    const s = step(placed(s0, x0 + FOOT_SPAN_HALF - 0.5, 0.05, 0, -0.05), 0);
    expect(s.phase).toBe('crashed');
    expect(s.lastTouchdown?.onPlatform).toBe(false);
  });

  it('three crashes end the game; a crash with lives left retries the same level', () => {
    let s = createGame(9);
    const terrain = s.terrain;
    const crash = (st: LanderState) => step(placed(st, platformCentre(st), 0.1, 0, -1), 0);
    s = crash(s);
    expect(s.phase).toBe('crashed');
    s = continueGame(s);
    expect(s.phase).toBe('playing');
    expect(s.terrain).toBe(terrain);
    expect(s.lander.fuel).toBe(FUEL_MAX);
    expect(s.lives).toBe(2);
    s = continueGame(crash(s));
    s = crash(s);
    expect(s.lives).toBe(0);
    expect(s.phase).toBe('gameover');
    expect(continueGame(s)).toBe(s);
    expect(step(s, INPUT_THRUST)).toBe(s);
  });

  it('after a landing the next level has a fresh tank and a platform 0.9 as wide', () => {
    const s0 = createGame(11);
    const landed = step(placed(s0, platformCentre(s0), 0.1, 0, -0.1), 0);
    expect(step(landed, INPUT_THRUST)).toBe(landed); // frozen until the player continues
    const next = continueGame(landed);
    expect(next.phase).toBe('playing');
    expect(next.level).toBe(2);
    expect(next.lander.fuel).toBe(100);
    expect(next.terrain.platform.x1 - next.terrain.platform.x0).toBeCloseTo(54, 9);
    expect(next.terrain).not.toEqual(s0.terrain);
  });
});

describe('score', () => {
  it('floors each part: floor(2·fuel) + floor((0.35 − |hvel|)·100)', () => {
    expect(landingBonus(33.33, -0.123)).toBe(66 + 22);
    expect(landingBonus(0, 0.349)).toBe(0 + 0);
    expect(landingBonus(100, 0)).toBe(200 + 35);
    expect(landingBonus(10.999, 0.05)).toBe(21 + 30);
    expect(floorPart(29.999999999999996)).toBe(30);
    expect(floorPart(29.99)).toBe(29);
  });

  it('adds (level − 1)·100', () => {
    expect(scoreOf({ level: 1, bonus: 0 })).toBe(0);
    expect(scoreOf({ level: 4, bonus: 321 })).toBe(621);
  });

  it('metadata names levelsReached, finalFuel, outcome, finalVelocity', () => {
    const s0 = createGame(3);
    const s = step(placed(s0, platformCentre(s0), 0.1, 0.05, -0.2, 50.55), 0);
    expect(scoreMetadata(s)).toEqual({
      levelsReached: 2,
      finalFuel: 50.6,
      outcome: 'landed',
      finalVelocity: Math.round(Math.hypot(0.05, 0.2035) * 1000) / 1000,
    });
  });
});

describe('fixed time step', () => {
  /** Plays `seconds` at a display rate; the held keys depend on the tick, as in the page. */
  function playAt(frameDts: number[], seed: number) {
    let s = createGame(seed);
    const clock = { accumulator: 0 };
    let tick = 0;
    for (const dt of frameDts) {
      const { ticks } = advanceClock(clock, dt);
      for (let i = 0; i < ticks; i++) {
        s = step(s, autopilot(pilotView(s)) | (tick % 50 < 5 ? INPUT_LEFT : 0));
        tick++;
      }
    }
    return { s, tick };
  }

  it('60 Hz, 120 Hz and jittery 144 Hz displays simulate the same ticks', () => {
    const at60 = playAt(Array(600).fill(1 / 60), 21);
    const at120 = playAt(Array(1200).fill(1 / 120), 21);
    expect(at60.tick).toBe(600);
    expect(at120.tick).toBe(600);
    expect(at120.s).toEqual(at60.s);
    // 144 Hz frames with jitter that add up to the same 10 s.
    const jitter = Array.from({ length: 1440 }, (_, i) => (1 / 144) * (1 + (i % 2 === 0 ? 0.3 : -0.3)));
    const at144 = playAt(jitter, 21);
    expect(Math.abs(at144.tick - 600)).toBeLessThanOrEqual(1);
  });

  it('gives an interpolation alpha in [0, 1) and caps stalls at 0.25 s', () => {
    const clock = { accumulator: 0 };
    const half = advanceClock(clock, 1 / 120);
    expect(half.ticks).toBe(0);
    expect(half.alpha).toBeCloseTo(0.5, 6);
    expect(advanceClock(clock, 10).ticks).toBe(15);
  });
});

describe('autopilot', () => {
  it('lands level 1 and later levels for many seeds (levels are landable)', () => {
    for (let seed = 100; seed < 140; seed++) {
      let s = createGame(seed);
      for (let level = 1; level <= 3; level++) {
        s = flyAutopilot(s);
        expect(s.phase, `seed ${seed} level ${level}`).toBe('landed');
        expect(s.lastTouchdown!.fuel).toBeGreaterThan(0);
        s = continueGame(s);
      }
    }
  });
});
