import { describe, expect, it } from 'vitest';
import type { AheadCount, BucketDelta } from '../domain/scoreRanks.ts';
import { PG_SUBMIT_SQL, pgSubmitParams } from './pgSubmit.ts';
import type { NewScore } from './scoreInsert.ts';

const score = (points: number, mode: string | null): NewScore => ({
  game_id: 'g',
  user_id: null,
  player_name: 'p',
  score: points,
  duration: null,
  level_or_mode: mode,
  metadata: null,
  verified: true,
  ip_address: null,
});

const count = (direction: 'ASC' | 'DESC', mode: string | null): AheadCount => ({
  gameId: 'g',
  mode,
  direction,
  bucket: 100,
  low: 5,
  high: 7,
});

const delta: BucketDelta = { gameId: 'g', scope: '*', bucket: 100, n: 2 };

describe('pgSubmitParams', () => {
  // The statement's text never changes, so its parameters must be exactly the arrays it names.
  it('gives one array for each $n of the statement', () => {
    const placeholders = new Set(PG_SUBMIT_SQL.match(/\$\d+/g));
    const params = pgSubmitParams([count('DESC', null)], [delta], [score(6, null)]);
    expect(placeholders.size).toBe(21);
    expect(params.length).toBe(placeholders.size);
  });

  it('turns rows into columns: the counts (7), the bucket deltas (4), the scores (10)', () => {
    const params = pgSubmitParams(
      [count('DESC', null), count('ASC', 'hard')],
      [delta],
      [score(6, null), score(7, 'hard'), score(8, null)],
    );
    expect(params.slice(0, 7).map((column) => column.length)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(params.slice(7, 11)).toEqual([['g'], ['*'], [100], [2]]);
    expect(params.slice(11).map((column) => column.length)).toEqual(Array(10).fill(3));
    expect(params[11 + 3]).toEqual([6, 7, 8]);
    expect(params[11 + 5]).toEqual([null, 'hard', null]);
    expect(params[11 + 7]).toEqual([1, 1, 1]);
  });

  it('counts the buckets above a DESC score and below an ASC one, in the score scope', () => {
    const [gameIds, modes, scopes, from, to, low, high] = pgSubmitParams(
      [count('DESC', null), count('ASC', 'hard')],
      [],
      [],
    );
    expect(gameIds).toEqual(['g', 'g']);
    expect(modes).toEqual([null, 'hard']);
    expect(scopes).toEqual(['*', '=hard']);
    expect(from).toEqual([101, -1]);
    expect(to).toEqual([2 ** 31 - 1, 99]);
    expect(low).toEqual([5, 5]);
    expect(high).toEqual([7, 7]);
  });
});
