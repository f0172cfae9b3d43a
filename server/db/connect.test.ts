import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrations.ts';

describe('SQLite migrations', () => {
  it('a migration that fails part-way leaves no half-made schema behind', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'futile-migrate-')), 'db.sqlite');
    const database = connectDatabase(file);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({
        db,
        provider: {
          getMigrations: async () => ({
            '0001_half': {
              async up(trx: Kysely<unknown>) {
                await trx.schema.createTable('first').addColumn('id', 'integer').execute();
                throw new Error('interrupted');
              },
            },
          }),
        },
      });
      const { error } = await migrator.migrateToLatest();
      expect(String(error)).toContain('interrupted');
      const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
        db,
      );
      expect(tables.rows.map((r) => r.name)).not.toContain('first');
      // The real migrations still run on that file afterwards.
      await migrateToLatest(db as never, 'sqlite');
      const after = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
        db,
      );
      expect(after.rows.map((r) => r.name)).toContain('users');
    } finally {
      await database.db.destroy();
    }
  });
});
