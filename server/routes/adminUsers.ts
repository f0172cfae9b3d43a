import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../plugins/session.ts';
import { HttpError } from '../util.ts';
import { okResponse, responses } from './schemas.ts';

export const ADMIN_USERS_PAGE_SIZE = 25;

/** The admin console's user list and toggles, and the audit log of admin actions. */
export async function adminUsersRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { page: number; limit: number; q?: string } }>(
    '/api/account/admin/users.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: ADMIN_USERS_PAGE_SIZE },
            q: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            users: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  displayName: { type: 'string' },
                  email: { type: ['string', 'null'] },
                  createdAt: { type: 'string' },
                  lastLogin: { type: ['string', 'null'] },
                  providers: { type: 'array', items: { type: 'string' } },
                  isActive: { type: 'boolean' },
                  isAdmin: { type: 'boolean' },
                },
                required: [
                  'id',
                  'displayName',
                  'email',
                  'createdAt',
                  'lastLogin',
                  'providers',
                  'isActive',
                  'isAdmin',
                ],
              },
            },
            page: { type: 'integer' },
            total: { type: 'integer' },
          },
          required: ['success', 'users', 'page', 'total'],
        }),
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { page, limit, q } = request.query;
      const { rows, total } = await app.repos.users.search(q ?? '', page, limit);
      const providers = await app.repos.users.providersOf(rows.map((r) => r.id));
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

  app.post<{ Body: { userId: string; isActive: boolean; revokeSessions?: boolean } }>(
    '/api/account/admin/toggle_active.php',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            userId: { type: 'string', minLength: 1, maxLength: 64 },
            isActive: { type: 'boolean' },
            revokeSessions: { type: 'boolean' },
          },
          required: ['userId', 'isActive'],
          additionalProperties: false,
        },
        response: responses(okResponse),
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { userId, isActive, revokeSessions } = request.body;
      if (admin.actor === `user:${userId}` && !isActive)
        throw new HttpError(400, 'You cannot deactivate yourself');
      // Deactivating always revokes the user's sessions; revokeSessions may also end them for an active user.
      if (!(await app.repos.users.setActive(userId, isActive))) throw new HttpError(404, 'User not found');
      if (isActive && revokeSessions) await app.repos.users.revokeUserSessions(userId);
      await app.repos.audit.record(admin.actor, isActive ? 'user.activate' : 'user.deactivate', userId, {
        revokeSessions: !isActive || !!revokeSessions,
      });
      return { success: true };
    },
  );

  app.post<{ Body: { userId: string; isAdmin: boolean } }>(
    '/api/account/admin/toggle_admin.php',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            userId: { type: 'string', minLength: 1, maxLength: 64 },
            isAdmin: { type: 'boolean' },
          },
          required: ['userId', 'isAdmin'],
          additionalProperties: false,
        },
        response: responses(okResponse),
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { userId, isAdmin } = request.body;
      if (admin.actor === `user:${userId}` && !isAdmin)
        throw new HttpError(400, 'You cannot remove your own admin rights');
      if (!(await app.repos.users.setAdmin(userId, isAdmin))) throw new HttpError(404, 'User not found');
      await app.repos.audit.record(admin.actor, isAdmin ? 'user.grant_admin' : 'user.revoke_admin', userId);
      return { success: true };
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/admin/audit.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            entries: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  actor: { type: 'string' },
                  action: { type: 'string' },
                  target: { type: ['string', 'null'] },
                  details: { type: ['object', 'null'], additionalProperties: true },
                  created_at: { type: 'string' },
                },
                required: ['id', 'actor', 'action', 'target', 'details', 'created_at'],
              },
            },
          },
          required: ['success', 'entries'],
        }),
      },
    },
    async (request) => {
      await requireAdmin(request);
      return {
        success: true,
        entries: await app.repos.audit.list(request.query.limit, request.query.offset),
      };
    },
  );
}
