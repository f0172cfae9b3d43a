/** The high-score service (platform spec §5, §7): boards, run tickets, submits and the admin's console. */
import { type Static, Type } from 'typebox';
import { Defaulted, GameId, Nullable, NullableRecord, NullableString, RowId, StringEnum } from './common.ts';

export const SortDirection = StringEnum(['DESC', 'ASC']);
export type SortDirection = Static<typeof SortDirection>;

export const GameConfig = Type.Object({
  game_id: Type.String(),
  display_name: Type.String(),
  score_type: StringEnum(['points', 'time']),
  sort_order: SortDirection,
});
export type GameConfig = Static<typeof GameConfig>;

export const ScoreEntry = Type.Object({
  id: Type.Integer(),
  user_id: NullableString,
  player_name: Type.String(),
  score: Type.Number(),
  duration: Nullable(Type.Number()),
  created_at: Type.String(),
  verified: Type.Boolean(),
  rank: Type.Integer(),
  level_or_mode: NullableString,
  metadata: NullableRecord,
});
export type ScoreEntry = Static<typeof ScoreEntry>;

/** GET /api/scores/get.php */
export const ScoresGetQuery = Type.Object(
  {
    game_id: GameId,
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    level_or_mode: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const ScoresGetResponse = Type.Object({
  success: Type.Boolean(),
  scores: Type.Array(ScoreEntry),
  game_config: Type.Union([GameConfig, Type.Null()]),
});

/** POST /api/scores/ticket.php — a single-use seed for a verifiable run. */
export const TicketBody = Type.Object({ game_id: GameId }, { additionalProperties: false });
export const RunTicketResponse = Type.Object({
  success: Type.Boolean(),
  ticket: Type.String(),
  seed: Type.Integer(),
});

/** A recorded run for server-side replay (see the ticket call). */
export const RunRecord = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 1000 }),
    /** Game-specific input log, replayed by the game's pure engine on the server. */
    inputs: Type.Unknown(),
  },
  { additionalProperties: false },
);
export type RunRecord = Static<typeof RunRecord>;

/** POST /api/scores/submit.php. user_id is taken from the session, never from the body. */
export const ScoreSubmitBody = Type.Object(
  {
    game_id: GameId,
    // Any JSON here: the handler checks it, to answer the spec's exact messages.
    player_name: Type.Optional(Type.Unsafe<string>({})),
    score: Type.Number(),
    level_or_mode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    duration: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
    metadata: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
    // Accepted for compatibility and ignored: the user comes from the session.
    user_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    run: Type.Optional(RunRecord),
    // A client's key for this submission (an offline outbox may send it twice):
    // a repeat answers the score the first one made.
    idempotency_key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,100}$' })),
  },
  { additionalProperties: false },
);
export type ScoreSubmitBody = Static<typeof ScoreSubmitBody>;
export const ScoreSubmitResponse = Type.Object({
  success: Type.Boolean(),
  id: Type.Integer(),
  rank: Type.Integer(),
  verified: Type.Boolean(),
});

/** GET /api/scores/test.php */
export const ScoresTestResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  database: Type.Optional(Type.String()),
  games: Type.Optional(Type.Integer()),
});

export const AdminGameStat = Type.Object({
  game_id: Type.String(),
  total_scores: Type.Integer(),
  unique_players: Type.Integer(),
  highest_score: Nullable(Type.Number()),
  average_score: Nullable(Type.Number()),
  /** created_at of the newest score */
  latest_score: NullableString,
});
export type AdminGameStat = Static<typeof AdminGameStat>;

/** GET /api/scores/manage.php (admin): a game's scores with game_id, else every game's stats. */
export const ScoreManageQuery = Type.Object(
  {
    game_id: Type.Optional(GameId),
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
    player_name: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export const Pagination = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  has_more: Type.Boolean(),
});
export const ScoreManageResponse = Type.Object({
  success: Type.Boolean(),
  stats: Type.Optional(Type.Array(AdminGameStat)),
  configs: Type.Optional(Type.Array(GameConfig)),
  scores: Type.Optional(Type.Array(ScoreEntry)),
  pagination: Type.Optional(Pagination),
});

/** DELETE /api/scores/manage.php (admin): one score, or all of a game's. */
export const ScoreDeleteQuery = Type.Object(
  { score_id: Type.Optional(RowId), game_id: Type.Optional(GameId) },
  { additionalProperties: false },
);

/** POST /api/scores/manage.php (admin): set a game's config. */
export const GameConfigBody = Type.Object(
  {
    game_id: GameId,
    display_name: Type.String({ minLength: 1, maxLength: 100 }),
    score_type: StringEnum(['points', 'time']),
    sort_order: SortDirection,
  },
  { additionalProperties: false },
);
