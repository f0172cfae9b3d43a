import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in (search_path); null = the default. */
  schema: string | null;
  /** SQLite: the database file (null in memory and on PostgreSQL), for a second connection in a worker. */
  file: string | null;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export interface ConnectOptions {
  /** PostgreSQL only: work inside this schema (tests give each file its own). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/** Opens the database named by a postgres:// URL or a SQLite file path (created with its folder). */
export function connectDatabase(url: string, options: ConnectOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const schema = options.schema ?? null;
    if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      schema,
      file: null,
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
  return {
    db: new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database }) }),
    dialect: 'sqlite',
    schema: null,
    file: url === ':memory:' ? null : path.resolve(url),
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
