/**
 * Lunar Lander constants. The first block is binding (games spec §4, §9); the rest is
 * our design where the spec is silent (recorded in ../README.md).
 *
 * Units: the world is WORLD_WIDTH × WORLD_HEIGHT "units", y up, 0 at the bottom.
 * Velocities are units per tick and accelerations units per tick², one tick = 1/60 s.
 */

// ---- binding (spec)
export const START_LIVES = 3;
export const FUEL_MAX = 100;
/** A touchdown on the platform is safe when the speed is strictly below this (units/tick). */
export const SAFE_LANDING_SPEED = 0.35;
export const PLATFORM_SHRINK = 0.9;
export const PLATFORM_MIN_WIDTH = 12;
export const POINTS_PER_LEVEL = 100;
/** Landing bonus: floor(FUEL_BONUS_FACTOR·fuel) + floor((SAFE_LANDING_SPEED − |hvel|)·HVEL_BONUS_FACTOR). */
export const FUEL_BONUS_FACTOR = 2;
export const HVEL_BONUS_FACTOR = 100;

// ---- design
export const TICK_HZ = 60;
export const TICK_SECONDS = 1 / TICK_HZ;
export const WORLD_WIDTH = 400;
export const WORLD_HEIGHT = 240;
/** Level 1's platform; each landing multiplies it by PLATFORM_SHRINK down to PLATFORM_MIN_WIDTH. */
export const PLATFORM_START_WIDTH = 60;

/** Lunar-ish gravity: a free fall reaches the safe speed after 100 ticks (1.7 s, 17.5 units). */
export const GRAVITY = 0.0035;
/** Main engine: about 2.6 g, so braking is decisive but not twitchy. */
export const MAIN_THRUST = 0.009;
/** Side thrusters (left/right): push the lander sideways, the main engine stays vertical. */
export const SIDE_THRUST = 0.003;
/** Fuel per tick of main thrust: a full tank is 1000 ticks (16.7 s) of burn. */
export const THRUST_FUEL_PER_TICK = 0.1;
/** Fuel per tick per side thruster firing. */
export const SIDE_FUEL_PER_TICK = 0.04;

/** Lander geometry around its centre (x, y): the feet are at x ± FOOT_SPAN_HALF, y − FOOT_DROP. */
export const FOOT_SPAN_HALF = 4;
export const FOOT_DROP = 6;
/** Top of the lander above its centre (for drawing and the ceiling). */
export const LANDER_TOP = 6;

/** Where each attempt starts: the centre's height. Terrain never reaches TERRAIN_MAX_HEIGHT. */
export const START_HEIGHT = 205;
export const TERRAIN_MIN_HEIGHT = 10;
export const TERRAIN_MAX_HEIGHT = 150;
export const TERRAIN_STEP = 8;
/** The lander cannot rise above this (centre height): it stays on screen. */
export const CEILING = WORLD_HEIGHT - LANDER_TOP - 2;
/** From level 2 the lander starts drifting sideways, up to this speed (units/tick). */
export const MAX_START_DRIFT = 0.25;
export const START_DRIFT_PER_LEVEL = 0.05;

// ---- input bits (the run log stores one of 0..7 per tick)
export const INPUT_THRUST = 1;
export const INPUT_LEFT = 2;
export const INPUT_RIGHT = 4;

// ---- verified runs
/** A run longer than this is rejected by the replay (about 4.6 hours of play). */
export const MAX_RUN_TICKS = 1_000_000;
/** Run-length entries in a log; a human changes keys far less often than this. */
export const MAX_RUN_ENTRIES = 200_000;
