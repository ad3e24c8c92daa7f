import postgres from 'postgres';
import { buildApp } from '../../server/app.ts';
import type { AppConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../server/db/index.ts';

/** Server tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    basePath: '/',
    storeUrl: 'https://store.example.test/',
    adminEmails: [],
    seed: 'none',
    logger: false,
    ...overrides,
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({});
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestApp(kind: DatabaseKind, overrides: Partial<AppConfig> = {}) {
  const database = await createTestDatabase(kind);
  const { app, context } = await buildApp(testConfig(overrides), database);
  await app.ready();
  return {
    app,
    context,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
