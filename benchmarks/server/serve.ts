/**
 * The API server as the benchmark drives it, in its own process: a fresh SQLite file on
 * disk (WAL, synchronous=FULL, as in production) or a PostgreSQL schema (BENCH_DATABASE_URL), seeded scores and saves, rate limits
 * off. Prints {"port","cookie","schema"} on one line when listening; exits when stdin closes.
 * BENCH_SCHEMA: join the schema another serve.ts made and seeded (a second app server on the
 * same PostgreSQL; it neither seeds nor drops it). BENCH_REDIS_URL: the servers' shared Redis.
 * BENCH_POOL_SIZE: the PostgreSQL pool (default 20).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrations.ts';
import { bucketDeltas } from '../../server/domain/scoreRanks.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-bench-'));
// BENCH_DATABASE_URL=postgres://… runs on PostgreSQL, in a schema of its own dropped at exit.
const pgUrl = process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? process.env.BENCH_DATABASE_URL : null;
const joined = pgUrl ? process.env.BENCH_SCHEMA || null : null;
const schema = pgUrl ? (joined ?? `bench_${crypto.randomBytes(4).toString('hex')}`) : undefined;
async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgUrl as string });
  await client.connect();
  await client.query(text);
  await client.end();
}
if (schema && !joined) await adminQuery(`CREATE SCHEMA ${schema}`);
const database = connectDatabase(pgUrl ?? path.join(dir, 'bench.sqlite'), {
  schema,
  poolSize: Number(process.env.BENCH_POOL_SIZE || 20),
});
await migrateToLatest(database.db, database.dialect, database.schema);
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    ...(process.env.BENCH_REDIS_URL
      ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_PREFIX: `futile-bench-${schema}:` }
      : {}),
  }),
  clientDir: null,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent',
};
const app = await buildApp({ config, database });

const user = await app.repos.users.upsertFromIdentity({
  provider: 'bench',
  subject: 'bench',
  displayName: 'Bench',
  email: null,
  avatarUrl: null,
});
const token = await app.repos.users.createSession({ userId: user.id });
const now = new Date().toISOString();
const scores = joined
  ? []
  : Array.from({ length: 2000 }, (_, i) => ({
      game_id: 'whac-a-moji',
      user_id: null,
      player_name: `player ${i}`,
      score: (i * 7919) % 6000,
      duration: 120,
      level_or_mode: null,
      metadata: JSON.stringify({ roundsCompleted: 3 }),
      verified: 0,
      ip_address: null,
      created_at: now,
    }));
for (let i = 0; i < scores.length; i += 200)
  await database.db
    .insertInto('scores')
    .values(scores.slice(i, i + 200))
    .execute();
// Seeded past the repository: their bucket counts too, as a submit would keep them (server/domain/scoreRanks.ts).
const buckets = bucketDeltas(
  scores.map((s) => ({ gameId: s.game_id, mode: s.level_or_mode, score: s.score })),
  1,
);
for (let i = 0; i < buckets.length; i += 200)
  await database.db
    .insertInto('score_buckets')
    .values(
      buckets.slice(i, i + 200).map((b) => ({ game_id: b.gameId, scope: b.scope, bucket: b.bucket, n: b.n })),
    )
    .execute();
for (let i = 0; i < (joined ? 0 : 60); i++) {
  await app.repos.saves.save(
    user.id,
    'synth',
    `loop ${i}`,
    JSON.stringify({ steps: Array(16).fill(i) }),
    undefined,
  );
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ port, cookie: `futile_session=${token}`, schema: schema ?? null })}\n`,
);

const stop = async () => {
  await app.close();
  await database.db.destroy();
  if (schema && !joined) await adminQuery(`DROP SCHEMA ${schema} CASCADE`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
