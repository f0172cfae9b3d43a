/** The admin console: its own sign-in, the user list and toggles, and the audit log. */
import { type Static, Type } from 'typebox';
import { Defaulted, NullableRecord, NullableString, PageQuery } from './common.ts';

export const ADMIN_USERS_PAGE_SIZE = 25;

export const AdminSessionUser = Type.Object({ username: Type.String(), displayName: Type.String() });
export type AdminSessionUser = Static<typeof AdminSessionUser>;

/** POST /api/auth/login.php: password, then the TOTP code when the account has one. */
export const AdminLoginBody = Type.Object(
  {
    username: Type.String({ maxLength: 200 }),
    password: Type.String({ maxLength: 1000 }),
    totp: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export const AdminLoginResponse = Type.Object({
  success: Type.Boolean(),
  user: Type.Optional(AdminSessionUser),
  requiresTOTP: Type.Optional(Type.Boolean()),
});

/** GET /api/auth/validate.php: not signed in is an ordinary answer (200, success false). */
export const AdminValidateResponse = Type.Object({
  success: Type.Boolean(),
  user: Type.Optional(AdminSessionUser),
  error: Type.Optional(Type.String()),
});

export const AdminListedUser = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  email: NullableString,
  createdAt: Type.String(),
  lastLogin: NullableString,
  providers: Type.Array(Type.String()),
  isActive: Type.Boolean(),
  isAdmin: Type.Boolean(),
});
export type AdminListedUser = Static<typeof AdminListedUser>;

/** GET /api/account/admin/users.php?page=&limit=25&q= */
export const AdminUsersQuery = Type.Object(
  {
    page: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 100, default: ADMIN_USERS_PAGE_SIZE })),
    q: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export const AdminUsersResponse = Type.Object({
  success: Type.Boolean(),
  users: Type.Array(AdminListedUser),
  page: Type.Integer(),
  total: Type.Integer(),
});

const UserId = Type.String({ minLength: 1, maxLength: 64 });

/** POST /api/account/admin/toggle_active.php: deactivating always ends the user's sessions. */
export const ToggleActiveBody = Type.Object(
  { userId: UserId, isActive: Type.Boolean(), revokeSessions: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** POST /api/account/admin/toggle_admin.php */
export const ToggleAdminBody = Type.Object(
  { userId: UserId, isAdmin: Type.Boolean() },
  { additionalProperties: false },
);

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  action: Type.String(),
  target: NullableString,
  details: NullableRecord,
  created_at: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** GET /api/admin/audit.php?limit=&offset= — newest first. */
export const AuditQuery = PageQuery(200, 50);
export const AuditLogResponse = Type.Object({ success: Type.Boolean(), entries: Type.Array(AuditEntry) });
