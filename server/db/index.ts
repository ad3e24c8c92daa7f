import path from 'node:path';
import { appRoot } from '#server/lib/app-root.ts';
import { mkdir } from 'node:fs/promises';
import type postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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

const migrationsFolder = path.join(appRoot, 'server', 'db', 'migrations');

/** Statements with at most this many parameters are prepared (bulk inserts vary in size and are not). */
const MAX_PREPARED_PARAMETERS = 64;

/**
 * postgres-js with drizzle sends every parameterised statement unprepared: a Describe round
 * trip first, then the query, planned afresh. Prepared on each connection (by text, once),
 * a repeated statement is one round trip on a cached plan.
 *
 * Transactions run on a reserved connection with BEGIN pipelined ahead of their first
 * statements (postgres-js waits for BEGIN's answer first: a round trip on every
 * transaction). As with postgres-js's own begin, a statement that fails unawaited still
 * rolls the transaction back: PostgreSQL aborts it and COMMIT then ends it as ROLLBACK.
 */
function preparing<T extends postgres.Sql>(client: T, block: { failures: unknown[] } | null = null): T {
  const inTransaction = block !== null;
  let savepoints = 0;
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'unsafe') {
        return (query: string, args: unknown[] = [], options: Record<string, unknown> = {}) => {
          const q = target.unsafe(query, args as postgres.ParameterOrJSON<never>[], {
            ...options,
            prepare: args.length > 0 && args.length <= MAX_PREPARED_PARAMETERS,
          });
          // Like postgres-js's begin: a statement that failed, awaited or not, fails the block.
          if (block) q.catch((e: unknown) => block.failures.push(e));
          return q;
        };
      }
      if (prop === 'begin' && !inTransaction) {
        return async (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          const mode = typeof args[0] === 'string' ? args[0].replace(/[^a-z ]/gi, '') : '';
          const reserved = await target.reserve();
          try {
            return await inBlock(reserved, `begin ${mode}`, 'commit', 'rollback', fn);
          } finally {
            reserved.release();
          }
        };
      }
      if (prop === 'savepoint' && inTransaction) {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          const name = `s${savepoints++}`;
          return inBlock(target, `savepoint ${name}`, `release savepoint ${name}`, `rollback to savepoint ${name}`, fn);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  async function inBlock(conn: postgres.Sql, open: string, done: string, undo: string, fn: (tx: postgres.Sql) => unknown) {
    // Sent now, unawaited: the block's statements queue behind it on this connection.
    const opened = conn.unsafe(open);
    let openError: unknown = null;
    opened.catch((e: unknown) => {
      openError = e;
    });
    const block = { failures: [] as unknown[] };
    let result: unknown;
    try {
      result = await fn(preparing(conn, block));
      await opened;
      if (block.failures.length) throw block.failures[0];
    } catch (error) {
      await conn.unsafe(undo).catch(() => {});
      throw openError ?? error;
    }
    await conn.unsafe(done);
    return result;
  }
}

export interface OpenOptions {
  /** PostgreSQL connection string; without it the embedded database. */
  url?: string;
  /** Where the embedded database keeps its files; without it, in memory. */
  dataDir?: string;
  /** An embedded database in memory starts from this dump (`PGlite.dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** An embedded database already open (the server tests lend one from a pool, `tests/server/pglite-pool.ts`). */
  pglite?: PGlite;
}

/** Where the migrations live (tests hash them to reuse a migrated template). */
export const migrationsPath = migrationsFolder;

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    // The PostgreSQL client is loaded only when a URL is given (server/lib/lazy-load.ts).
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
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
  const client =
    opts.pglite ?? (opts.dataDir ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}));
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
