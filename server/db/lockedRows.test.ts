import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, userRow } from '../test/harness.ts';

const COUNT_SQL = 'select count(*) as n from users where id >= $1::text';

describe.each(testDialects.filter((d) => d === 'postgres'))('Db.lockedRows (%s)', (dialect) => {
  it('waits for the lock held elsewhere, then sees what its holder committed', async () => {
    const { database, cleanup } = await createTestDatabase(dialect);
    const other = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${database.schema}`,
    });
    await other.connect();
    try {
      await database.db.insertInto('users').values(userRow('a')).execute();
      // Another server's batch: the same lock, and a row not yet committed.
      await other.query(
        `begin; select pg_advisory_xact_lock(hashtext(current_schema() || ':' || 'users_test'))`,
      );
      await other.query(
        `insert into users (id, display_name, is_admin, is_active, created_at) values ('b', 'b', 0, 1, '2026-01-01')`,
      );
      let answered = false;
      const counted = database.lockedRows('users_test', COUNT_SQL, ['a'], 'n bigint').then((rows) => {
        answered = true;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered, 'answered while the other held the lock').toBe(false);
      await other.query('commit');
      expect((await counted).map(([n]) => Number(n))).toEqual([2]);
      // Again on the same pooled connection (its function is made once).
      const again = await database.lockedRows('users_test', COUNT_SQL, ['b'], 'n bigint');
      expect(again.map(([n]) => Number(n))).toEqual([1]);
    } finally {
      await other.end();
      await cleanup();
    }
  });

  it('refuses a statement whose parameter has no type, saying which', async () => {
    const { database, cleanup } = await createTestDatabase(dialect);
    try {
      await expect(
        database.lockedRows('users_test', 'select count(*) from users where id >= $1', ['a'], 'n bigint'),
      ).rejects.toThrow('lockedRows: $1 has no ::type');
    } finally {
      await cleanup();
    }
  });
});

describe('Db.lockedRows (sqlite)', () => {
  it('is PostgreSQL only', async () => {
    const { database, cleanup } = await createTestDatabase('sqlite');
    try {
      await expect(database.lockedRows('users_test', COUNT_SQL, ['a'], 'n bigint')).rejects.toThrow(
        'lockedRows is PostgreSQL only',
      );
    } finally {
      await cleanup();
    }
  });
});
