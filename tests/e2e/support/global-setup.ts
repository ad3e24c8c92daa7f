import { buildDatabaseTemplate } from './db-template.ts';
import { buildIfNeeded } from '#scripts/build-if-needed.mjs';
import { buildServerIfNeeded } from '#scripts/build-server.mjs';
import { findBrowser } from '#scripts/find-browser.mjs';

export default async function globalSetup() {
  buildIfNeeded();
  await buildServerIfNeeded();
  await buildDatabaseTemplate();
  if (!process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE) {
    const browser = await findBrowser({ shell: true });
    if (browser) process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE = browser;
  }
}
