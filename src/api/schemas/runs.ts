import { type Static, Type } from 'typebox';

/**
 * Verified runs kept as ghosts (server/routes/runs.ts). The server validates requests and
 * serializes answers with these schemas; the client imports only their types.
 */

const gameId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
/** A score row id (PostgreSQL `serial`: up to 2^31 − 1). */
const scoreId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** GET /api/scores/run.php?id= */
export const RunQuery = Type.Object({ id: scoreId }, { additionalProperties: false });
export type RunQuery = Static<typeof RunQuery>;

/** A verified run's input log, as its game records it (Lunar Lander: run-length entries). */
export const RunInputs = Type.Object({ v: Type.Integer(), runs: Type.Array(Type.Integer()) });

export const StoredRun = Type.Object({
  /** The score row the run made. */
  id: Type.Integer(),
  game_id: Type.String(),
  player_name: Type.String(),
  score: Type.Number(),
  /** The seed the server's run ticket gave the run. */
  seed: Type.Integer(),
  /** Levels the run landed: it can fly as a ghost on each of them. */
  levels_cleared: Type.Integer(),
  inputs: RunInputs,
});
export type StoredRun = Static<typeof StoredRun>;

export const RunResponse = Type.Object({ success: Type.Boolean(), run: StoredRun });
export type RunResponse = Static<typeof RunResponse>;

/** GET /api/scores/ghosts.php?game_id=&level= */
export const GhostsQuery = Type.Object(
  { game_id: gameId, level: Type.Integer({ minimum: 1, maximum: 100_000 }) },
  { additionalProperties: false },
);
export type GhostsQuery = Static<typeof GhostsQuery>;

/** A run that can fly as a ghost: fetch it with run.php?id=. */
export const GhostRef = Type.Object({ id: Type.Integer(), player_name: Type.String(), score: Type.Number() });
export type GhostRef = Static<typeof GhostRef>;

export const GhostsResponse = Type.Object({
  success: Type.Boolean(),
  /** The signed-in player's best verified run that landed the level (null for guests). */
  best: Type.Union([GhostRef, Type.Null()]),
  /** The best verified run on the board that landed the level. */
  top: Type.Union([GhostRef, Type.Null()]),
});
export type GhostsResponse = Static<typeof GhostsResponse>;
