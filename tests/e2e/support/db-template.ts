// A migrated embedded database copied into each test file's fresh DATA_DIR: the server
// then starts without running twenty-odd migrations on an empty cluster.
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/index.ts';
import { migrationsHash } from '#tests/server/templates.ts';

export const databaseTemplateDir = path.join(os.tmpdir(), `repforge-e2e-db-${migrationsHash}`);

/** Builds the template once per set of migrations (global setup). */
export async function buildDatabaseTemplate(): Promise<void> {
  if (existsSync(databaseTemplateDir)) return;
  const building = `${databaseTemplateDir}.${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const handle = await openDatabase({ dataDir: building });
  await handle.close();
  await rename(building, databaseTemplateDir);
}

/** Fills a fresh data folder with the migrated template, when it was built. */
export async function copyDatabaseTemplate(dataDir: string): Promise<void> {
  if (existsSync(databaseTemplateDir)) await cp(databaseTemplateDir, dataDir, { recursive: true });
}
