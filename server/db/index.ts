import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  ping(): Promise<void>;
  /** LISTEN on a channel; NOTIFY sent in a transaction arrives here once it commits. Resolves to an unlisten. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Statements with at most this many parameters are prepared (bulk inserts vary in size and are not). */
const MAX_PREPARED_PARAMETERS = 64;

/**
 * postgres-js with drizzle sends every parameterised statement unprepared: a Describe round
 * trip first, then the query, planned afresh. Prepared on each connection (by text, once),
 * a repeated statement is one round trip on a cached plan. Transactions and savepoints hand
 * out new clients, so they are wrapped the same way.
 */
function preparing<T extends postgres.Sql>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'unsafe') {
        return (query: string, args: unknown[] = [], options: Record<string, unknown> = {}) =>
          target.unsafe(query, args as postgres.ParameterOrJSON<never>[], {
            ...options,
            prepare: args.length > 0 && args.length <= MAX_PREPARED_PARAMETERS,
          });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[prop]!(...args, (tx: postgres.Sql) => fn(preparing(tx)));
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (opts.url) {
    const client = preparing(postgres(opts.url, { max: 10, onnotice: () => {} }));
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // postgres-js keeps one extra connection for all LISTENs and re-listens after a reconnect.
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}
