/**
 * Crit Happens tables ("Roll together"): the HTTP calls and every WebSocket message, as
 * TypeBox schemas. The server validates each incoming message against these; the client
 * and the server share the derived types.
 */
import Type, { type Static } from 'typebox';

// The limits and close codes are plain values in their own module, so the page gets them
// without TypeBox.
export * from '../tableLimits.ts';

import { TABLE_ID_PATTERN } from '../tableLimits.ts';

export const RollModeSchema = Type.Union([
  Type.Literal('normal'),
  Type.Literal('advantage'),
  Type.Literal('disadvantage'),
]);

export const MemberSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
});
export type TableMember = Static<typeof MemberSchema>;

// ── Client → server ────────────────────────────────────────────────────────────────────

/**
 * The first message on a socket. `secret` is the member's own random key (kept by the
 * tab): the public member id is derived from it, so a rejoin is the same member and sees
 * its own private rolls again. `since`: the last roll sequence number seen (a reconnect);
 * absent, the table's history is sent.
 */
export const JoinMessageSchema = Type.Object(
  {
    type: Type.Literal('join'),
    name: Type.String({ minLength: 1, maxLength: 32 }),
    secret: Type.String({ pattern: '^[A-Za-z0-9_-]{22,64}$' }),
    since: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type JoinMessage = Static<typeof JoinMessageSchema>;

/**
 * Asks the server to roll. Only notation and mode: the faces and the tumble seed are the
 * server's (a message carrying faces is refused as invalid). `key` makes a retry safe.
 */
export const RollMessageSchema = Type.Object(
  {
    type: Type.Literal('roll'),
    key: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    notation: Type.String({ minLength: 1, maxLength: 120 }),
    mode: RollModeSchema,
    private: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RollMessage = Static<typeof RollMessageSchema>;

/** Every message type a client may send, by its `type`. */
export const CLIENT_MESSAGES = {
  join: JoinMessageSchema,
  roll: RollMessageSchema,
} as const;
export type ClientMessage = JoinMessage | RollMessage;

// ── Server → client ────────────────────────────────────────────────────────────────────

/**
 * One roll as a member sees it. Someone else's private roll carries only `seq`, `by`, `at`
 * and `private`: no notation, faces, seed or total.
 */
export const TableRollSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  by: MemberSchema,
  at: Type.String(),
  private: Type.Boolean(),
  /** The roller's own idempotency key (only in the roller's view). */
  key: Type.Optional(Type.String()),
  notation: Type.Optional(Type.String()),
  mode: Type.Optional(RollModeSchema),
  faces: Type.Optional(Type.Array(Type.Integer())),
  seed: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
  crit: Type.Optional(
    Type.Union([Type.Literal('success'), Type.Literal('fail'), Type.Literal('double-twenty'), Type.Null()]),
  ),
});
export type TableRoll = Static<typeof TableRollSchema>;

export interface WelcomeMessage {
  type: 'welcome';
  table: string;
  you: TableMember;
  members: TableMember[];
  /** The history (a first join) or the rolls missed since `since` (a rejoin), oldest first. */
  rolls: TableRoll[];
}
export interface MembersMessage {
  type: 'members';
  members: TableMember[];
}
export interface RollEventMessage {
  type: 'roll';
  roll: TableRoll;
}
/** A roll the server would not make; the socket stays open. */
export interface RefusedMessage {
  type: 'refused';
  key?: string;
  code: 'RATE_LIMITED' | 'INVALID_ROLL' | 'NOT_JOINED' | 'UNAVAILABLE';
  error: string;
}
export type ServerMessage = WelcomeMessage | MembersMessage | RollEventMessage | RefusedMessage;

// ── HTTP ───────────────────────────────────────────────────────────────────────────────

export const TableSchema = Type.Object({
  id: Type.String(),
  members: Type.Integer(),
});

export const CreateTableBodySchema = Type.Object({}, { additionalProperties: false });

export const CreateTableResponseSchema = Type.Object({
  success: Type.Boolean(),
  table: TableSchema,
});
export type CreateTableResponse = Static<typeof CreateTableResponseSchema>;

export const TableQuerySchema = Type.Object(
  { table: Type.String({ pattern: TABLE_ID_PATTERN }) },
  { additionalProperties: false },
);

export const GetTableResponseSchema = CreateTableResponseSchema;
export type GetTableResponse = CreateTableResponse;
