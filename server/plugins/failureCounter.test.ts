import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type FailureCounter, MemoryFailureCounter, RedisFailureCounter } from './rateLimits.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const WINDOW = 60_000;

/** The sliding-window rules every counter keeps (t is a fake clock in ms). */
async function checkWindow(counter: FailureCounter, other: FailureCounter = counter) {
  const key = `admin-${crypto.randomUUID()}`;
  const t = 1_000_000;
  for (let i = 0; i < 2; i++) await counter.fail(key, t + i);
  await other.fail(key, t + 2);
  expect(await counter.blocked(key, t + 3)).toBe(true);
  expect(await other.blocked(key, t + 3)).toBe(true);
  expect(await other.blocked(`${key}-other`, t + 3)).toBe(false);
  // The oldest failure ages out of the window: two left, not blocked.
  expect(await counter.blocked(key, t + WINDOW + 0.5)).toBe(false);
  await other.fail(key, t + WINDOW + 0.6);
  expect(await counter.blocked(key, t + WINDOW + 0.8)).toBe(true);
  // A good sign-in clears the account on every server.
  await other.clear(key);
  expect(await counter.blocked(key, t + WINDOW + 0.9)).toBe(false);
}

describe('failed admin sign-ins per account', () => {
  it('in one process: max failures in the window block, aging out and clear unblock', async () => {
    await checkWindow(new MemoryFailureCounter(3, WINDOW));
  });

  const connections: Redis[] = [];
  afterAll(() => {
    for (const redis of connections) redis.disconnect();
  });

  it('through Redis unreachable: fails open (never blocks) and reports the error', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => {});
    connections.push(dead);
    const errors: unknown[] = [];
    const counter = new RedisFailureCounter(dead, 'futile-test:', 1, WINDOW, (err) => errors.push(err));
    await counter.fail('admin', 1);
    expect(await counter.blocked('admin', 2)).toBe(false);
    expect(errors.length).toBe(2);
  });

  it.runIf(REDIS_URL)('through Redis: two servers (two connections) share one window', async () => {
    const prefix = `futile-test-${crypto.randomBytes(4).toString('hex')}:`;
    const one = new Redis(REDIS_URL as string);
    const two = new Redis(REDIS_URL as string);
    connections.push(one, two);
    try {
      await checkWindow(
        new RedisFailureCounter(one, prefix, 3, WINDOW),
        new RedisFailureCounter(two, prefix, 3, WINDOW),
      );
    } finally {
      const keys = await one.keys(`${prefix}*`);
      if (keys.length) await one.del(...keys);
    }
  });
});
