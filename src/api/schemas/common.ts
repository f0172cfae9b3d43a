/**
 * Pieces every resource's schemas use. Pure: TypeBox only, no server or DOM imports, so
 * the server's routes, the OpenAPI document and the client's types all come from here
 * (the client imports the types only: nothing of this reaches its bundle).
 */
import { type Static, type TSchema, Type } from 'typebox';

/** The body of every failure (4xx and 5xx): a message, and a code where a caller branches on it. */
export const ErrorResponse = Type.Object({
  success: Type.Boolean(),
  error: Type.String(),
  code: Type.Optional(Type.String()),
  requiresTOTP: Type.Optional(Type.Boolean()),
});

/** Response schemas for a route: its 2xx shape plus the error shape for 4xx/5xx. */
export function responses<Ok extends TSchema>(ok: Ok) {
  return { '2xx': ok, '4xx': ErrorResponse, '5xx': ErrorResponse };
}

/** A plain success/error answer (logout, deletes, toggles). */
export const OkResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});

type NullablePrimitive = { type: 'string' | 'number' | 'integer' | 'boolean' };

/**
 * A value or null, written as `type: [t, 'null']` rather than `anyOf`: the response
 * serializer handles a type list directly, where `anyOf` makes it test each branch.
 */
export function Nullable<T extends TSchema & NullablePrimitive>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

export const NullableString = Nullable(Type.String());

/**
 * One of a few strings, as `{type: 'string', enum}`: a wrong type is refused with
 * "must be string", as before the schemas were TypeBox (Type.Enum leaves out the type).
 */
export function StringEnum<const T extends string[]>(values: [...T]) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values });
}

/** A JSON object or null (metadata, audit details), passed through with its own fields. */
export const NullableRecord = Type.Unsafe<Record<string, unknown> | null>({
  type: ['object', 'null'],
  additionalProperties: true,
});

/** Any JSON value (saved data): passes through the serializer untouched. */
export const AnyJson = Type.Unknown();

export const EmptyQuery = Type.Object({}, { additionalProperties: false });

export const GameId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });

/**
 * A row id from the client. Ids are `serial` on PostgreSQL (4-byte, up to 2^31 − 1), so a
 * larger number is refused here with a 400 rather than by the database with a 500.
 */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * A query parameter the client may leave out. The validator fills in its default, so the
 * handler's type has it always; the schema (and OpenAPI) leave it optional.
 */
export function Defaulted<T extends TSchema>(schema: T): T {
  return Type.Optional(schema) as unknown as T;
}

/** A page of an admin list: `limit` rows from `offset`. */
export function PageQuery(maxLimit: number, defaultLimit: number) {
  return Type.Object(
    {
      limit: Defaulted(Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit })),
      offset: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
    },
    { additionalProperties: false },
  );
}

/**
 * What the client reads from a call: the route's success shape, plus the failure fields
 * (error, code) a body carries when success is false — callers check `success` first.
 */
export type Answer<S extends TSchema> = Static<S> & { error?: string; code?: string };

export type ApiFailure = Static<typeof ErrorResponse> & { success: false };
