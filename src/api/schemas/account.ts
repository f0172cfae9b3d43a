/** Accounts and sign-in (platform spec §7, §9). */
import { type Static, Type } from 'typebox';
import { NullableString, StringEnum } from './common.ts';

export const SessionUser = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  avatarUrl: NullableString,
  isAdmin: Type.Boolean(),
  email: NullableString,
});
export type SessionUser = Static<typeof SessionUser>;

/** GET /api/account/validate.php: signed out is a normal answer (user null). */
export const ValidateResponse = Type.Object({
  success: Type.Boolean(),
  user: Type.Union([SessionUser, Type.Null()]),
  error: Type.Optional(Type.String()),
});

/** POST /api/account/profile.php */
export const ProfileBody = Type.Object(
  { displayName: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export const ProfileResponse = Type.Object({
  success: Type.Boolean(),
  user: Type.Optional(SessionUser),
  error: Type.Optional(Type.String()),
});

export const ProviderId = StringEnum(['google', 'microsoft', 'facebook']);
export type ProviderId = Static<typeof ProviderId>;

/** GET /api/account/providers.php — which sign-in buttons are enabled. */
export const ProvidersResponse = Type.Object({
  success: Type.Boolean(),
  providers: Type.Array(Type.Object({ id: ProviderId, name: Type.String(), available: Type.Boolean() })),
  /** True when dev_login.php answers (not production, loopback request). */
  devLogin: Type.Boolean(),
});

/** GET /api/account/dev_login.php (development only): signs in as a fixed user, then redirects. */
export const DevLoginQuery = Type.Object(
  { as: StringEnum(['admin', 'user', 'invalid']), redirect: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** POST /api/account/delete.php — deletes the signed-in user and their data. */
export const AccountDeleteResponse = Type.Object({
  success: Type.Boolean(),
  /** Confirmation code shown on /privacy?deleted=1&code=… */
  code: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});

/** GET /api/account/oauth/start.php: redirects to the provider. */
export const OauthStartQuery = Type.Object(
  { provider: ProviderId, redirect: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** GET /api/account/oauth/callback.php: providers add their own parameters (iss, scope, session_state…). */
const CallbackParameter = { type: 'string', maxLength: 4096 } as const;
export const OauthCallbackQuery = Type.Unsafe<Record<string, string>>({
  type: 'object',
  // The ones the flow reads, named for the OpenAPI document; any other is let through.
  properties: { code: CallbackParameter, state: CallbackParameter, error: CallbackParameter },
  additionalProperties: CallbackParameter,
});
