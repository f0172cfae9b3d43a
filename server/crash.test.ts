/**
 * Crash durability: a real server process (`server/main.ts`) takes a stream of saves and
 * score submits from several clients that record every acknowledged write; it is killed
 * with SIGKILL at random moments (KILLS times, each after a few writes were acknowledged), restarted, and after each restart every
 * acknowledged write must be in the database exactly as acknowledged (data, version and
 * etag of saves; id, game, name and score of scores, and the idempotency key's claim), the
 * bucketed rank counts must still equal the scores stored, and the restart must be clean (ready, no error logged, SQLite integrity ok).
 * On SQLite always, on PostgreSQL too when TEST_DATABASE_URL is set.
 * The kill moments and written values come from a seeded generator: the seed is in the test's
 * name, and SEED=<seed> replays the same schedule.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import type { SaveResponse, ScoreSubmitResponse, ValidateResponse } from '../src/api/types.ts';
import { itSeeded } from '../tests/seeds.ts';
import { bucketDeltas } from './domain/scoreRanks.ts';
import {
  type ChildServer,
  devSignInOver,
  killServer,
  type ServerDatabase,
  serverDatabase,
  startServer,
} from './test/childServer.ts';
import { seeded, testDialects } from './test/harness.ts';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const CLIENTS = 6;
const SLOTS_PER_CLIENT = 3;
/**
 * New-key saves sent in the whole test (acknowledged or not, since an unanswered one may be
 * stored): under the server's 500 saves per user, less the slots. A quick machine writes
 * more per round than a busy one; past this the clients overwrite their slots instead.
 */
const FRESH_BUDGET = 450;

interface SaveAttempt {
  data: unknown;
  /** Set when the server answered 200: what it said it stored. */
  acked: { version: number; etag: string } | null;
}
interface ScoreAck {
  key: string;
  id: number;
  playerName: string;
  score: number;
}

/** What the clients were told: every acknowledged write, and the attempts still unanswered. */
class Ledger {
  /** Slots overwritten again and again: every attempt, in order. */
  readonly slots = new Map<string, SaveAttempt[]>();
  /** Saves to keys written once: acknowledged ones only. */
  readonly fresh = new Map<string, { data: unknown; version: number; etag: string }>();
  /** New-key saves sent so far, answered or not. */
  freshSent = 0;
  readonly scores: ScoreAck[] = [];
  /** Answers that were not a success (a 4xx or 5xx): the test fails on any. */
  readonly refusals: string[] = [];
  acked = 0;
}

interface StoredSave {
  key: string;
  data: string;
  version: number;
  etag: string;
}
interface StoredScore {
  id: number;
  game_id: string;
  level_or_mode: string | null;
  player_name: string;
  score: number;
}
interface StoredBucket {
  game_id: string;
  scope: string;
  bucket: number;
  n: number;
}
interface StoredClaim {
  idempotency_key: string;
  score_id: number;
}

/** Reads the tables straight from the database, beside the running server. */
async function readStore(store: ServerDatabase) {
  if (store.file) {
    const db = new SQLite(store.file);
    try {
      const integrity = db.pragma('integrity_check', { simple: true });
      const saves = db.prepare('select key, data, version, etag from saves').all() as StoredSave[];
      const scores = db
        .prepare('select id, game_id, level_or_mode, player_name, score from scores')
        .all() as StoredScore[];
      const buckets = db
        .prepare('select game_id, scope, bucket, n from score_buckets')
        .all() as StoredBucket[];
      const claims = db
        .prepare('select idempotency_key, score_id from score_submissions')
        .all() as StoredClaim[];
      return { integrity, saves, scores, claims, buckets };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
    options: `-c search_path=${store.schema}`,
  });
  await client.connect();
  try {
    const saves = (await client.query('select key, data, version, etag from saves')).rows as StoredSave[];
    const scores = (await client.query('select id, game_id, level_or_mode, player_name, score from scores'))
      .rows as StoredScore[];
    const buckets = (await client.query('select game_id, scope, bucket, n from score_buckets'))
      .rows as StoredBucket[];
    const claims = (await client.query('select idempotency_key, score_id from score_submissions'))
      .rows as StoredClaim[];
    return { integrity: 'ok', saves, scores, claims, buckets };
  } finally {
    await client.end();
  }
}

/** One client: saves (to its own slots and to fresh keys) and score submits, one at a time. */
async function client(
  server: ChildServer,
  cookie: string,
  id: number,
  round: number,
  ledger: Ledger,
  random: () => number,
  stopped: () => boolean,
) {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify(body),
    });
  for (let n = 0; !stopped(); n++) {
    let kind = Math.floor(random() * 3);
    if (kind === 1 && ledger.freshSent >= FRESH_BUDGET) kind = 0;
    const tag = `c${id}r${round}n${n}`;
    try {
      if (kind === 0) {
        const key = `slot ${id}-${n % SLOTS_PER_CLIENT}`;
        const attempt: SaveAttempt = { data: { tag, value: Math.floor(random() * 1e9) }, acked: null };
        const attempts = ledger.slots.get(key) ?? [];
        attempts.push(attempt);
        ledger.slots.set(key, attempts);
        const res = await post('/api/saves/save.php', {
          appId: 'synth',
          key,
          data: attempt.data,
          ifMatch: '*',
        });
        const body = (await res.json()) as Required<SaveResponse>;
        if (res.status !== 200) ledger.refusals.push(`save ${key}: ${res.status} ${JSON.stringify(body)}`);
        else {
          attempt.acked = { version: body.version, etag: body.etag };
          ledger.acked++;
        }
      } else if (kind === 1) {
        const key = `fresh ${tag}`;
        const data = { tag, list: [random(), random()] };
        ledger.freshSent++;
        const res = await post('/api/saves/save.php', { appId: 'synth', key, data });
        const body = (await res.json()) as Required<SaveResponse>;
        if (res.status !== 200) ledger.refusals.push(`save ${key}: ${res.status} ${JSON.stringify(body)}`);
        else {
          ledger.fresh.set(key, { data, version: body.version, etag: body.etag });
          ledger.acked++;
        }
      } else {
        const key = `crash_${tag}`;
        const playerName = `P${id}-${n}`;
        const score = Math.floor(random() * 6000);
        const res = await post('/api/scores/submit.php', {
          game_id: 'whac-a-moji',
          player_name: playerName,
          score,
          duration: 300,
          idempotency_key: key,
        });
        const body = (await res.json()) as Required<ScoreSubmitResponse>;
        if (res.status !== 200) ledger.refusals.push(`score ${key}: ${res.status} ${JSON.stringify(body)}`);
        else {
          ledger.scores.push({ key, id: body.id, playerName, score });
          ledger.acked++;
        }
      }
    } catch (err) {
      // The connection died with the server: this write was never acknowledged.
      if (err instanceof TypeError && /fetch failed|terminated/.test(err.message)) return;
      ledger.refusals.push(`client ${id}: ${String(err)}`);
      return;
    }
  }
}

/** Every acknowledged write is stored as acknowledged; an unanswered one may or may not be. */
function checkDurability(ledger: Ledger, stored: Awaited<ReturnType<typeof readStore>>) {
  const saves = new Map(stored.saves.map((s) => [s.key, s]));
  for (const [key, ack] of ledger.fresh) {
    const row = saves.get(key);
    expect(row, `acknowledged save ${key} is missing`).toBeDefined();
    expect({ data: JSON.parse(row?.data ?? 'null'), version: Number(row?.version), etag: row?.etag }).toEqual(
      ack,
    );
  }
  for (const [key, attempts] of ledger.slots) {
    const last = attempts.findLastIndex((a) => a.acked);
    if (last < 0) continue;
    const row = saves.get(key);
    expect(row, `acknowledged slot ${key} is missing`).toBeDefined();
    const data = JSON.parse(row?.data ?? 'null');
    // The last acknowledged content, or a later write whose answer the crash swallowed.
    const match = attempts.findIndex((a, i) => i >= last && JSON.stringify(a.data) === JSON.stringify(data));
    expect(match, `slot ${key} lost its acknowledged content: has ${row?.data}`).toBeGreaterThanOrEqual(last);
    const acked = attempts[last].acked as { version: number; etag: string };
    if (match === last) expect({ version: Number(row?.version), etag: row?.etag }).toEqual(acked);
    else expect(Number(row?.version)).toBeGreaterThan(acked.version);
  }
  const scores = new Map(stored.scores.map((s) => [Number(s.id), s]));
  const claims = new Map(stored.claims.map((c) => [c.idempotency_key, Number(c.score_id)]));
  for (const ack of ledger.scores) {
    const row = scores.get(ack.id);
    expect(row, `acknowledged score ${ack.key} (id ${ack.id}) is missing`).toBeDefined();
    expect({ game: row?.game_id, name: row?.player_name, score: Number(row?.score) }).toEqual({
      game: 'whac-a-moji',
      name: ack.playerName,
      score: ack.score,
    });
    expect(claims.get(ack.key), `idempotency key ${ack.key}`).toBe(ack.id);
  }
  // Submit ranks sum the bucket counts: they were written with their scores, all or none.
  const key = (b: { gameId: string; scope: string; bucket: number; n: number }) =>
    JSON.stringify([b.gameId, b.scope, b.bucket, b.n]);
  const expected = bucketDeltas(
    stored.scores.map((s) => ({ gameId: s.game_id, mode: s.level_or_mode, score: Number(s.score) })),
    1,
  );
  const buckets = stored.buckets
    .filter((b) => Number(b.n) !== 0)
    .map((b) => ({ gameId: b.game_id, scope: b.scope, bucket: Number(b.bucket), n: Number(b.n) }));
  expect(buckets.map(key).sort(), 'bucket counts').toEqual(expected.map(key).sort());
}

describe.each(testDialects)('acknowledged writes survive SIGKILL (%s)', (dialect) => {
  let store: ServerDatabase | undefined;
  let server: ChildServer | undefined;
  afterAll(async () => {
    await killServer(server);
    await store?.drop();
  });

  const title = `${KILLS} kills at random moments under load: every acknowledged save and score is there`;
  itSeeded(title, { timeout: 900_000 }, async (seed) => {
    const random = seeded(seed);
    store = serverDatabase(dialect, 'crash');
    const env = { ...store.env, RATE_LIMITS: 'off' };
    server = await startServer(env);
    const cookie = await devSignInOver(server.url);
    const ledger = new Ledger();
    for (let round = 0; round < KILLS; round++) {
      // Load until a few writes are acknowledged (a slow machine takes longer), then a random
      // 0–800 ms more, then SIGKILL in the middle of it.
      let stop = false;
      const running = server;
      const clients = Array.from({ length: CLIENTS }, (_, i) =>
        client(running, cookie, i, round, ledger, random, () => stop),
      );
      const ackedBefore = ledger.acked;
      for (let waited = 0; ledger.acked - ackedBefore < 3 && waited < 20_000; waited += 10) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, random() * 800));
      running.child.kill('SIGKILL');
      const { signal } = await running.exited;
      stop = true;
      await Promise.all(clients);
      expect(signal).toBe('SIGKILL');

      // Restart on the same database: it must come up ready with nothing logged at error level.
      server = await startServer(env);
      const stored = await readStore(store);
      expect(stored.integrity).toBe('ok');
      checkDurability(ledger, stored);
      const log = server.output.join('');
      expect(log, log).not.toMatch(/"level":(50|60)/);
      // The session made before the first crash still works.
      const me = (await (
        await fetch(`${server.url}/api/account/validate.php`, { headers: { cookie } })
      ).json()) as ValidateResponse;
      expect(me.user, JSON.stringify(me)).not.toBeNull();
    }
    expect(ledger.refusals).toEqual([]);
    // The run did write: many acknowledged writes across the crashes, of each kind.
    expect(ledger.acked).toBeGreaterThanOrEqual(3 * KILLS);
    expect(ledger.fresh.size).toBeGreaterThan(0);
    expect(ledger.scores.length).toBeGreaterThan(0);
    expect([...ledger.slots.values()].some((a) => a.some((x) => x.acked))).toBe(true);
    console.log(
      `crash test (${dialect}): ${KILLS} kills, ${ledger.acked} acknowledged writes (${ledger.fresh.size} new saves, ${ledger.scores.length} scores), all present`,
    );
    // Through the API too: a fresh save reads back as acknowledged after the last restart.
    const [key, ack] = [...ledger.fresh].at(-1) as [string, { data: unknown; etag: string }];
    const got = await fetch(`${server.url}/api/saves/get.php?appId=synth&key=${encodeURIComponent(key)}`, {
      headers: { cookie },
    });
    expect(await got.json()).toMatchObject({ success: true, save: { data: ack.data, etag: ack.etag } });
  });
});
