import { AdminLoginBody, AdminLoginResponse, AdminValidateResponse } from '../../src/api/schemas/admin.ts';
import { EmptyQuery, OkResponse, responses } from '../../src/api/schemas/common.ts';
import { failureCounter, LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import {
  ADMIN_COOKIE,
  clearCookie,
  currentAdmin,
  setAdminSessionCookie,
  USER_COOKIE,
} from '../plugins/session.ts';
import { HttpError } from '../util.ts';
import type { Api } from './api.ts';

/** Per admin account: 10 failed sign-ins in 15 minutes lock it for the rest of the window. */
export const ADMIN_ACCOUNT_FAILURES = { max: 10, windowMs: 15 * 60_000 };

/** Admin console sign-in: an admin account (password, then TOTP if enrolled) or an admin user's session. */
export function adminAuthRoutes(app: Api) {
  const failures = failureCounter(app, ADMIN_ACCOUNT_FAILURES.max, ADMIN_ACCOUNT_FAILURES.windowMs);

  app.post(
    '/api/auth/login.php',
    {
      config: limitConfig(LIMITS.adminLogin),
      schema: { body: AdminLoginBody, response: responses(AdminLoginResponse) },
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
    { schema: { querystring: EmptyQuery, response: responses(AdminValidateResponse) } },
    // Not signed in is an ordinary answer here (200): the console asks on every load.
    async (request) => {
      const admin = await currentAdmin(request);
      return admin ? { success: true, user: admin.user } : { success: false, error: 'Not authenticated' };
    },
  );

  app.post(
    '/api/auth/logout.php',
    { schema: { response: responses(OkResponse) } },
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
