/** Draw & Race constants (games spec §9), in one place. */

/** Default road width (px) and the brush's bounds (the spec leaves them to us). */
export const DEFAULT_BRUSH = 46;
export const BRUSH_MIN = 20;
export const BRUSH_MAX = 120;
export const BRUSH_STEP = 2;
/** A shared track without a usable brush width opens with this one. */
export const SHARED_FALLBACK_BRUSH = 45;

/** Stroke points closer than this to the last kept one are dropped. */
export const THIN_MIN_DISTANCE = 8;

export const MAX_CARS = 16;
export const PLACEMENT_TRIES = 55;

export const DEFAULT_LAPS = 4;
export const MIN_LAPS = 1;
/**
 * Not the spec's: laps stop at 99 so the rank panel's current/total keeps two digits a side,
 * and a 99-lap race is already the better part of an hour. The Settings dialog shows the
 * range and greys More laps out at 99.
 */
export const MAX_LAPS = 99;

/** Fixed simulation step (s); speeds are in px per step, as the spec's 6.5–9 are. */
export const STEP = 1 / 60;
/** Longest frame the race catches up on; time beyond it is dropped. */
export const FRAME_DELTA_CAP = 0.033;

/** Countdown: 3, 2, 1 a second each, then GO! (shown for the race's first second): 4 s in all. */
export const COUNTDOWN_SECONDS = 3;
export const GO_SECONDS = 1;
export const BEEP_COUNT_HZ = 800;
export const BEEP_GO_HZ = 400;

/** A lap counts only this long (s) after the car's last crossing of the start line. */
export const LAP_DEBOUNCE_S = 1.2;
export const STUCK_AFTER_S = 0.6;
/** A stuck car is nudged at most this often (s). */
export const NUDGE_COOLDOWN_S = 0.9;
export const CELEBRATION_TIMEOUT_S = 60;
export const FIREWORKS_SECONDS = 3;
export const TOP_RANKED = 3;

/** Car top speed range before the track-size scale (px per 1/60 s). */
export const MAX_SPEED_MIN = 6.5;
export const MAX_SPEED_MAX = 9;
/** How a car drives, per step: the share of its velocity turned toward where it heads. */
export const CAR_GRIP = 0.35;
/** The most a car slows in a step (px per step, before the track-size scale). */
export const CAR_BRAKE = 0.35;
/** Slower than this (px per step, before the track-size scale) for STUCK_AFTER_S, a car is stuck. */
export const STUCK_SPEED = 0.6;
/** The bounce of two cars that bump. */
export const BUMP_RESTITUTION = 0.3;
/** A car that has finished drives on at this share of its speed. */
export const FINISHED_PACE = 0.55;

/** Turn classes: heading change over the look window, in degrees, and their speed factors. */
export const TURN_MILD_DEG = 20;
export const TURN_SHARP_DEG = 50;
export const TURN_HAIRPIN_DEG = 100;
/** The classes, straight to hairpin. */
export const TURN_STRAIGHT = 0;
export const TURN_MILD = 1;
export const TURN_SHARP = 2;
export const TURN_HAIRPIN = 3;
export const FACTOR_MILD = 0.85;
export const FACTOR_SHARP = 0.65;
export const FACTOR_HAIRPIN = 0.45;
/** Each class's speed factor, by class. */
export const TURN_FACTORS = [1, FACTOR_MILD, FACTOR_SHARP, FACTOR_HAIRPIN];
/**
 * The racing line's speed profile, after the factors: the top speed it is shaped for (px per
 * step), and the braking and acceleration it allows (px/step per step).
 */
export const PROFILE_TOP = 8;
export const PROFILE_BRAKE = 0.2;
export const PROFILE_ACCEL = 0.1;

/** Start line: dash size, and the shortest line accepted: max(10, 0.8 × brush). */
export const START_DASH = 4;
export const startLineMinLength = (brush: number) => Math.max(10, 0.8 * brush);

/** Mobile layout (spec §9): width below 768 or height below 600. */
export const MOBILE_MAX_WIDTH = 768;
export const MOBILE_MAX_HEIGHT = 600;
export const MOBILE_NOTICE_MS = 5000;
/** Small screen (spec §9): min side below 500 px; the toolbar and rank panel go compact. */
export const SMALL_SCREEN_MIN_SIDE = 500;

export const DEFAULT_VOLUME = 0.8;

export const MESSAGES = {
  maxCars: 'Cannot add car: maximum of 16 cars reached',
  noTrack: 'Cannot add car: track must be drawn first',
  placement: 'Could not place car on track - try drawing a wider track or removing some cars',
  startLineShort: 'Start line too short - draw a wider or less tangled track',
  /** Not the spec's: a stroke that ends far from where it began (a straight line, an open curve). */
  notClosed: 'Loop not closed - end your stroke where it started',
  timeout: '⏱️ Race ended due to timeout',
  mobile: 'Track optimized for mobile viewing. Pinch to zoom for more detail.',
} as const;
