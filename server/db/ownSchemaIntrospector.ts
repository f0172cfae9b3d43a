import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  is_view: boolean;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * PostgreSQL: lists the tables of our own schema only. Kysely's introspector (which its
 * Migrator asks whether its migration tables exist) lists every schema's columns and resolves
 * each by name with pg_get_serial_sequence, so another schema dropped at that moment (another
 * app or test file sharing the database) fails our migration with that schema's error: 3F000,
 * or 42703 `column "expires_at" of relation "sessions" does not exist`. Reading one schema,
 * by oid, no other schema's DDL can reach the query.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: the introspector reads the catalog, not our typed tables
    private readonly db: Kysely<any>,
    /** null: the connection's current_schema(). */
    private readonly schema: string | null,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const schema = this.schema === null ? sql`current_schema()` : sql`${this.schema}`;
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as "schema", c.relname as "table", c.relkind = 'v' as is_view, a.attname as "column",
        t.typname as "type", tns.nspname as type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default,
        (a.attidentity <> '' or exists (select 1 from pg_catalog.pg_depend d
          join pg_catalog.pg_class seq on seq.oid = d.objid and seq.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass and d.refobjid = c.oid
            and d.refobjsubid = a.attnum)) as auto_incrementing,
        pg_catalog.col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.is_view, schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect whose introspector sees our schema only (see OwnSchemaIntrospector). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string | null,
  ) {
    super(config);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as PostgresDialect's signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.schema);
  }
}
