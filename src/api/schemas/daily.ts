/**
 * The Daily calls (one shared mole sequence per UTC day, its own board per day), as TypeBox
 * schemas: the server validates with them, the OpenAPI document is made from them, and the
 * client's types are derived from them (`import type` only, so no TypeBox in the bundle).
 */
import Type, { type Static } from 'typebox';
import { NullableRecord } from './common.ts';

/** The games that have a Daily. */
export const DAILY_GAMES = ['whac-a-moji'] as const;
export type DailyGameId = (typeof DAILY_GAMES)[number];
/** A game that has a Daily. */
export const DAILY_GAME = Type.Unsafe<DailyGameId>({ type: 'string', enum: [...DAILY_GAMES] });
/**
 * A UTC calendar day, YYYY-MM-DD. The pattern keeps months and days in range; that the
 * date exists (no 30 February) is checked in the handler, with its own message.
 */
export const DAILY_DAY = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** GET /api/scores/daily.php?game=&day= — day defaults to today (UTC). */
export const DailyBoardQuery = Type.Object(
  { game: DAILY_GAME, day: Type.Optional(DAILY_DAY) },
  { additionalProperties: false },
);

export const DailyEntry = Type.Object({
  id: Type.Integer(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  player_name: Type.String(),
  score: Type.Number(),
  duration: Type.Union([Type.Number(), Type.Null()]),
  created_at: Type.String(),
  verified: Type.Boolean(),
  rank: Type.Integer(),
  metadata: NullableRecord,
});

export const DailyBoardResponse = Type.Object({
  success: Type.Boolean(),
  game: Type.String(),
  day: Type.String(),
  /** Today (UTC) on the server, so a client with a wrong clock can tell. */
  today: Type.String(),
  scores: Type.Array(DailyEntry),
  /** The signed-in player's entry of that day (rank included, on the board or not); null otherwise. */
  mine: Type.Union([DailyEntry, Type.Null()]),
});

/** POST /api/scores/daily_ticket.php — a single-use ticket for today's Daily run. */
export const DailyTicketRequest = Type.Object({ game: DAILY_GAME }, { additionalProperties: false });
export const DailyTicketResponse = Type.Object({
  success: Type.Boolean(),
  ticket: Type.String(),
  seed: Type.Integer(),
  day: Type.String(),
});

/** The run a Daily score carries: the seed it was played with, its input log, and its ticket when online. */
export const DailyRun = Type.Object(
  {
    seed: Type.Integer({ minimum: 0, maximum: 4_294_967_295 }),
    inputs: Type.Unknown(),
    ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  },
  { additionalProperties: false },
);

/** POST /api/scores/daily_submit.php. The user comes from the session. */
export const DailySubmitRequest = Type.Object(
  {
    game: DAILY_GAME,
    day: DAILY_DAY,
    // Checked in the handler, to answer the spec's exact messages.
    player_name: Type.Optional(Type.Unknown()),
    score: Type.Number(),
    duration: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    metadata: Type.Optional(NullableRecord),
    run: DailyRun,
    idempotency_key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,100}$' })),
  },
  { additionalProperties: false },
);

export const DailySubmitResponse = Type.Object({
  success: Type.Boolean(),
  /** The entry that holds the player's best of the day (a better earlier run keeps its entry). */
  id: Type.Integer(),
  rank: Type.Integer(),
  verified: Type.Boolean(),
  /** Whether this run is now the entry: false when a signed-in player's earlier run that day was better. */
  best: Type.Boolean(),
});

export type DailyBoardQuery = Static<typeof DailyBoardQuery>;
export type DailyEntry = Static<typeof DailyEntry>;
export type DailyBoardResponse = Static<typeof DailyBoardResponse>;
export type DailyTicketResponse = Static<typeof DailyTicketResponse>;
export type DailyRun = Static<typeof DailyRun>;
export type DailySubmitRequest = Static<typeof DailySubmitRequest>;
export type DailySubmitResponse = Static<typeof DailySubmitResponse>;
