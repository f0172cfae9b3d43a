import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { sha256 } from '../util.ts';
import { USER_COOKIE } from './session.ts';

export type RouteRateLimit = {
  max: number;
  timeWindow: number;
  keyGenerator?: (r: FastifyRequest) => string;
};

/**
 * Signed-in players are counted per session, so a school or family behind one address
 * does not share one budget; anonymous requests are counted per address.
 */
export function perUserOrIp(request: FastifyRequest): string {
  const session = request.cookies?.[USER_COOKIE];
  return session && session.length <= 100 ? `s:${sha256(session).slice(0, 32)}` : `ip:${request.ip}`;
}

/** Limits per route (sign-in, admin login, score submit, track store, rating). */
export const LIMITS = {
  signIn: { max: 20, timeWindow: 60_000 },
  adminLogin: { max: 10, timeWindow: 60_000 },
  scoreSubmit: { max: 30, timeWindow: 60_000, keyGenerator: perUserOrIp },
  ticket: { max: 60, timeWindow: 60_000, keyGenerator: perUserOrIp },
  trackStore: { max: 10, timeWindow: 60_000 },
  rating: { max: 30, timeWindow: 60_000, keyGenerator: perUserOrIp },
} satisfies Record<string, RouteRateLimit>;

/** Route config for a limit; with rate limits off (benchmarks) the plugin is not registered and this is inert. */
export function limitConfig(limit: RouteRateLimit) {
  return { rateLimit: limit };
}

export async function setupRateLimits(app: FastifyInstance, config: ServerConfig) {
  if (!config.rateLimits) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`Too many requests; try again in ${context.after}`) as Error & {
        statusCode: number;
      };
      error.statusCode = context.statusCode;
      return error;
    },
  });
}

/**
 * Failed admin sign-ins per account (the IP limit alone would let a botnet try one
 * account forever). In memory: a restart forgets, which only helps the operator.
 */
export class FailureCounter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    const recent = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.failures.set(key, recent);
    return recent.length >= this.max;
  }

  fail(key: string, now = Date.now()) {
    const list = this.failures.get(key) ?? [];
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.failures.clear();
  }

  clear(key: string) {
    this.failures.delete(key);
  }
}
