/**
 * PostgreSQL's statement for a batch of score submits (the ranks' counts, the bucket
 * deltas and the inserts in one round trip) and its parameters. The text is fixed and the
 * rows travel as arrays: see PG_SUBMIT_SQL for why.
 */
import { type AheadCount, type BucketDelta, bucketScope } from '../domain/scoreRanks.ts';
import { insertParams, type NewScore, SCORE_COLUMNS } from './scoreInsert.ts';

/**
 * PostgreSQL: a whole batch of submits as one statement whose text never changes, whatever
 * the batch holds (its rows travel as arrays), so it is parsed and planned once per pooled
 * connection (a named statement). Every part sees the database as it was before the
 * statement, so the counts leave the batch out. It runs after an advisory lock that every
 * server's submits take (Db.lockedRows): batches of two servers would otherwise count
 * without each other's uncommitted rows, and a rank could miss a better score with a
 * smaller id (server/routes/scoreRanksConcurrent.test.ts).
 *
 * It was a statement written out per batch (a union arm and six parameters per distinct
 * score, a VALUES row per score): never the same text twice, so planned every time, and
 * planning grew with the batch (325 ms for 49 scores on the loaded 2-core machine, against
 * 37 ms to run it). Submits are written one batch at a time, so a slow batch made the next
 * one bigger and slower still: at 1,000 submits/s it fell behind for good.
 *
 * `ahead`: per distinct (scope, score), the counts of the better buckets (bucket between
 * blo and bhi) plus the scores of its own bucket from the score to the bucket's better
 * edge (low..high), over the whole game (mode null) or one mode. `bumped`: the bucket
 * deltas, in key order (see ScoresRepository.bucketUpsert). `inserted`: the scores, ids
 * drawn in array order.
 */
export const PG_SUBMIT_SQL = `with ahead as (
  select t.i - 1 as i,
    (select coalesce(sum(b.n), 0) from score_buckets b
      where b.game_id = t.game_id and b.scope = t.scope and b.bucket between t.blo and t.bhi)
    + case when t.mode is null
        then (select count(*) from scores s where s.game_id = t.game_id and s.score between t.low and t.high)
        else (select count(*) from scores s
          where s.game_id = t.game_id and s.level_or_mode = t.mode and s.score between t.low and t.high)
      end as n
  from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::float8[], $7::float8[])
    with ordinality as t(game_id, mode, scope, blo, bhi, low, high, i)
), bumped as (
  insert into score_buckets (game_id, scope, bucket, n)
  select * from unnest($8::text[], $9::text[], $10::int[], $11::int[])
  on conflict (game_id, scope, bucket) do update set n = score_buckets.n + excluded.n
), inserted as (
  insert into scores (${SCORE_COLUMNS.join(', ')})
  select * from unnest($12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[], $17::text[],
    $18::text[], $19::int[], $20::text[], $21::text[])
  returning id
)
select i::bigint, n::bigint from ahead union all select -1, id::bigint from inserted`;

/** Buckets are non-negative 32-bit integers; these bound "every bucket above / below". */
const BUCKET_MIN = -1;
const BUCKET_MAX = 2 ** 31 - 1;

/** The 21 array parameters of PG_SUBMIT_SQL: one array per column of its three unnest() calls. */
export function pgSubmitParams(
  counts: readonly AheadCount[],
  deltas: readonly BucketDelta[],
  scores: readonly NewScore[],
): unknown[][] {
  const columns = (rows: readonly unknown[][], width: number) =>
    Array.from({ length: width }, (_, c) => rows.map((row) => row[c]));
  return [
    ...columns(
      counts.map((c) => [
        c.gameId,
        c.mode,
        bucketScope(c.mode),
        c.direction === 'DESC' ? c.bucket + 1 : BUCKET_MIN,
        c.direction === 'DESC' ? BUCKET_MAX : c.bucket - 1,
        c.low,
        c.high,
      ]),
      7,
    ),
    ...columns(
      deltas.map((d) => [d.gameId, d.scope, d.bucket, d.n]),
      4,
    ),
    ...columns(scores.map(insertParams), SCORE_COLUMNS.length),
  ];
}
