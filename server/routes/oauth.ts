import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { OauthCallbackQuery, OauthStartQuery } from '../../src/api/schemas/account.ts';
import type { OidcProviderConfig, ServerConfig } from '../config.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import { clearCookie, OAUTH_COOKIE, setCookie } from '../plugins/session.ts';
import { safeReturnPath, signIn, withSignInError } from './account.ts';
import type { Api } from './api.ts';

export const OAUTH_CALLBACK_PATH = '/api/account/oauth/callback.php';
const OAUTH_STATE_SECONDS = 600;

/** What the browser carries between start and callback (signed cookie): binds state, nonce and PKCE to it. */
interface PendingSignIn {
  provider: 'google' | 'microsoft';
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

function isLoopbackIssuer(issuer: string): boolean {
  const host = new URL(issuer).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** OpenID Connect code flow with PKCE (S256), state and nonce; one discovered configuration per provider. */
export function oauthRoutes(app: Api, config: ServerConfig) {
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function configurationFor(provider: 'google' | 'microsoft', settings: OidcProviderConfig) {
    let pending = discovered.get(provider);
    if (!pending) {
      pending = oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http only for a provider on this machine (tests, local development).
        isLoopbackIssuer(settings.issuer)
          ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      );
      // A failed discovery is retried on the next sign-in rather than cached.
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  }

  function callbackUrl(request: FastifyRequest): string {
    return `${config.publicUrl ?? `${request.protocol}://${request.host}`}${OAUTH_CALLBACK_PATH}`;
  }

  function fail(reply: FastifyReply, returnTo: string, reason: string) {
    return reply.redirect(withSignInError(returnTo, reason), 302);
  }

  app.get(
    '/api/account/oauth/start.php',
    { config: limitConfig(LIMITS.signIn), schema: { querystring: OauthStartQuery } },
    async (request, reply) => {
      let returnTo = safeReturnPath(request.query.redirect);
      if (request.query.redirect === undefined && request.headers.referer) {
        // No explicit return path: come back to the page that sent us, if it is ours.
        try {
          const referer = new URL(request.headers.referer);
          if (referer.host === request.host) returnTo = safeReturnPath(referer.pathname + referer.search);
        } catch {}
      }
      const provider = request.query.provider;
      if (provider === 'facebook') return fail(reply, returnTo, 'provider_unavailable');
      const settings = config.oidc[provider];
      if (!settings) return fail(reply, returnTo, 'provider_unavailable');
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider, settings);
      } catch (err) {
        request.log.error({ err }, `OpenID Connect discovery failed for ${provider}`);
        return fail(reply, returnTo, 'provider_unreachable');
      }
      const pending: PendingSignIn = {
        provider: provider,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        returnTo,
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(request),
        scope: 'openid email profile',
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      setCookie(request, reply, OAUTH_COOKIE, JSON.stringify(pending), OAUTH_STATE_SECONDS, true);
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    OAUTH_CALLBACK_PATH,
    { config: limitConfig(LIMITS.signIn), schema: { querystring: OauthCallbackQuery } },
    async (request, reply) => {
      const raw = request.cookies[OAUTH_COOKIE];
      clearCookie(reply, OAUTH_COOKIE);
      const unsigned = raw ? request.unsignCookie(raw) : null;
      let pending: PendingSignIn | null = null;
      if (unsigned?.valid && unsigned.value) {
        try {
          pending = JSON.parse(unsigned.value) as PendingSignIn;
        } catch {}
      }
      if (!pending) return fail(reply, '/', 'state_missing');
      if (request.query.error) return fail(reply, pending.returnTo, 'denied');
      const settings = config.oidc[pending.provider];
      if (!settings) return fail(reply, pending.returnTo, 'provider_unavailable');
      let claims: Record<string, unknown> | undefined;
      try {
        const configuration = await configurationFor(pending.provider, settings);
        const current = new URL(callbackUrl(request));
        current.search = new URLSearchParams(request.query).toString();
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        // Some providers keep name/email out of the ID token; the userinfo endpoint has them.
        if (claims && !claims.email && !claims.name && tokens.access_token) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub as string);
          claims = { ...info, ...claims };
        }
      } catch (err) {
        request.log.warn({ err }, 'OpenID Connect callback refused');
        return fail(reply, pending.returnTo, 'signin_failed');
      }
      if (typeof claims?.sub !== 'string') return fail(reply, pending.returnTo, 'signin_failed');
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const email = text(claims.email);
      const user = await app.repos.users.upsertFromIdentity({
        provider: pending.provider,
        subject: claims.sub,
        displayName: text(claims.name) ?? text(claims.preferred_username) ?? email?.split('@')[0] ?? 'Player',
        email,
        avatarUrl: text(claims.picture),
      });
      if (user.is_active !== 1) return fail(reply, pending.returnTo, 'account_disabled');
      await signIn(request, reply, user);
      return reply.redirect(pending.returnTo, 302);
    },
  );
}
