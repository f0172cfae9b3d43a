import type { FastifyInstance } from 'fastify';
import { failureCounter, LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import {
  ADMIN_COOKIE,
  clearCookie,
  currentAdmin,
  setAdminSessionCookie,
  USER_COOKIE,
} from '../plugins/session.ts';
import { HttpError } from '../util.ts';
import { adminSessionUser, emptyQuery, okResponse, responses } from './schemas.ts';

/** Per admin account: 10 failed sign-ins in 15 minutes lock it for the rest of the window. */
export const ADMIN_ACCOUNT_FAILURES = { max: 10, windowMs: 15 * 60_000 };

/** Admin console sign-in: an admin account (password, then TOTP if enrolled) or an admin user's session. */
export async function adminAuthRoutes(app: FastifyInstance) {
  const failures = failureCounter(app, ADMIN_ACCOUNT_FAILURES.max, ADMIN_ACCOUNT_FAILURES.windowMs);

  app.post<{ Body: { username: string; password: string; totp?: string } }>(
    '/api/auth/login.php',
    {
      config: limitConfig(LIMITS.adminLogin),
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 200 },
            password: { type: 'string', maxLength: 1000 },
            totp: { type: 'string', maxLength: 20 },
          },
          required: ['username', 'password'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            user: adminSessionUser,
            requiresTOTP: { type: 'boolean' },
          },
          required: ['success'],
        }),
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const totp = request.body.totp?.replace(/\s+/g, '') ?? '';
      if (!username.trim() || !password) throw new HttpError(400, 'Username and password are required');
      const accountKey = username.trim().toLowerCase();
      if (app.config.rateLimits && (await failures.blocked(accountKey)))
        throw new HttpError(429, 'Too many failed sign-ins for this account; try again later');
      const account = await app.repos.admins.byLogin(username);
      const passwordOk = account ? await app.repos.admins.verifyPassword(account, password) : false;
      if (!account || !passwordOk || account.is_active !== 1) {
        await failures.fail(accountKey);
        throw new HttpError(401, 'Invalid username or password');
      }
      if (account.totp_secret) {
        if (!totp)
          return reply
            .code(401)
            .send({ success: false, requiresTOTP: true, error: 'Please enter your 2FA code' });
        if (!/^\d{6}$/.test(totp))
          return reply
            .code(401)
            .send({ success: false, requiresTOTP: true, error: 'The 2FA code is 6 digits' });
        if (!(await app.repos.admins.consumeTotp(account, totp))) {
          await failures.fail(accountKey);
          return reply
            .code(401)
            .send({ success: false, requiresTOTP: true, error: 'Invalid or already used 2FA code' });
        }
      }
      await failures.clear(accountKey);
      const old = request.cookies[ADMIN_COOKIE];
      if (old) await app.repos.users.revokeSession(old);
      const token = await app.repos.users.createSession({ adminId: account.id });
      setAdminSessionCookie(request, reply, token);
      await app.repos.audit.record(`admin:${account.username}`, 'admin.login', null);
      return { success: true, user: { username: account.username, displayName: account.display_name } };
    },
  );

  app.get(
    '/api/auth/validate.php',
    {
      schema: {
        querystring: emptyQuery,
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, user: adminSessionUser, error: { type: 'string' } },
          required: ['success'],
        }),
      },
    },
    // Not signed in is an ordinary answer here (200): the console asks on every load.
    async (request) => {
      const admin = await currentAdmin(request);
      return admin ? { success: true, user: admin.user } : { success: false, error: 'Not authenticated' };
    },
  );

  app.post(
    '/api/auth/logout.php',
    { schema: { response: responses(okResponse) } },
    async (request, reply) => {
      const adminToken = request.cookies[ADMIN_COOKIE];
      if (adminToken) {
        await app.repos.users.revokeSession(adminToken);
        clearCookie(reply, ADMIN_COOKIE);
      } else {
        // The console was open on an admin user's own session: signing out of it ends that session.
        const userToken = request.cookies[USER_COOKIE];
        if (userToken) await app.repos.users.revokeSession(userToken);
        clearCookie(reply, USER_COOKIE);
      }
      return { success: true };
    },
  );
}
