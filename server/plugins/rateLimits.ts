import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
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

/** Limits per route (sign-in, admin login, score submit, track store, rating, unknown API paths). */
export const LIMITS = {
  signIn: { max: 20, timeWindow: 60_000 },
  adminLogin: { max: 10, timeWindow: 60_000 },
  scoreSubmit: { max: 30, timeWindow: 60_000, keyGenerator: perUserOrIp },
  ticket: { max: 60, timeWindow: 60_000, keyGenerator: perUserOrIp },
  trackStore: { max: 10, timeWindow: 60_000 },
  rating: { max: 30, timeWindow: 60_000, keyGenerator: perUserOrIp },
  /** Not-found answers (probing unknown paths), per address; page loads of the SPA do not count. */
  notFound: { max: 60, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `nf:ip:${r.ip}` },
} satisfies Record<string, RouteRateLimit>;

/** Route config for a limit; with rate limits off (benchmarks) the plugin is not registered and this is inert. */
export function limitConfig(limit: RouteRateLimit) {
  return { rateLimit: limit };
}

/**
 * With Redis (REDIS_URL) every app server counts against the same keys, so a limit holds
 * across processes; without it each process counts alone. A Redis error lets the request
 * through (fail open) and is logged: an outage must not lock players out.
 */
export async function setupRateLimits(app: FastifyInstance, config: ServerConfig) {
  if (!config.rateLimits) return;
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true } : {}),
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
 * The limit for the not-found handler, as its preHandler: only requests `counts` says are
 * probes are counted (and refused past LIMITS.notFound with the same 429 JSON as the
 * routes); undefined with rate limits off, when the plugin is not registered.
 */
export function notFoundRateLimit(
  app: FastifyInstance,
  counts: (request: FastifyRequest) => boolean,
): preHandlerAsyncHookHandler | undefined {
  if (!app.config.rateLimits) return undefined;
  const limit = app.rateLimit(LIMITS.notFound);
  return async function notFoundLimit(request, reply) {
    if (counts(request)) await limit.call(this, request, reply);
  };
}

/**
 * Failed admin sign-ins per account (the IP limit alone would let a botnet try one
 * account forever), in a sliding window: `max` failures within `windowMs` block the
 * account until the oldest of them ages out.
 */
export interface FailureCounter {
  blocked(key: string, now?: number): Promise<boolean>;
  fail(key: string, now?: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** One process's count: a restart forgets, which only helps the operator. */
export class MemoryFailureCounter implements FailureCounter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async blocked(key: string, now = Date.now()): Promise<boolean> {
    const recent = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.failures.set(key, recent);
    return recent.length >= this.max;
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    const list = this.failures.get(key) ?? [];
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.failures.clear();
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}

/**
 * The same window in Redis, shared by every app server: one sorted set per account
 * (member and score = the failure's time), trimmed to the window and expiring with it.
 * Redis errors fail open (not blocked; the failure goes uncounted) like the route limits.
 */
export class RedisFailureCounter implements FailureCounter {
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private key(key: string): string {
    return `${this.prefix}fail:${sha256(key).slice(0, 32)}`;
  }

  async blocked(key: string, now = Date.now()): Promise<boolean> {
    try {
      const k = this.key(key);
      const results = await this.redis
        .multi()
        .zremrangebyscore(k, '-inf', now - this.windowMs)
        .zcard(k)
        .exec();
      const [error, count] = results?.[1] ?? [new Error('transaction discarded'), 0];
      if (error) throw error;
      return Number(count) >= this.max;
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    try {
      const k = this.key(key);
      // Unique members: two failures in the same millisecond (two servers) both count.
      const member = `${now}:${process.pid}:${this.sequence++}`;
      await this.redis.multi().zadd(k, now, member).pexpire(k, this.windowMs).exec();
    } catch (err) {
      this.onError(err);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.redis.del(this.key(key));
    } catch (err) {
      this.onError(err);
    }
  }
}

/** The failure counter for this app: shared through Redis when there is one. */
export function failureCounter(app: FastifyInstance, max: number, windowMs: number): FailureCounter {
  if (!app.redis) return new MemoryFailureCounter(max, windowMs);
  return new RedisFailureCounter(app.redis, app.config.redisPrefix, max, windowMs, (err) =>
    app.log.warn({ err: (err as Error).message }, 'redis failure counter unavailable'),
  );
}
