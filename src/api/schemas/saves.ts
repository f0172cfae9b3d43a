/** Saves (platform spec §7): every call scoped to the signed-in user. */
import { type Static, Type } from 'typebox';
import { AnyJson, Defaulted } from './common.ts';

/** Longest save name (the key), in characters after trimming. */
export const MAX_KEY_LENGTH = 100;

export const AppId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const Key = Type.String({ minLength: 1, maxLength: MAX_KEY_LENGTH });

/** Error codes of save.php. */
export type SaveErrorCode =
  | 'EXISTS' // create-only (no ifMatch) and the key is taken
  | 'CONFLICT' // ifMatch is stale: nothing overwritten
  | 'INVALID' // body failed validation
  | 'TOO_LARGE' // data over 256 KiB
  | 'LIMIT' // user has 500 saves already
  | 'UNAUTHENTICATED';

/** The handle a game keeps for "the current save". */
export const SaveHandle = Type.Object({
  id: Type.String(),
  key: Type.String(),
  version: Type.Integer(),
  etag: Type.String(),
});
export type SaveHandle = Static<typeof SaveHandle>;

/** A listed save: its handle and where it belongs, without its data (load fetches it). */
export const SaveListItem = Type.Object({
  ...SaveHandle.properties,
  appId: Type.String(),
  /** ISO 8601 */
  updatedAt: Type.String(),
});

export const SaveItem = Type.Object({ ...SaveListItem.properties, data: AnyJson });
export type SaveItem = Static<typeof SaveItem>;

/** POST /api/saves/save.php. ifMatch: absent = create only; etag or version = update; '*' = overwrite. */
export const SaveBody = Type.Object(
  {
    appId: AppId,
    key: Type.String({ maxLength: 1000 }),
    data: AnyJson,
    ifMatch: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Integer({ minimum: 0 })]),
    ),
  },
  { additionalProperties: false },
);
export const SaveResponse = Type.Object({
  success: Type.Boolean(),
  id: Type.Optional(Type.String()),
  version: Type.Optional(Type.Integer()),
  etag: Type.Optional(Type.String()),
});

/** GET /api/saves/get.php and DELETE /api/saves/delete.php: by id, or by appId and key. */
export const SaveLookupQuery = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    appId: Type.Optional(AppId),
    key: Type.Optional(Key),
  },
  { additionalProperties: false },
);
export type SaveLookupQuery = Static<typeof SaveLookupQuery>;
export const SaveGetResponse = Type.Object({ success: Type.Boolean(), save: SaveItem });

/** GET /api/saves/list.php */
export const SaveListQuery = Type.Object(
  {
    appId: Type.Optional(AppId),
    page: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
export const SaveListResponse = Type.Object({
  success: Type.Boolean(),
  items: Type.Array(SaveListItem),
  page: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
});
