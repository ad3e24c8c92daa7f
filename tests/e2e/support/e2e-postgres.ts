// Journeys on PostgreSQL (E2E_DATABASE_URL, #36): each file's server gets its own database, copied from the
// migrated template the server tests share (`create database … template …`), and dropped when the server stops.
// Without E2E_DATABASE_URL every server runs on the embedded default, as `npm start` does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { postgresTemplate } from '#tests/server/templates.ts';

/** The PostgreSQL server (admin connection string) the journeys run on, or undefined for the embedded default. */
export const e2eDatabaseUrl = (): string | undefined => process.env.E2E_DATABASE_URL || undefined;

/** Put into a file's env (`useAppWithMail(EMBEDDED)`): its server stays on the embedded database whatever is set. */
export const EMBEDDED = { E2E_EMBEDDED: '1' } as const;

const dropScript = path.join(import.meta.dirname, 'drop-databases.mjs');

function connect(adminUrl: string) {
  return postgres(adminUrl, { max: 1, onnotice: () => {} });
}

/** The name of a file's database: made by this worker (pid), so a later run can tell a left-over one. */
const databaseName = () => `e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

/**
 * Global setup: the migrated template (built once per set of migrations, shared with the server tests), and
 * the databases of runs whose worker was killed outright (its pid gone) dropped.
 */
export async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  await postgresTemplate(adminUrl);
  const admin = connect(adminUrl);
  try {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'e2e\_%'`;
    for (const { datname } of rows) {
      const pid = Number(/^e2e_(\d+)_/.exec(datname)?.[1]);
      if (!pid || processAlive(pid)) continue;
      await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface FileDatabase {
  name: string;
  /** The server's DATABASE_URL. */
  url: string;
  drop: () => Promise<void>;
}

/** A fresh database for one file's server, a copy of the migrated template. */
export async function createFileDatabase(adminUrl: string): Promise<FileDatabase> {
  const template = await postgresTemplate(adminUrl);
  const name = databaseName();
  const admin = connect(adminUrl);
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = connect(adminUrl);
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** On a worker's exit (synchronous, so in a child process): drops the databases of servers it never stopped. */
export function dropDatabasesSync(adminUrl: string, names: string[]): void {
  if (names.length > 0) spawnSync(process.execPath, [dropScript, adminUrl, ...names], { stdio: 'ignore', timeout: 30_000 });
}
