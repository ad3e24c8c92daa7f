import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { openDatabase, type DatabaseHandle } from '#server/db/index.ts';
import { useAppWithMail } from './accounts.ts';
import { copyDatabaseTemplate } from './db-template.ts';

/**
 * The app with mail over a data folder seeded straight into the embedded database before the server opens
 * it (boards of hundreds of athletes, which the API would take minutes to build): `seed` writes into a copy
 * of the migrated template; `seeded()` is what it returned. The folder goes when the file's tests end.
 */
export function useSeededApp<T>(name: string, seed: (db: DatabaseHandle['db']) => Promise<T>) {
  let dataDir = '';
  let seeded: T | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), `e2e-${name}-`));
    await copyDatabaseTemplate(dataDir);
    const handle = await openDatabase({ dataDir });
    try {
      seeded = await seed(handle.db);
    } finally {
      await handle.close();
    }
  });
  // Registered after the seeding, so the server starts on the seeded folder.
  const app = useAppWithMail({
    get DATA_DIR() {
      return dataDir;
    },
  } as Record<string, string>);
  test.afterAll(async () => rm(dataDir, { recursive: true, force: true }));
  return { ...app, seeded: () => seeded as T };
}
