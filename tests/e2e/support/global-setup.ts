import { buildDatabaseTemplate } from './db-template.ts';
import { e2eDatabaseUrl, preparePostgresTemplate } from './e2e-postgres.ts';
import { buildIfNeeded } from '#scripts/build-if-needed.mjs';
import { buildServerIfNeeded } from '#scripts/build-server.mjs';
import { findBrowser } from '#scripts/find-browser.mjs';

export default async function globalSetup() {
  buildIfNeeded();
  await buildServerIfNeeded();
  await buildDatabaseTemplate(); // also with E2E_DATABASE_URL: the journeys that stay embedded use it
  const databaseUrl = e2eDatabaseUrl();
  if (databaseUrl) await preparePostgresTemplate(databaseUrl);
  if (!process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE) {
    const browser = await findBrowser({ shell: true });
    if (browser) process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE = browser;
  }
}
