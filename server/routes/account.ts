import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountDeleteResponse,
  DevLoginQuery,
  ProfileBody,
  ProfileResponse,
  type ProviderId,
  ProvidersResponse,
  ValidateResponse,
} from '../../src/api/schemas/account.ts';
import { EmptyQuery, OkResponse, responses } from '../../src/api/schemas/common.ts';
import type { ServerConfig } from '../config.ts';
import type { UsersTable } from '../db/schema.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import {
  clearCookie,
  currentUser,
  requireUser,
  setUserSessionCookie,
  USER_COOKIE,
} from '../plugins/session.ts';
import { toSessionUser } from '../repositories/users.ts';
import { HttpError } from '../util.ts';
import type { Api } from './api.ts';

export const MAX_DISPLAY_NAME = 64;

function isLoopback(address: string | undefined): boolean {
  return (
    address === '127.0.0.1' ||
    address === '::1' ||
    address === '::ffff:127.0.0.1' ||
    !!address?.startsWith('127.')
  );
}

/** dev_login.php answers only outside production and to a browser on this machine. */
export function devLoginAllowed(request: FastifyRequest, config: ServerConfig): boolean {
  return !config.production && isLoopback(request.socket.remoteAddress);
}

/** Only a path on this site: "/x?y" yes; "//evil", "/\\evil", "https://…" no. */
export function safeReturnPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return '/';
  if (/[\r\n\t]/.test(value) || value.length > 2000) return '/';
  return value;
}

/** Adds signin_error=<reason> to a return path: how the page learns a sign-in failed. */
export function withSignInError(path: string, reason: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('signin_error', reason);
  return url.pathname + url.search + url.hash;
}

/** Starts a new session (a fresh id on every sign-in) and sets its cookie. */
export async function signIn(request: FastifyRequest, reply: FastifyReply, user: UsersTable) {
  const old = request.cookies[USER_COOKIE];
  if (old) await request.server.repos.users.revokeSession(old);
  const token = await request.server.repos.users.createSession({ userId: user.id });
  setUserSessionCookie(request, reply, token);
}

const PROVIDER_NAMES: Record<ProviderId, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
};

export function accountRoutes(api: Api, config: ServerConfig) {
  api.get(
    '/api/account/validate.php',
    { schema: { querystring: EmptyQuery, response: responses(ValidateResponse) } },
    // Signed out is a normal answer (200, user null): the page asks on every load.
    async (request) => {
      const user = await currentUser(request);
      return { success: true, user: user ? toSessionUser(user) : null };
    },
  );

  api.post(
    '/api/account/logout.php',
    { schema: { response: responses(OkResponse) } },
    async (request, reply) => {
      const token = request.cookies[USER_COOKIE];
      if (token) await api.repos.users.revokeSession(token);
      clearCookie(reply, USER_COOKIE);
      return { success: true };
    },
  );

  api.post(
    '/api/account/profile.php',
    { schema: { body: ProfileBody, response: responses(ProfileResponse) } },
    async (request) => {
      const user = await requireUser(request);
      const displayName = request.body.displayName.trim();
      if (!displayName) throw new HttpError(400, 'Display name cannot be empty');
      if (displayName.length > MAX_DISPLAY_NAME)
        throw new HttpError(400, `Display name is too long (max ${MAX_DISPLAY_NAME} characters)`);
      if (/<[^>]*>/.test(displayName)) throw new HttpError(400, 'Display name cannot contain HTML tags');
      const updated = await api.repos.users.setDisplayName(user.id, displayName);
      if (!updated) throw new HttpError(401, 'Not signed in');
      return { success: true, user: toSessionUser(updated) };
    },
  );

  api.get(
    '/api/account/providers.php',
    { schema: { querystring: EmptyQuery, response: responses(ProvidersResponse) } },
    async (request) => ({
      success: true,
      providers: (['google', 'microsoft', 'facebook'] as const).map((id) => ({
        id,
        name: PROVIDER_NAMES[id],
        // Facebook is "not yet" (spec §9), whatever is configured.
        available: id !== 'facebook' && config.oidc[id] !== null,
      })),
      devLogin: devLoginAllowed(request, config),
    }),
  );

  api.get(
    '/api/account/dev_login.php',
    { config: limitConfig(LIMITS.signIn), schema: { querystring: DevLoginQuery } },
    async (request, reply) => {
      if (!devLoginAllowed(request, config)) throw new HttpError(404, 'Not found');
      const back = safeReturnPath(request.query.redirect);
      if (request.query.as === 'invalid')
        return reply.redirect(withSignInError(back, 'dev_login_failed'), 302);
      const admin = request.query.as === 'admin';
      const user = await api.repos.users.upsertFromIdentity({
        provider: 'dev',
        subject: request.query.as,
        displayName: admin ? 'Dev Admin' : 'Dev User',
        email: admin ? 'admin@localhost' : 'user@localhost',
        avatarUrl: null,
        isAdmin: admin,
      });
      if (user.is_active !== 1) return reply.redirect(withSignInError(back, 'account_disabled'), 302);
      await signIn(request, reply, user);
      return reply.redirect(back, 302);
    },
  );

  api.post(
    '/api/account/delete.php',
    { schema: { response: responses(AccountDeleteResponse) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const code = await api.repos.users.deleteAccount(user.id);
      // The account's scores are now anonymised: cached boards still show its user id.
      api.repos.scores.invalidateBoards(null);
      clearCookie(reply, USER_COOKIE);
      return { success: true, code };
    },
  );
}
