import { choose } from '#tests/e2e/support/choose.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough, serverAnswers } from '../run-path.ts';

const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Send feedback' });
const TYPE_LABELS: Record<string, string> = {
  general_feedback: 'General feedback',
  bug_report: 'Bug report',
  feature_request: 'Feature request',
};
const labels: Record<string, string> = {
  subject: 'Subject',
  description: 'Description',
  steps_to_reproduce: 'Steps to reproduce',
  page_url: 'Page address',
};

/** The feedback dialog from the footer, as a visitor. */
const driver: PageDriver = {
  machine: 'feedback',
  async start({ page, app }) {
    await page.goto(`${app.url}challenge-discovery-page`);
  },
  events: {
    'feedback.open': async ({ page }) => page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' }).click(),
    'feedback.setType': async ({ page }, e) => void (await choose(dialog(page), 'Type', TYPE_LABELS[String(e.value)]!)),
    'feedback.update': async ({ page }, e) => dialog(page).getByLabel(labels[String(e.field)]!).fill(String(e.value)),
    'feedback.submit': async ({ page }) => dialog(page).getByRole('button', { name: 'Send feedback' }).click(),
    'feedback.close': async ({ page }) => dialog(page).getByRole('button', { name: 'Cancel' }).click(),
    'xstate.done.actor.submitFeedback': serverAnswers,
    // The dialog closes itself FEEDBACK_AUTO_CLOSE_MS after the thanks: the state check waits for it.
    'xstate.after.AUTO_CLOSE': passingThrough,
  },
  states: {
    closed: async ({ page }) => expect(dialog(page)).toHaveCount(0, { timeout: 5_000 }),
    editing: async ({ page }) => expect(dialog(page).getByLabel('Subject')).toBeEditable(),
    submitting: passingThrough,
    submitted: async ({ page }) =>
      expect(page.getByText('Thank you! Your feedback has been submitted successfully.').first()).toBeVisible(),
  },
};
export default driver;
