import type { Kysely } from 'kysely';
import type { DailySubmissionsTable, Database, ScoreSubmissionsTable } from '../db/schema.ts';
import { isUniqueViolation, nowIso } from '../util.ts';

/** The idempotency tables of the submit calls: one row per key, pending until its submit completes it. */
export interface SubmissionTables {
  score_submissions: ScoreSubmissionsTable;
  daily_submissions: DailySubmissionsTable;
}

/**
 * 'new': this call owns the key and must complete or release it; 'pending': another submit
 * with the key is still in progress; 'conflict': the key was used for another call; 'done':
 * an earlier submit with the key made this result.
 */
export type SubmissionClaimOf<Done> =
  | { state: 'new' }
  | { state: 'pending' }
  | { state: 'conflict' }
  | ({ state: 'done' } & Done);

/** What a claim is made on, for one of the tables. */
export interface ClaimSpec<T extends keyof SubmissionTables, Done> {
  table: T;
  key: string;
  /** The columns that say which call the key belongs to: a row with other values is a conflict. */
  call: Partial<SubmissionTables[T]>;
  /** The other columns of a pending row (the result columns, empty). */
  pending: Partial<SubmissionTables[T]>;
  /** What an earlier submit made, read from its row; null while it is still pending. */
  done(row: SubmissionTables[T]): Done | null;
}

/**
 * Claims an idempotency key: inserts its pending row, or, when the key is there already
 * (the primary key refuses the insert), reads the row an earlier submit left. A row that
 * vanished between the two (its submit failed and released it) reads as pending.
 */
export async function claimSubmission<T extends keyof SubmissionTables, Done>(
  database: Kysely<Database>,
  spec: ClaimSpec<T, Done>,
): Promise<SubmissionClaimOf<Done>> {
  // One body for both tables: Kysely cannot type a table name that is a type parameter.
  const db = database as unknown as Kysely<Record<string, { idempotency_key: string }>>;
  const table: string = spec.table;
  try {
    await db
      .insertInto(table)
      .values({ ...spec.call, ...spec.pending, idempotency_key: spec.key, created_at: nowIso() })
      .execute();
    return { state: 'new' };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const row = (await db
    .selectFrom(table)
    .selectAll()
    .where('idempotency_key', '=', spec.key)
    .executeTakeFirst()) as SubmissionTables[T] | undefined;
  if (!row) return { state: 'pending' };
  for (const [column, value] of Object.entries(spec.call))
    if (row[column as keyof SubmissionTables[T]] !== value) return { state: 'conflict' };
  const done = spec.done(row);
  return done === null ? { state: 'pending' } : { state: 'done', ...done };
}
