/** Crit Happens' numbers for the tumble (engine/physics.ts), in one place. */

/** Speed kept after a bounce off the arena's wall, and off another die. */
export const WALL_RESTITUTION = 0.55;
export const DIE_RESTITUTION = 0.45;
/** Speed and spin kept from one 60 Hz step to the next while a die rolls. */
export const ROLLING_FRICTION = 0.988;
export const SPIN_FRICTION = 0.985;
/** The last part of each die's time in which its speed is brought down to zero. */
export const SETTLE_FRACTION = 0.45;
/** Impacts slower than this (px/s) make no sound. */
export const MIN_IMPACT = 90;
/** Steps a die stays quiet after its last sounding impact. */
export const IMPACT_GAP_STEPS = 5;
