import { ADMIN_EMAIL } from '#tests/e2e/support/accounts.ts';
import { apiCall, apiSignIn, type ApiSession } from '#tests/e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough, serverAnswers } from '../run-path.ts';
import { openSignedIn } from '#tests/e2e/support/signed-in.ts';

const admin = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
let n = 0;
/** This path's lift: the sample's "Back Squat", under a name of its own so each path's row is new. */
let testName = '';
let api: { url: string; session: ApiSession } | undefined;

/**
 * The admin's CSV upload. The admin puts a lift in kg into the catalogue through the API and
 * signs in; the chosen file is the sample's one row (140 kg on 2025-03-15) for that lift, so
 * the check finds every row valid and the import takes it. A refused import (the server
 * finding problems the check did not) cannot be produced from the page and is left to the
 * model tests.
 */
const driver: PageDriver = {
  machine: 'historical-import',
  async start({ page, app, mailbox }) {
    // The admin's API session once per app (the spec's server); a lift of its own per path, since
    // a path that ends while importing has still imported its row.
    if (api?.url !== app.url) api = { url: app.url, session: await apiSignIn(app, mailbox, admin) };
    testName = `QA Back Squat ${++n}.${Date.now()}`;
    await apiCall(app, api.session, 'POST', 'api/v1/tests', {
      name: testName,
      description: 'A back squat to full depth.',
      category: 'strength',
      movement: 'squat',
      unit: 'kg',
      direction: 'higher',
      min_value: 20,
      max_value: 500,
      status: 'active',
      standards: [],
    });
    // Signed in through the API: signing in is the login chart's, not this one's.
    await openSignedIn(page, app, mailbox, admin, 'admin-historical-upload');
  },
  events: {
    'import.choose': async ({ page }, e) => {
      const file = e.file as { name: string };
      const csv = `athlete,email,test,value,unit,date,source\nJordan Example,jordan@example.com,${testName},140,kg,2025-03-15,Spring Throwdown\n`;
      await page.getByLabel('Choose a CSV file').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    },
    'import.check': async ({ page }) => page.getByRole('button', { name: 'Check file' }).click(),
    'import.import': async ({ page }) => page.getByRole('button', { name: /^Import \d+ rows?$/ }).click(),
    'xstate.done.actor.readFile': serverAnswers,
    'xstate.done.actor.checkCsv': serverAnswers,
    'xstate.done.actor.importCsv': serverAnswers,
  },
  states: {
    empty: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Historical Upload' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Check file' })).toBeDisabled();
    },
    reading: passingThrough,
    chosen: async ({ page }) => expect(page.getByRole('button', { name: 'Check file' })).toBeEnabled(),
    checking: passingThrough,
    checked: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Check of the file' })).toBeVisible();
      await expect(page.getByText('Every row is valid.', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Import 1 row' })).toBeEnabled();
    },
    importing: passingThrough,
    imported: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible();
      await expect(page.getByText('This file has been imported. Choose another file to import more.')).toBeVisible();
    },
  },
};
export default driver;
