import { getTableColumns, sql, type Placeholder, type SQL, type Table } from 'drizzle-orm';
import type { Database } from './index.ts';

/** The part of drizzle's session that `db.execute` itself uses: a built query in, a prepared query out. */
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: false,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}
interface Internals {
  session: Session;
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * A raw statement rendered to text once. `build` gets a placeholder per name (drizzle's
 * `sql.placeholder`) and returns the statement; every call binds its values to that same
 * text. On a hot path this builds no SQL objects per call (drizzle renders a nested `sql`
 * template afresh each time it runs), and the driver keeps one prepared statement for it.
 * A placeholder used twice becomes two parameters with the same value.
 */
export function statement<N extends string>(names: readonly N[], build: (p: Record<N, Placeholder>) => SQL) {
  let query: { sql: string; params: unknown[] } | null = null;
  return async <T>(db: Database, values: Record<N, unknown>): Promise<T[]> => {
    const internals = db as unknown as Internals;
    query ??= internals.dialect.sqlToQuery(
      build(Object.fromEntries(names.map((n) => [n, sql.placeholder<string>(n)])) as Record<N, Placeholder>),
    );
    // As db.execute does it (drizzle-orm/pg-core/db.js), from the query already built.
    const result = (await internals.session.prepareQuery(query, undefined, undefined, false).execute(values)) as T[] | { rows: T[] };
    return Array.isArray(result) ? result : result.rows;
  };
}

/** A table's row from `to_jsonb(row)`: column names to field names, values as drizzle maps them from the driver. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
