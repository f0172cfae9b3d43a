import {
  AdminUsersQuery,
  AdminUsersResponse,
  AuditLogResponse,
  AuditQuery,
  ToggleActiveBody,
  ToggleAdminBody,
} from '../../src/api/schemas/admin.ts';
import { OkResponse, responses } from '../../src/api/schemas/common.ts';
import { HttpError } from '../util.ts';
import { adminOf } from './admin.ts';
import type { Api } from './api.ts';

/** The admin console's user list and toggles (registered inside the admin group). */
export function adminUsersRoutes(admin: Api) {
  admin.get(
    '/api/account/admin/users.php',
    { schema: { querystring: AdminUsersQuery, response: responses(AdminUsersResponse) } },
    async (request) => {
      const { page, limit, q } = request.query;
      const { rows, total } = await admin.repos.users.search(q ?? '', page, limit);
      const providers = await admin.repos.users.providersOf(rows.map((r) => r.id));
      return {
        success: true,
        page,
        total,
        users: rows.map((r) => ({
          id: r.id,
          displayName: r.display_name,
          email: r.email,
          createdAt: r.created_at,
          lastLogin: r.last_login,
          providers: providers.get(r.id) ?? [],
          isActive: r.is_active === 1,
          isAdmin: r.is_admin === 1,
        })),
      };
    },
  );

  admin.post(
    '/api/account/admin/toggle_active.php',
    { schema: { body: ToggleActiveBody, response: responses(OkResponse) } },
    async (request) => {
      const { actor } = adminOf(request);
      const { userId, isActive, revokeSessions } = request.body;
      if (actor === `user:${userId}` && !isActive) throw new HttpError(400, 'You cannot deactivate yourself');
      // Deactivating always revokes the user's sessions; revokeSessions may also end them for an active user.
      if (!(await admin.repos.users.setActive(userId, isActive))) throw new HttpError(404, 'User not found');
      if (isActive && revokeSessions) await admin.repos.users.revokeUserSessions(userId);
      await admin.repos.audit.record(actor, isActive ? 'user.activate' : 'user.deactivate', userId, {
        revokeSessions: !isActive || !!revokeSessions,
      });
      return { success: true };
    },
  );

  admin.post(
    '/api/account/admin/toggle_admin.php',
    { schema: { body: ToggleAdminBody, response: responses(OkResponse) } },
    async (request) => {
      const { actor } = adminOf(request);
      const { userId, isAdmin } = request.body;
      if (actor === `user:${userId}` && !isAdmin)
        throw new HttpError(400, 'You cannot remove your own admin rights');
      if (!(await admin.repos.users.setAdmin(userId, isAdmin))) throw new HttpError(404, 'User not found');
      await admin.repos.audit.record(actor, isAdmin ? 'user.grant_admin' : 'user.revoke_admin', userId);
      return { success: true };
    },
  );
}

/** The audit log of admin actions, newest first (registered inside the admin group). */
export function auditRoutes(admin: Api) {
  admin.get(
    '/api/admin/audit.php',
    { schema: { querystring: AuditQuery, response: responses(AuditLogResponse) } },
    async (request) => ({
      success: true,
      entries: await admin.repos.audit.list(request.query.limit, request.query.offset),
    }),
  );
}
