// Migrated templates shared by every server test: running 20-odd migrations on a fresh
// database costs seconds per test app; starting from a migrated copy costs a fraction.
// Keyed by a hash of the migrations, so a new migration builds new templates.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsPath, openDatabase } from '#server/db/index.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

export const migrationsHash = (() => {
  const hash = createHash('sha256');
  for (const file of filesUnder(migrationsPath)) hash.update(path.relative(migrationsPath, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
})();

let pgliteDump: Promise<Blob> | undefined;

/** A dump of a migrated embedded database, built once per set of migrations (a file in the temp folder). */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `repforge-pglite-${migrationsHash}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const client = new PGlite();
      await client.waitReady;
      await migrate(drizzle(client), { migrationsFolder: migrationsPath });
      const dump = await client.dumpDataDir('none');
      await client.close();
      // Written aside and renamed: a parallel test file never reads half a dump.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    }
  })();
  return pgliteDump;
}

/** The name of a migrated PostgreSQL template database, built once per set of migrations. */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `tmpl_${migrationsHash}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const db = await admin.reserve(); // one session: the advisory lock and the DDL on it
  try {
    // One builder at a time; the others wait here and then find it built.
    await db`select pg_advisory_lock(hashtext('repforge test template'))`;
    const found = await db`select 1 from pg_database where datname = ${name}`;
    if (found.length > 0) return name;
    const building = `${name}_building`;
    await db.unsafe(`drop database if exists ${building} with (force)`);
    await db.unsafe(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.close();
    await db.unsafe(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await db`select pg_advisory_unlock_all()`.catch(() => {});
    db.release();
    await admin.end();
  }
}
