/**
 * Migrations forward from real data: a database made by the oldest migration alone, with
 * rows in every table it created, is migrated to the latest; every row is still there as
 * written, and the app runs on it (the old session signs in, the old save, score and track
 * read back, and writes that need the newer tables work). SQLite always; PostgreSQL too
 * when TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { call, testConfig, testDialects } from '../test/harness.ts';
import { sha256 } from '../util.ts';
import { connectDatabase, type Db } from './connect.ts';
import { migrateToLatest, migrations } from './migrations.ts';

const OLDEST = '0001_initial';
const now = '2026-01-02T03:04:05.000Z';
const later = '2099-01-01T00:00:00.000Z';
const sessionToken = 'old-session-token-made-before-any-later-migration';
const trackPayload = {
  v: 3,
  path: 'M 10 10 L 90 10 L 90 90 L 10 90 Z',
  b: 24,
  originalAspectRatio: 1.5,
  timestamp: 1,
};

/** One row for every table the oldest migration made (game_configs already has its seed). */
const OLD_ROWS: Record<string, Record<string, unknown>[]> = {
  users: [
    {
      id: 'u-old',
      display_name: 'Old Timer',
      email: 'old@example.org',
      avatar_url: null,
      is_admin: 0,
      is_active: 1,
      created_at: now,
      last_login: now,
    },
  ],
  user_identities: [{ provider: 'google', subject: 'sub-old', user_id: 'u-old', created_at: now }],
  admin_accounts: [
    {
      username: 'oldadmin',
      email: 'admin@example.org',
      display_name: 'Old Admin',
      password_hash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      totp_secret: null,
      totp_last_step: null,
      is_active: 1,
      created_at: now,
      last_login: null,
    },
  ],
  sessions: [
    { id_hash: sha256(sessionToken), user_id: 'u-old', admin_id: null, created_at: now, expires_at: later },
  ],
  saves: [
    {
      id: 's-old',
      user_id: 'u-old',
      app_id: 'synth',
      key: 'old song',
      data: JSON.stringify({ steps: [1, 0, 1, 1] }),
      version: 3,
      etag: 'e-old-etag',
      created_at: now,
      updated_at: now,
    },
  ],
  game_configs: [{ game_id: 'old-game', display_name: 'Old Game', score_type: 'time', sort_order: 'ASC' }],
  scores: [
    {
      game_id: 'whac-a-moji',
      user_id: 'u-old',
      player_name: 'Old Timer',
      score: 4321,
      duration: 60,
      level_or_mode: null,
      metadata: JSON.stringify({ hits: 12 }),
      verified: 1,
      ip_address: '192.0.2.1',
      created_at: now,
    },
  ],
  used_run_tickets: [{ nonce: 'nonce-old', expires_at: later }],
  tracks: [
    {
      hash: 'oldtrack01',
      payload: JSON.stringify(trackPayload),
      version: 3,
      point_count: 4,
      brush_width: 24,
      ip_address: null,
      created_at: now,
      load_count: 7,
      last_loaded_at: now,
    },
  ],
  track_ratings: [{ hash: 'oldtrack01', rater: 'u:u-old', rating: 4, updated_at: now }],
  audit_log: [{ actor: 'admin:1', action: 'delete_score', target: '9', details: '{}', created_at: now }],
  account_deletions: [{ code: 'deletion-code-old', created_at: now }],
};

async function emptyDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ database: Db; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(
      path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'futile-mig-'),
    );
    const database = connectDatabase(path.join(dir, 'old.sqlite'));
    return {
      database,
      async drop() {
        await database.db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `mig_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = connectDatabase(url, { schema });
  return {
    database,
    async drop() {
      await database.db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the old schema predates the typed one
const untyped = (db: Kysely<unknown>) => db as Kysely<any>;

describe.each(testDialects)('migrations forward from the oldest, with data (%s)', (dialect) => {
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await drop?.();
    drop = null;
  });

  it('keeps every row and the app works on the migrated database', async () => {
    const made = await emptyDatabase(dialect);
    drop = made.drop;
    const { database } = made;
    const db = untyped(database.db as Kysely<unknown>);
    const all = migrations(dialect);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => all },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const first = await migrator.migrateTo(OLDEST);
    expect(first.error).toBeUndefined();
    expect(first.results?.map((r) => r.migrationName)).toEqual([OLDEST]);
    // The test covers every table of that time: a table added to 0001 without rows here fails.
    // Only this test's own schema: the shared PostgreSQL may hold other schemas' tables.
    const tables = (await db.introspection.getTables())
      .filter((t) => !database.schema || t.schema === database.schema)
      .map((t) => t.name)
      .filter((n) => !n.startsWith('kysely_'))
      .sort();
    expect(tables).toEqual(Object.keys(OLD_ROWS).sort());
    for (const [table, rows] of Object.entries(OLD_ROWS)) await db.insertInto(table).values(rows).execute();
    const before: Record<string, unknown[]> = {};
    for (const table of tables) before[table] = await db.selectFrom(table).selectAll().execute();

    await migrateToLatest(db, dialect, database.schema);
    const applied = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    expect(applied.map((r) => r.name)).toEqual(Object.keys(all).sort());

    // Every old row as it was, in every old column.
    for (const table of tables) {
      const after = await db.selectFrom(table).selectAll().execute();
      const old = before[table] as Record<string, unknown>[];
      expect(after.length, table).toBe(old.length);
      for (const row of old) {
        expect(
          after.some((r) => Object.entries(row).every(([k, v]) => String(r[k]) === String(v))),
          `${table}: ${JSON.stringify(row)}`,
        ).toBe(true);
      }
    }

    // The app on it: the old session, save, score, config and track, and new writes.
    const app = await buildApp({ config: testConfig({ rateLimits: false }), database });
    try {
      await app.ready();
      const cookie = `futile_session=${sessionToken}`;
      const me = (await call(app, 'GET', '/api/account/validate.php', { cookie })).json();
      expect(me.user).toMatchObject({ id: 'u-old', displayName: 'Old Timer' });
      const save = (
        await call(app, 'GET', '/api/saves/get.php?appId=synth&key=old%20song', { cookie })
      ).json();
      expect(save.save).toMatchObject({ data: { steps: [1, 0, 1, 1] }, version: 3, etag: 'e-old-etag' });
      const list = (await call(app, 'GET', '/api/saves/list.php?appId=synth', { cookie })).json();
      // Its list entry, made for the old row by 0007.
      expect(list.items).toEqual([
        { id: 's-old', key: 'old song', version: 3, etag: 'e-old-etag', appId: 'synth', updatedAt: now },
      ]);
      const overwrite = await call(app, 'POST', '/api/saves/save.php', {
        cookie,
        body: { appId: 'synth', key: 'old song', data: { steps: [0] }, ifMatch: 'e-old-etag' },
      });
      expect(overwrite.json()).toMatchObject({ success: true, version: 4 });
      const relisted = (await call(app, 'GET', '/api/saves/list.php?appId=synth', { cookie })).json();
      expect(relisted.items).toEqual([
        expect.objectContaining({ id: 's-old', version: 4, etag: overwrite.json().etag }),
      ]);
      const board = (await call(app, 'GET', '/api/scores/get.php?game_id=whac-a-moji')).json();
      expect(board.scores[0]).toMatchObject({ player_name: 'Old Timer', score: 4321 });
      const oldGame = (await call(app, 'GET', '/api/scores/get.php?game_id=old-game')).json();
      expect(oldGame.game_config).toMatchObject({ display_name: 'Old Game', sort_order: 'ASC' });
      const track = (await call(app, 'GET', '/api/tracks/get.php?hash=db_oldtrack01')).json();
      expect(track.trackData).toEqual(trackPayload);
      // Idempotent submit needs 0003's table.
      const body = {
        game_id: 'whac-a-moji',
        player_name: 'New Player',
        score: 100,
        duration: 60,
        idempotency_key: 'after-migration-key-1',
      };
      const submitted = (await call(app, 'POST', '/api/scores/submit.php', { body })).json();
      // Rank 2: the old score is ahead, counted in the buckets 0004 filled from it.
      expect(submitted).toMatchObject({ success: true, rank: 2 });
      const again = (await call(app, 'POST', '/api/scores/submit.php', { body })).json();
      expect(again.id).toBe(submitted.id);
      const count = await sql<{ n: number }>`select count(*) as n from scores`.execute(db);
      expect(Number(count.rows[0].n)).toBe(2);
    } finally {
      await app.close();
    }
  }, 60_000);
});

// PostgreSQL only: one database shared by many schemas (other apps, other test files).
describe.each(testDialects.filter((d) => d === 'postgres'))('migrations beside other schemas (%s)', () => {
  const pgUrl = process.env.TEST_DATABASE_URL as string;
  const dropped: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const drop of dropped.splice(0)) await drop();
  });

  it("lists our schema's tables only, with their columns", async () => {
    const other = `other_${crypto.randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.sessions (odd text)`);
    dropped.push(async () => {
      await client.query(`DROP SCHEMA ${other} CASCADE`);
      await client.end();
    });
    const made = await emptyDatabase('postgres');
    dropped.push(made.drop);
    const { database } = made;
    await migrateToLatest(untyped(database.db as Kysely<unknown>), 'postgres', database.schema);

    const tables = await database.db.introspection.getTables();
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([database.schema]));
    expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
    const sessions = tables.find((t) => t.name === 'sessions');
    expect(sessions?.columns.map((c) => c.name)).toEqual([
      'id_hash',
      'user_id',
      'admin_id',
      'created_at',
      'expires_at',
    ]);
    expect(sessions?.columns.find((c) => c.name === 'expires_at')).toMatchObject({
      dataType: 'text',
      isNullable: false,
      isAutoIncrementing: false,
    });
    const admins = tables.find((t) => t.name === 'admin_accounts');
    // serial: a sequence owned by the column; an index on a column is not one.
    expect(admins?.columns.find((c) => c.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      hasDefaultValue: true,
    });
    expect(admins?.columns.find((c) => c.name === 'username')).toMatchObject({ isAutoIncrementing: false });
    const internal = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(internal.map((t) => t.name)).toContain('kysely_migration');
    // No schema configured: the connection's own (public here), not every schema's.
    const plain = connectDatabase(pgUrl);
    try {
      const names = new Set((await plain.db.introspection.getTables()).map((t) => t.schema));
      expect([...names].filter((n) => n !== 'public')).toEqual([]);
    } finally {
      await plain.db.destroy();
    }
  });

  // CI failed once on Kysely's own introspector: it lists every schema's columns and resolves
  // each by name, so a test file dropping its schema at that moment failed our migration
  // ("column "expires_at" of relation "sessions" does not exist", or 3F000 for the schema).
  it('migrate while other schemas are made and dropped around them', async () => {
    const churn = new pg.Client({ connectionString: pgUrl });
    await churn.connect();
    let churning = true;
    let churned = 0;
    const loop = (async () => {
      while (churning) {
        const name = `churn_${crypto.randomBytes(5).toString('hex')}`;
        await churn.query(
          `CREATE SCHEMA ${name}; CREATE TABLE ${name}.sessions (id serial primary key, a text, b text, c text, expires_at text)`,
        );
        await churn.query(`DROP SCHEMA ${name} CASCADE`);
        churned++;
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const made = await emptyDatabase('postgres');
        dropped.push(made.drop);
        await migrateToLatest(untyped(made.database.db as Kysely<unknown>), 'postgres', made.database.schema);
      }
    } finally {
      churning = false;
      await loop;
      await churn.end();
    }
    // The churn really ran beside the migrations.
    expect(churned).toBeGreaterThan(6);
  }, 60_000);
});
