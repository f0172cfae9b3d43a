/** Business constants of games spec §9 (Gravity Simulator). Binding: do not tune. */
export const DEFAULT_GRAVITY = 0.1;
export const GRAVITY_MIN = 0.001;
export const GRAVITY_MAX = 0.5;
export const SOFTENING = 2;
export const SOFTENING_SQ = SOFTENING * SOFTENING;
export const NEIGHBOUR_CUTOFF = 120;
export const TRAIL_MAX_POINTS = 200;
export const DEFAULT_TIME_SPEED = 1;
export const TIME_SPEED_MIN = 0.1;
export const TIME_SPEED_MAX = 3;
export const SUB_STEP = 0.2;
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 8;
export const CANVAS_MAX_WIDTH = 1000;
export const STAR_FIELD_MIN = 200;
export const STAR_FIELD_MAX = 600;
export const MOBILE_BREAKPOINT = 768;
export const DOUBLE_TAP_MS = 300;
export const HOLD_MS = 600;
export const HOLD_CANCEL_DISTANCE = 10;
export const MERGE_FLASH_STEPS = 60;
export const MERGE_RADIUS_GAIN = 0.25;
export const MERGE_COLOUR_CHANGE_CHANCE = 0.8;

/** Validation limits (spec §5). */
export const MASS_MIN = 0.1;
export const RADIUS_MIN = 1;
export const TEMPERATURE_MIN = 1000;
export const TEMPERATURE_STEP = 100;

/**
 * Our choices where the spec is silent.
 * At time speed 1 a 60 Hz frame advances 5 sub-steps (1 unit of simulated time).
 */
export const SUBSTEPS_PER_FRAME = 5;
export const SIM_FRAME_HZ = 60;
/** A trail point every 5 sub-steps: one per frame at speed 1, so 200 points ≈ 3.3 s of motion. */
export const TRAIL_EVERY_STEPS = 5;
/**
 * The planets' path trail (spec: a planet's pathTrail, beside its trail): the orbit over a
 * longer span, sampled more sparsely. A point every 20 sub-steps, 600 points: 12 000 sub-steps,
 * 40 s of motion at speed 1, twelve times the trail's span. Stars have none.
 */
export const PATH_TRAIL_EVERY_STEPS = 20;
export const PATH_TRAIL_MAX_POINTS = 600;
