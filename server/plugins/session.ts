import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminSessionUser } from '../../src/api/types.ts';
import type { ServerConfig } from '../config.ts';
import type { UsersTable } from '../db/schema.ts';
import { ADMIN_SESSION_HOURS, USER_SESSION_DAYS } from '../domain/sessions.ts';
import { HttpError } from '../util.ts';

export const USER_COOKIE = 'futile_session';
export const ADMIN_COOKIE = 'futile_admin';
export const VISITOR_COOKIE = 'futile_visitor';
export const OAUTH_COOKIE = 'futile_oauth';

/** Who is allowed into the admin console, and the name the audit log records. */
export interface AdminIdentity {
  actor: string;
  user: AdminSessionUser;
  via: 'admin-account' | 'user-session';
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUserPromise: Promise<UsersTable | null> | null;
  }
}

export async function setupSessions(app: FastifyInstance, config: ServerConfig) {
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  app.decorateRequest('sessionUserPromise', null);
}

/** Cookies are Secure when the request came over HTTPS (trustProxy honours X-Forwarded-Proto in production). */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  signed = false,
) {
  reply.setCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
    signed,
  });
}

export function clearCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: '/' });
}

export function setUserSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, USER_COOKIE, token, USER_SESSION_DAYS * 86_400);
}

export function setAdminSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, ADMIN_COOKIE, token, ADMIN_SESSION_HOURS * 3_600);
}

/** The signed-in (active, unexpired) user, looked up once per request. */
export function currentUser(request: FastifyRequest): Promise<UsersTable | null> {
  if (!request.sessionUserPromise) {
    const token = request.cookies[USER_COOKIE];
    request.sessionUserPromise =
      token && token.length <= 100 ? request.server.repos.users.userBySession(token) : Promise.resolve(null);
  }
  return request.sessionUserPromise;
}

export async function requireUser(request: FastifyRequest): Promise<UsersTable> {
  const user = await currentUser(request);
  if (!user)
    throw new HttpError(
      401,
      'Not signed in',
      request.url.startsWith('/api/saves/') ? 'UNAUTHENTICATED' : undefined,
    );
  return user;
}

/** An admin-account session, else an ordinary session whose user is an admin. */
export async function currentAdmin(request: FastifyRequest): Promise<AdminIdentity | null> {
  const token = request.cookies[ADMIN_COOKIE];
  if (token && token.length <= 100) {
    const adminId = await request.server.repos.users.adminIdBySession(token);
    const account = adminId === null ? null : await request.server.repos.admins.byId(adminId);
    if (account)
      return {
        actor: `admin:${account.username}`,
        user: { username: account.username, displayName: account.display_name },
        via: 'admin-account',
      };
  }
  const user = await currentUser(request);
  if (user && user.is_admin === 1)
    return {
      actor: `user:${user.id}`,
      user: { username: user.email ?? user.id, displayName: user.display_name },
      via: 'user-session',
    };
  return null;
}

/** 401 when nobody is signed in, 403 when the signed-in user is not an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<AdminIdentity> {
  const admin = await currentAdmin(request);
  if (admin) return admin;
  if (await currentUser(request)) throw new HttpError(403, 'Admin access required');
  throw new HttpError(401, 'Not signed in');
}
