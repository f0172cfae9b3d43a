import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set (rate limits across app servers); null otherwise. */
    redis: Redis | null;
  }
}

/**
 * One Redis connection per app server. Commands fail fast while Redis is away (one retry,
 * no offline queue growing without bound): the counters that use it fail open, so a Redis
 * outage costs rate limiting, never the game.
 */
export async function setupRedis(app: FastifyInstance, config: ServerConfig) {
  if (!config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
  try {
    await redis.connect();
  } catch (err) {
    // Starting without Redis is allowed (it may come back); say so loudly.
    app.log.error(
      { err: (err as Error).message },
      'redis unavailable at start; rate limits fail open until it answers',
    );
  }
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
}
