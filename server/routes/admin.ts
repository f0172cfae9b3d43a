import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminIdentity, requireAdmin } from '../plugins/session.ts';
import { adminUsersRoutes, auditRoutes } from './adminUsers.ts';
import { type Api, typed } from './api.ts';
import { scoresAdminRoutes } from './scores.ts';
import { tracksAdminRoutes } from './tracks.ts';

/** How the OpenAPI document marks an admin call (and how the tests find every one). */
export const ADMIN_SECURITY = [{ adminSession: [] }];

/**
 * Every admin call, in one encapsulated group whose onRequest hook refuses anyone but an
 * admin (401 signed out, 403 signed in without rights) before the request is even read:
 * a route added here cannot forget the check. Handlers find the admin in request.admin.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.decorateRequest('admin', null);
  await app.register(async (group) => {
    group.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: ADMIN_SECURITY };
    });
    group.addHook('onRequest', async (request) => {
      request.admin = await requireAdmin(request);
    });
    const api: Api = typed(group);
    scoresAdminRoutes(api);
    tracksAdminRoutes(api);
    adminUsersRoutes(api);
    auditRoutes(api);
  });
}

/** The admin the group's hook let in (its actor names them in the audit log). */
export function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new Error(`${request.routeOptions.url} is outside the admin group`);
  return request.admin;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin group's hook; null on every other route. */
    admin: AdminIdentity | null;
  }
}
