/** JSON schemas shared by the routes (responses must produce exactly src/api/types.ts). */

export const errorResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    error: { type: 'string' },
    code: { type: 'string' },
    requiresTOTP: { type: 'boolean' },
  },
  required: ['success', 'error'],
} as const;

/** Response schemas for a route: its 2xx shape plus the error shape for 4xx/5xx. */
export function responses(ok: object) {
  return { '2xx': ok, '4xx': errorResponse, '5xx': errorResponse };
}

export const okResponse = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, error: { type: 'string' } },
  required: ['success'],
} as const;

export const nullableString = { type: ['string', 'null'] } as const;

export const sessionUser = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    displayName: { type: 'string' },
    avatarUrl: nullableString,
    isAdmin: { type: 'boolean' },
    email: nullableString,
  },
  required: ['id', 'displayName', 'avatarUrl', 'isAdmin', 'email'],
} as const;

export const adminSessionUser = {
  type: 'object',
  properties: { username: { type: 'string' }, displayName: { type: 'string' } },
  required: ['username', 'displayName'],
} as const;

/** Any JSON value (saved data, metadata) passes through the serializer untouched. */
export const anyJson = {} as const;

export const emptyQuery = { type: 'object', properties: {}, additionalProperties: false } as const;

export const gameIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.-]+$',
} as const;

/**
 * A row id from the client. Ids are `serial` on PostgreSQL (4-byte, up to 2^31 − 1), so a
 * larger number is refused here with a 400 rather than by the database with a 500.
 */
export const rowIdSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

export const scoreEntry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    user_id: nullableString,
    player_name: { type: 'string' },
    score: { type: 'number' },
    duration: { type: ['number', 'null'] },
    created_at: { type: 'string' },
    verified: { type: 'boolean' },
    rank: { type: 'integer' },
    level_or_mode: nullableString,
    metadata: { type: ['object', 'null'], additionalProperties: true },
  },
  required: [
    'id',
    'user_id',
    'player_name',
    'score',
    'duration',
    'created_at',
    'verified',
    'rank',
    'level_or_mode',
    'metadata',
  ],
} as const;

export const gameConfig = {
  type: 'object',
  properties: {
    game_id: { type: 'string' },
    display_name: { type: 'string' },
    score_type: { type: 'string', enum: ['points', 'time'] },
    sort_order: { type: 'string', enum: ['DESC', 'ASC'] },
  },
  required: ['game_id', 'display_name', 'score_type', 'sort_order'],
} as const;
