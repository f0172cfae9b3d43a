import { describe, expect, it } from 'vitest';
import {
  insertParams,
  type NewScore,
  SCORE_COLUMNS,
  SQLITE_INSERT_SQL,
  sqliteInsertSql,
} from './scoreInsert.ts';

const score: NewScore = {
  game_id: 'g',
  user_id: 'u1',
  player_name: 'p',
  score: 42,
  duration: 3.5,
  level_or_mode: 'hard',
  metadata: { lap: 2 },
  verified: true,
  ip_address: '10.0.0.1',
};

describe('a new score row', () => {
  it('has a parameter per column, in SCORE_COLUMNS order, as the databases store them', () => {
    const params = insertParams(score);
    expect(params.length).toBe(SCORE_COLUMNS.length);
    const row = Object.fromEntries(SCORE_COLUMNS.map((column, i) => [column, params[i]]));
    expect(row).toMatchObject({ game_id: 'g', score: 42, metadata: '{"lap":2}', verified: 1 });
    expect(typeof row.created_at).toBe('string');
    expect(insertParams({ ...score, metadata: null, verified: false }).slice(6, 8)).toEqual([null, 0]);
  });

  it('is inserted by SQLite with a placeholder per parameter, one VALUES row per score', () => {
    expect(SQLITE_INSERT_SQL).toBe(sqliteInsertSql(1));
    for (const rows of [1, 3]) {
      const text = sqliteInsertSql(rows);
      expect(text.match(/\?/g)?.length).toBe(rows * SCORE_COLUMNS.length);
      expect(text.match(/\(\?/g)?.length).toBe(rows);
      expect(text.endsWith(' returning id')).toBe(true);
    }
  });
});
