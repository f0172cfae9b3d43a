import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, userRow } from '../test/harness.ts';
import { hotSql } from '../util.ts';

describe.each(testDialects)('Db.rows, the hot read path (%s)', (dialect) => {
  it('answers arrays of column values, the same SQL again and again', async () => {
    const { database, cleanup } = await createTestDatabase(dialect);
    try {
      await database.db
        .insertInto('users')
        .values([userRow('a'), userRow('b')])
        .execute();
      const sql = hotSql(dialect, 'select id, is_active from users where id >= ? order by id');
      for (let i = 0; i < 3; i++) {
        const rows = await database.rows(sql, ['a']);
        expect(rows.map(([id, active]) => [id, Number(active)])).toEqual([
          ['a', 1],
          ['b', 1],
        ]);
      }
    } finally {
      await cleanup();
    }
  });

  it('never sees what an open transaction wrote and then rolled back', async () => {
    const { database, cleanup } = await createTestDatabase(dialect);
    try {
      const count = hotSql(dialect, 'select count(*) from users');
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const insertedNow = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const transaction = database.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('users').values(userRow('uncommitted')).execute();
          inserted();
          await gate;
          throw new Error('roll back');
        })
        .catch(() => 'rolled back');
      await insertedNow;
      const read = database.rows(count, []);
      release();
      expect(await transaction).toBe('rolled back');
      expect(Number((await read)[0][0])).toBe(0);
    } finally {
      await cleanup();
    }
  });
});
