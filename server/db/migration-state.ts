import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsPath, type Database } from './index.ts';
import { rowsOf } from './rows.ts';

let latestShipped: Promise<number> | null = null;

/** The `when` of the newest migration this build ships (meta/_journal.json), read once. */
function newestShipped(): Promise<number> {
  latestShipped ??= readFile(path.join(migrationsPath, 'meta', '_journal.json'), 'utf8').then((text) =>
    Math.max(0, ...(JSON.parse(text) as { entries: { when: number }[] }).entries.map((e) => e.when)),
  );
  return latestShipped;
}

/**
 * Whether the database has every migration this build ships: drizzle records each applied one
 * with its journal `when`, and applies them in that order. A database ahead of the build (a newer
 * node migrated it) counts as applied.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ latest: string | number | null }>(
    db,
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.latest ?? 0) >= (await newestShipped());
}
