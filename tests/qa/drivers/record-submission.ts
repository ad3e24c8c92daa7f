import { ADMIN_EMAIL } from '#tests/e2e/support/accounts.ts';
import { apiCall, apiSignIn } from '#tests/e2e/support/api.ts';
import { choose } from '#tests/e2e/support/choose.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough, serverAnswers } from '../run-path.ts';
import { openSignedIn } from '#tests/e2e/support/signed-in.ts';

const admin = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
let n = 0;
const fields: Record<string, string | RegExp> = {
  value: /^Weight lifted/,
  date: /^Date achieved/,
  evidence: 'Evidence link (optional)',
  note: 'Note (optional)',
};
/** The test this path's athlete records (the sample's test 1, a lift in kg), by its name in the select. */
let testName = '';

/**
 * A personal record on /submit-pr-page: the admin puts a lift in kg into the catalogue through
 * the API (the sample's test 1, 20–500 kg), the path's athlete signs up and opens the form.
 * The sample's test id stands for that lift; its value is typed as it is.
 */
const driver: PageDriver = {
  machine: 'record-submission',
  async start({ page, app, mailbox, athlete }) {
    const api = await apiSignIn(app, mailbox, admin);
    testName = `QA Back Squat ${++n}.${Date.now()}`;
    await apiCall(app, api, 'POST', 'api/v1/tests', {
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
    await openSignedIn(page, app, mailbox, athlete, 'submit-pr-page');
  },
  events: {
    'record.chooseTest': async ({ page }) => void (await choose(page, 'Test', testName)),
    'record.update': async ({ page }, e) => {
      const label = fields[String(e.field)];
      if (!label) throw new Error(`record.update: no field ${String(e.field)} on the form`);
      await page.getByLabel(label).fill(String(e.value));
    },
    'record.submit': async ({ page }) => page.getByRole('button', { name: 'Submit for review' }).click(),
    'xstate.done.actor.submitRecord': serverAnswers,
  },
  states: {
    editing: async ({ page }) => expect(page.getByRole('button', { name: 'Submit for review' })).toBeEnabled(),
    submitting: passingThrough,
    submitted: async ({ page }) => expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible(),
  },
};
export default driver;
