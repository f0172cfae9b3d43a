/** Teardown for tests that made their own PostgreSQL schema or Redis keys. */
import { Redis } from 'ioredis';
import pg from 'pg';

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
