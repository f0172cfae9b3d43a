/** Yardcore's rules as numbers (games spec §9), and the few this game decided where the spec is silent. */

/** Pixels per tile: the scene's unit. The engine works in tiles. */
export const TILE_PX = 32;
/** The smallest stage side (CSS px) the scene lays out for: the page measures taps on the same stage. */
export const MIN_STAGE_PX = 100;
/** A chunk is CHUNK × CHUNK tiles. */
export const CHUNK = 48;
export const MAX_HP = 5;
/** Fixed simulation step, seconds. */
export const STEP = 1 / 60;
/** Player speed, tiles per second. */
export const PLAYER_SPEED = 6;
export const MOWER_FUEL = 100;
export const FUEL_PER_CUT = 2;
export const SCORE_PER_CUT = 1;
export const FOOD_PICKUP_SCORE = 10;
/** Thrown food flies at most this far (tiles) and lies there this long (s). */
export const THROW_RANGE = 8;
export const FOOD_LIFETIME = 5;
/** Between two actions (use, throw), seconds. */
export const ACTION_COOLDOWN = 0.25;
export const RACCOON_HIT_SCORE = 5;
export const CROW_FED_SCORE = 1;
export const FEATHER_SCORE = 5;
export const CROW_DAMAGE = 0.5;
export const RACCOON_DAMAGE = 1;
export const RACCOON_INVULNERABLE = 0.75;
export const SQUIRREL_DAMAGE = 1;
export const SQUIRREL_INVULNERABLE = 0.65;
export const SQUIRREL_FROM_LEVEL = 2;
export const INVENTORY_SLOTS = 5;
/** Two taps this close in time (ms) and space (px) are a double tap: throw food. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 36;
/**
 * Decided (the spec is silent): water blocks the mower. With a mower in hand the gardener
 * keeps this far (tiles, from the centre) from any water tile: the mower is drawn in front
 * of the gardener and reaches about this far whichever way it faces.
 */
export const MOWER_REACH = 0.8;
/** Decided: the yard is won by finishing this level's mow target. */
export const WIN_LEVEL = 5;

/** Tiles to mow to finish a level. */
export const mowTarget = (level: number): number => 100 + 40 * (Math.max(1, level) - 1);
