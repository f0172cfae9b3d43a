import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a state-changing request comes from our own origin (or a configured one). */
export function isSameOriginRequest(request: FastifyRequest, config: ServerConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    if (config.allowedOrigins.includes(origin)) return true;
    if (config.publicUrl && origin === config.publicUrl) return true;
    try {
      const originUrl = new URL(origin);
      // Compare host:port with default ports normalised away on both sides.
      return originUrl.host === new URL(`${originUrl.protocol}//${request.host}`).host;
    } catch {
      return false;
    }
  }
  if (origin === 'null') return false;
  // No Origin: a browser still tells us where the request came from.
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * The security headers helmet sets for these options. They do not depend on the request,
 * so they are computed once (@fastify/helmet rebuilds helmet and re-parses the CSP on
 * every request, a measurable share of a cached top-10 answer).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The headers of API answers (JSON, or a redirect): those that matter for a response
 * that is not a document (OWASP REST Security cheat sheet). The page set's CSP, COOP,
 * Origin-Agent-Cluster, DNS prefetch, download and XSS-filter headers only act on
 * documents; a JSON answer opened on its own gets a CSP that allows nothing. Each header
 * is work on every request (Fastify and Node check every name and value), and the
 * leaderboard read is mostly headers.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(pageHeaders['strict-transport-security']
      ? { 'strict-transport-security': pageHeaders['strict-transport-security'] }
      : {}),
  };
}

/** Security headers (CSP fit for Pixi, Tone and the font service) and the cross-origin write check. */
export async function setupSecurity(app: FastifyInstance, config: ServerConfig) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the Gravity worker compile its WebAssembly tree code; eval stays off.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'https://fonts.gstatic.com', 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: [
          "'self'",
          'https://fonts.googleapis.com',
          'https://fonts.gstatic.com',
          'data:',
          'blob:',
          ...config.connectOrigins,
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production && config.publicUrl?.startsWith('https:') ? [] : null,
      },
    },
    // The page loads cross-origin fonts; COEP would block them.
    crossOriginEmbedderPolicy: false,
    // Our own pages still tell us where a sign-in started (oauth/start.php returns there); other sites learn nothing.
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.production && !!config.publicUrl?.startsWith('https:'),
  });
  const apiHeaders = apiSecurityHeaders(headers);
  // One hook, callback style: every hook and every promise is work on every request, reads included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    if (SAFE_METHODS.has(request.method) || isSameOriginRequest(request, config)) return done();
    reply.code(403).send({ success: false, error: 'Cross-origin request refused' });
  });
}
