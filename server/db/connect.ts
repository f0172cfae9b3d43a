import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './ownSchemaIntrospector.ts';
import type { Database } from './schema.ts';
import { SqliteBatchWriter } from './sqliteWriter.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in (search_path); null = the default. */
  schema: string | null;
  /** SQLite: the database file (null in memory and on PostgreSQL), for a second connection in a worker. */
  file: string | null;
  /**
   * Rows as arrays of column values, for the few hottest reads (session lookup, saves
   * list): SQL text with `?` placeholders made by hotSql, prepared once per connection.
   * On SQLite it runs at once on the connection, without Kysely's queue (a promise chain
   * and a row object per row), unless a Kysely transaction is open there: then it waits
   * for it like any query, so it never sees uncommitted writes.
   */
  rows(sql: string, params: readonly unknown[]): Promise<unknown[][]>;
  /**
   * A hot write (hotSql text, rows as arrays when it has RETURNING), acknowledged once
   * durable. PostgreSQL: a named statement, as rows(). A SQLite file: on the writer thread
   * (Db.writes), sharing a commit with the writes that arrive with it, so the disk flush
   * never stalls the event loop. SQLite in memory: as rows().
   */
  write(sql: string, params: readonly unknown[]): Promise<unknown[][]>;
  /** SQLite file only: the writer thread's connection (score batches and write()); null elsewhere. */
  writes: SqliteBatchWriter | null;
  /**
   * PostgreSQL only: like rows(), but in a transaction that first takes the transaction-level
   * advisory lock `lock` (hashed with the schema, so schemas sharing a database stay apart).
   * Every process doing the same waits for the one before it to commit, and the statement,
   * run after the lock, sees what that one wrote: what keeps submit ranks exact across servers.
   * Every `$n` of `sql` carries its type (`$1::text[]`); `columns` types what it returns
   * (`i bigint, n bigint`).
   */
  lockedRows(lock: string, sql: string, params: readonly unknown[], columns: string): Promise<unknown[][]>;
  /** Called after every query with its SQL, duration and outcome (metrics add one). */
  queryObservers: Set<QueryObserver>;
  /**
   * SQLite: a mark that changes whenever anything is committed to the database, by this
   * connection, by the writer thread, or by another process on the same file (`PRAGMA
   * data_version` with this connection's `total_changes()`): while it stays the same, a read
   * answers what it answered before, so the answer may be reused. null inside an open
   * transaction, and always on PostgreSQL (no such mark without a round trip, and other
   * servers write to it too).
   */
  changeMark(): string | null;
}

export type QueryObserver = (sql: string, ms: number, failed: boolean) => void;

/** Kysely's log hook, fanned out to a Db's observers (timing costs nothing when there are none). */
function observe(observers: Set<QueryObserver>) {
  return (event: import('kysely').LogEvent) => {
    for (const o of observers) o(event.query.sql, event.queryDurationMillis, event.level === 'error');
  };
}

/** Runs a hot read, timing it for the observers when there are any. */
async function timed<T>(observers: Set<QueryObserver>, sql: string, run: () => Promise<T> | T): Promise<T> {
  if (observers.size === 0) return run();
  const start = performance.now();
  let failed = true;
  try {
    const result = await run();
    failed = false;
    return result;
  } finally {
    const ms = performance.now() - start;
    for (const o of observers) o(sql, ms, failed);
  }
}

/** A lock name fit to stand in SQL text as it is (lockedRows' names are constants of the code). */
function lockName(lock: string): string {
  if (!/^[a-z_]{1,40}$/.test(lock)) throw new Error(`Bad lock name ${lock}`);
  return lock;
}

interface LockedStatement {
  name: string;
  /** Makes the connection's own function (pg_temp lasts as long as the connection). */
  create: string;
  /** Calls it: the statement's parameters, in order. */
  call: string;
}

/**
 * lockedRows' statement as a function of the connection's temporary schema: the lock and
 * the statement run in one call, committed as it returns, so one round trip from the server
 * and the lock held only while the database works. Run as begin, lock, statement and commit
 * from the server, it was held for three round trips, and with them for as long as the
 * server's busy event loop took to send the next one: the other server's submits queued
 * behind that. The statement inside takes its snapshot after the lock (each statement of a
 * PL/pgSQL function does, under read committed), so it sees the rows the last holder committed.
 */
function lockedStatement(name: string, lock: string, sql: string, columns: string): LockedStatement {
  const types: string[] = [];
  for (const [, n, type] of sql.matchAll(/\$(\d+)::([a-z0-9_]+(?:\[\])?)/g)) types[Number(n) - 1] = type;
  const count = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map(([, n]) => Number(n)));
  for (let i = 0; i < count; i++) if (!types[i]) throw new Error(`lockedRows: $${i + 1} has no ::type`);
  const args = types.map((_, i) => `$${i + 1}`).join(', ');
  return {
    name,
    create: `create function pg_temp.${name}(${types.join(', ')}) returns table (${columns})
      language plpgsql volatile as $locked$
      #variable_conflict use_column
      begin
        perform pg_advisory_xact_lock(hashtext(current_schema() || ':' || '${lock}'));
        return query ${sql};
      end $locked$`,
    call: `select * from pg_temp.${name}(${args})`,
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export interface ConnectOptions {
  /** PostgreSQL only: work inside this schema (tests give each file its own). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * PostgreSQL: how long a query waits for a pooled connection (or a new one) before it fails
   * with a DatabaseBusyError, so a saturated database answers 503 instead of queueing forever.
   */
  queueTimeoutMs?: number;
}

/** The database could not take the query in time (pool wait over, SQLite lock held): retry later. */
export function isDatabaseBusy(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === 'SQLITE_BUSY' ||
    e?.message === 'timeout exceeded when trying to connect' ||
    e?.message === 'Connection terminated due to connection timeout'
  );
}

/** Opens the database named by a postgres:// URL or a SQLite file path (created with its folder). */
/** Creates a PostgreSQL schema unless it exists (several servers may race here: IF NOT EXISTS settles it). */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (err) {
    // Two servers starting at once can both miss the schema and race on the catalog.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const schema = options.schema ?? null;
    if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.queueTimeoutMs ?? 5000,
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    // Named statements are parsed and planned once per pooled connection.
    const names = new Map<string, string>();
    const lockedStatements = new Map<string, LockedStatement>();
    /** The lockedRows functions each pooled connection has made (they live as long as it). */
    const functionsMade = new WeakMap<pg.PoolClient, Set<string>>();
    const queryObservers = new Set<QueryObserver>();
    async function rows(sql: string, params: readonly unknown[]): Promise<unknown[][]> {
      let name = names.get(sql);
      if (!name) {
        name = `hot_${names.size}`;
        names.set(sql, name);
      }
      const query = { name, text: sql, values: [...params], rowMode: 'array' as const };
      return timed(queryObservers, sql, async () => (await pool.query(query)).rows);
    }
    return {
      db: new Kysely<Database>({
        dialect: new OwnSchemaPostgresDialect({ pool }, schema),
        log: observe(queryObservers),
      }),
      dialect: 'postgres',
      schema,
      file: null,
      queryObservers,
      rows,
      write: rows,
      writes: null,
      changeMark: () => null,
      async lockedRows(lock, sql, params, columns) {
        let locked = lockedStatements.get(sql);
        if (!locked) {
          locked = lockedStatement(`locked_${lockedStatements.size}`, lockName(lock), sql, columns);
          lockedStatements.set(sql, locked);
        }
        const client = await pool.connect();
        let failed = false;
        try {
          const made = functionsMade.get(client) ?? new Set<string>();
          functionsMade.set(client, made);
          if (!made.has(locked.name)) {
            await client.query(locked.create);
            made.add(locked.name);
          }
          const query = {
            name: locked.name,
            text: locked.call,
            values: [...params],
            rowMode: 'array' as const,
          };
          return (await timed(queryObservers, sql, () => client.query(query))).rows;
        } catch (err) {
          failed = true;
          throw err;
        } finally {
          // A connection that failed mid-call may be broken: the pool drops it (and its function).
          client.release(failed ? true : undefined);
        }
      },
    };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  // WAL for concurrent readers; FULL sync so an acknowledged save survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Kysely prepares every statement anew; the same few SQL texts repeat, so keep them prepared.
  const prepared = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (prepared.size >= 500) prepared.clear();
        prepared.set(sql, statement);
      }
      return statement;
    },
  };
  const queryObservers = new Set<QueryObserver>();
  const db = new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect({ database }),
    log: observe(queryObservers),
  });
  // Kept apart from Kysely's statements: these answer arrays (raw mode).
  const hot = new Map<string, SQLite.Statement>();
  const file = url === ':memory:' ? null : path.resolve(url);
  const writes = file ? new SqliteBatchWriter(file) : null;
  async function rows(sql: string, params: readonly unknown[]): Promise<unknown[][]> {
    if (sqlite.inTransaction) {
      const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql, [...params]));
      return rows.map((row) => Object.values(row));
    }
    let statement = hot.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (statement.reader) statement.raw(true);
      if (hot.size >= 100) hot.clear();
      hot.set(sql, statement);
    }
    const ready = statement;
    return timed(queryObservers, sql, () => {
      if (ready.reader) return ready.all(...params) as unknown[][];
      ready.run(...params);
      return [];
    });
  }
  // data_version moves when another connection (the writer thread, another process) commits;
  // total_changes() counts this connection's own inserts, updates and deletes.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  return {
    db,
    dialect: 'sqlite',
    changeMark: () => (sqlite.inTransaction ? null : `${dataVersion.get()}:${ownChanges.get()}`),
    schema: null,
    file,
    queryObservers,
    rows,
    write: writes ? (sql, params) => timed(queryObservers, sql, () => writes.rows(sql, params)) : rows,
    writes,
    lockedRows() {
      return Promise.reject(new Error('lockedRows is PostgreSQL only'));
    },
  };
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its
 * migrator would apply a migration and record it outside one: a start interrupted
 * mid-migration left a half-made schema that the next start refused. Claiming
 * transactional DDL makes each migration and its bookkeeping one transaction.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}
