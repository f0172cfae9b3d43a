import { type CreateTableBuilder, type Kysely, type Migration, Migrator, sql } from 'kysely';
import { bucketScope, rankBucket } from '../domain/scoreRanks.ts';
import type { Dialect } from './connect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
type UntypedDb = Kysely<any>;
/**
 * One migration set for both dialects, in code (no files to find at run time).
 * Append new migrations; never edit one that has shipped.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const serialId = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    '0001_initial': {
      async up(db: UntypedDb) {
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('avatar_url', 'text')
          .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_login', 'text')
          .execute();
        await db.schema
          .createTable('user_identities')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
          .execute();
        await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

        await serialId(
          db.schema
            .createTable('admin_accounts')
            .addColumn('username', 'text', (c) => c.notNull().unique())
            .addColumn('email', 'text', (c) => c.unique())
            .addColumn('display_name', 'text', (c) => c.notNull())
            .addColumn('password_hash', 'text', (c) => c.notNull())
            .addColumn('totp_secret', 'text')
            .addColumn('totp_last_step', 'bigint')
            .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('created_at', 'text', (c) => c.notNull())
            .addColumn('last_login', 'text'),
        ).execute();

        await db.schema
          .createTable('sessions')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('admin_id', 'integer', (c) => c.references('admin_accounts.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
        await db.schema.createIndex('sessions_admin').on('sessions').column('admin_id').execute();

        await db.schema
          .createTable('saves')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('app_id', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('etag', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('saves_user_app_key', ['user_id', 'app_id', 'key'])
          .execute();
        await db.schema
          .createIndex('saves_user_updated')
          .on('saves')
          .columns(['user_id', 'updated_at'])
          .execute();

        await db.schema
          .createTable('game_configs')
          .addColumn('game_id', 'text', (c) => c.primaryKey())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('score_type', 'text', (c) => c.notNull())
          .addColumn('sort_order', 'text', (c) => c.notNull())
          .execute();
        await db
          .insertInto('game_configs')
          .values([
            { game_id: 'whac-a-moji', display_name: 'Whac-a-Moji', score_type: 'points', sort_order: 'DESC' },
            {
              game_id: 'lunar-lander',
              display_name: 'Lunar Lander',
              score_type: 'points',
              sort_order: 'DESC',
            },
          ])
          .execute();

        await serialId(
          db.schema
            .createTable('scores')
            .addColumn('game_id', 'text', (c) => c.notNull())
            .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('player_name', 'text', (c) => c.notNull())
            .addColumn('score', 'double precision', (c) => c.notNull())
            .addColumn('duration', 'double precision')
            .addColumn('level_or_mode', 'text')
            .addColumn('metadata', 'text')
            .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('ip_address', 'text')
            .addColumn('created_at', 'text', (c) => c.notNull()),
        ).execute();
        await db.schema.createIndex('scores_game_score').on('scores').columns(['game_id', 'score']).execute();
        await db.schema
          .createIndex('scores_game_mode_score')
          .on('scores')
          .columns(['game_id', 'level_or_mode', 'score'])
          .execute();
        await db.schema.createIndex('scores_user').on('scores').column('user_id').execute();

        await db.schema
          .createTable('used_run_tickets')
          .addColumn('nonce', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('tracks')
          .addColumn('hash', 'text', (c) => c.primaryKey())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('point_count', 'integer', (c) => c.notNull())
          .addColumn('brush_width', 'double precision', (c) => c.notNull())
          .addColumn('ip_address', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('load_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_loaded_at', 'text')
          .execute();
        await db.schema.createIndex('tracks_created').on('tracks').column('created_at').execute();
        await db.schema
          .createTable('track_ratings')
          .addColumn('hash', 'text', (c) => c.notNull().references('tracks.hash').onDelete('cascade'))
          .addColumn('rater', 'text', (c) => c.notNull())
          .addColumn('rating', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('track_ratings_pk', ['hash', 'rater'])
          .execute();
        await db.schema.createIndex('track_ratings_rater').on('track_ratings').column('rater').execute();

        await serialId(
          db.schema
            .createTable('audit_log')
            .addColumn('actor', 'text', (c) => c.notNull())
            .addColumn('action', 'text', (c) => c.notNull())
            .addColumn('target', 'text')
            .addColumn('details', 'text')
            .addColumn('created_at', 'text', (c) => c.notNull()),
        ).execute();

        await db.schema
          .createTable('account_deletions')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // Saves lists page newest first with the id as tie-break: indexes that give that order
    // directly (no sort per request), for all of a user's saves and per app.
    '0002_saves_list_order': {
      async up(db: UntypedDb) {
        await db.schema.dropIndex('saves_user_updated').execute();
        await db.schema
          .createIndex('saves_user_updated_id')
          .on('saves')
          .columns(['user_id', 'updated_at', 'id'])
          .execute();
        await db.schema
          .createIndex('saves_user_app_updated_id')
          .on('saves')
          .columns(['user_id', 'app_id', 'updated_at', 'id'])
          .execute();
      },
    },
    // Offline clients queue a finished run's score and send it when the network returns,
    // possibly more than once (a lost response, two tabs): the key a client gives its
    // submission maps to the score it made, so a repeat answers the same score, not a new one.
    '0003_scores_idempotency_key': {
      async up(db: UntypedDb) {
        await db.schema
          .createTable('score_submissions')
          .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
          .addColumn('game_id', 'text', (c) => c.notNull())
          .addColumn('score_id', 'integer', (c) => c.references('scores.id').onDelete('cascade'))
          .addColumn('rank', 'integer')
          .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('score_submissions_created')
          .on('score_submissions')
          .column('created_at')
          .execute();
      },
    },
    // Submit ranks counted every better score on the score index, a walk over about half a
    // game's rows per batch: bucketed counts make it a sum of a few hundred counts and a
    // walk within one bucket (server/domain/scoreRanks.ts). Filled from the scores here.
    '0004_score_buckets': {
      async up(db: UntypedDb) {
        await db.schema
          .createTable('score_buckets')
          .addColumn('game_id', 'text', (c) => c.notNull())
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('bucket', 'integer', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('score_buckets_pk', ['game_id', 'scope', 'bucket'])
          .execute();
        const counts = new Map<string, { game_id: string; scope: string; bucket: number; n: number }>();
        const add = (game_id: string, scope: string, bucket: number, n: number) => {
          const key = JSON.stringify([game_id, scope, bucket]);
          const row = counts.get(key);
          if (row) row.n += n;
          else counts.set(key, { game_id, scope, bucket, n });
        };
        const rows = await db
          .selectFrom('scores')
          .select((eb) => ['game_id', 'level_or_mode', 'score', eb.fn.countAll().as('n')])
          .groupBy(['game_id', 'level_or_mode', 'score'])
          .execute();
        for (const row of rows) {
          const bucket = rankBucket(Number(row.score));
          add(row.game_id, bucketScope(null), bucket, Number(row.n));
          if (row.level_or_mode !== null)
            add(row.game_id, bucketScope(row.level_or_mode), bucket, Number(row.n));
        }
        const all = [...counts.values()];
        for (let i = 0; i < all.length; i += 500)
          await db
            .insertInto('score_buckets')
            .values(all.slice(i, i + 500))
            .execute();
      },
    },
    // Whac-a-Moji Daily: one board per game and UTC day, apart from the normal boards. A
    // signed-in player has one entry per day (their best: the unique index, whose NULL user
    // ids stay distinct on both databases, so guests add a row per run); each submit's
    // idempotency key maps to the entry it made, as score_submissions does for the normal board.
    '0005_daily_scores': {
      async up(db: UntypedDb) {
        await serialId(
          db.schema
            .createTable('daily_scores')
            .addColumn('game_id', 'text', (c) => c.notNull())
            .addColumn('day', 'text', (c) => c.notNull())
            .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('player_name', 'text', (c) => c.notNull())
            .addColumn('score', 'double precision', (c) => c.notNull())
            .addColumn('duration', 'double precision')
            .addColumn('metadata', 'text')
            .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('ip_address', 'text')
            .addColumn('created_at', 'text', (c) => c.notNull()),
        ).execute();
        await db.schema
          .createIndex('daily_scores_game_day_user')
          .on('daily_scores')
          .columns(['game_id', 'day', 'user_id'])
          .unique()
          .execute();
        await db.schema
          .createIndex('daily_scores_game_day_score')
          .on('daily_scores')
          .columns(['game_id', 'day', 'score'])
          .execute();
        await db.schema
          .createTable('daily_submissions')
          .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
          .addColumn('game_id', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('entry_id', 'integer', (c) => c.references('daily_scores.id').onDelete('cascade'))
          .addColumn('rank', 'integer')
          .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('best', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // The input log of each verified run, kept so the run can fly again as a ghost
    // (server/routes/runs.ts). One row per score; it goes when its score goes.
    '0006_run_logs': {
      async up(db: UntypedDb) {
        await db.schema
          .createTable('run_logs')
          .addColumn('score_id', 'integer', (c) => c.primaryKey().references('scores.id').onDelete('cascade'))
          .addColumn('game_id', 'text', (c) => c.notNull())
          // Ticket seeds are unsigned 32-bit: past PostgreSQL's integer.
          .addColumn('seed', 'bigint', (c) => c.notNull())
          .addColumn('levels_cleared', 'integer', (c) => c.notNull())
          .addColumn('inputs', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('run_logs_game_levels')
          .on('run_logs')
          .columns(['game_id', 'levels_cleared'])
          .execute();
      },
    },
    // Each save's entry in the saves list (the list.php item: id, key, version, etag, appId,
    // updatedAt) as JSON text on its row, so a list joins texts instead of building 50 objects
    // per call: on PostgreSQL building them was most of the database's work for the hottest
    // read. PostgreSQL stores it, kept by a trigger on every insert and update (whoever writes
    // the row, the app or an operator); SQLite computes it as the row is read (a virtual column).
    '0007_saves_list_item': {
      async up(db: UntypedDb) {
        if (dialect === 'sqlite') {
          await sql`alter table saves add column list_item text generated always as (json_object('id', id, 'key', key, 'version', version, 'etag', etag, 'appId', app_id, 'updatedAt', updated_at)) virtual`.execute(
            db,
          );
          return;
        }
        await sql`alter table saves add column list_item text not null default ''`.execute(db);
        await sql`create function saves_list_item() returns trigger language plpgsql as $body$
          begin
            new.list_item := (select to_json(item)::text from (select new.id as "id", new.key as "key",
              new.version as "version", new.etag as "etag", new.app_id as "appId",
              new.updated_at as "updatedAt") as item);
            return new;
          end $body$`.execute(db);
        await sql`create trigger saves_list_item before insert or update on saves for each row execute function saves_list_item()`.execute(
          db,
        );
        await sql`update saves set list_item = ''`.execute(db);
      },
    },
  };
}

const isBusy = (error: unknown) =>
  (error as { code?: string } | undefined)?.code === 'SQLITE_BUSY' ||
  /database is locked/.test(String(error ?? ''));

export async function migrateToLatest(
  db: UntypedDb,
  dialect: Dialect,
  schema: string | null = null,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Name the schema so Kysely does not mistake another schema's migration table for ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // SQLite: several servers starting on one file, a migration transaction that read before
  // another process wrote cannot upgrade its lock and fails at once with SQLITE_BUSY (waiting
  // could deadlock); the other's migrations are then done, and asking again settles it.
  // (PostgreSQL needs no retry: its migrator reads our schema only, see OwnSchemaIntrospector.)
  for (let attempt = 1; attempt <= 20 && dialect === 'sqlite' && isBusy(error); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
