import { apiSignIn, openTimedChallengeJoined } from '#tests/e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough, serverAnswers } from '../run-path.ts';
import { openSignedIn } from '#tests/e2e/support/signed-in.ts';

const labels: Record<string, string> = { time: 'Your time', tiebreak: 'Tie-break time (optional)', note: 'Note (optional)' };

/**
 * A score for a timed challenge with a 20-minute cap and a tie-break, like the sample's rules:
 * the path's athlete creates the challenge and joins it through the API, then signs in and
 * opens the score page.
 */
const driver: PageDriver = {
  machine: 'score-submission',
  async start({ page, app, mailbox, athlete }) {
    const api = await apiSignIn(app, mailbox, athlete);
    const challengeId = await openTimedChallengeJoined(app, api, 'QA Fran for time', true);
    await openSignedIn(page, app, mailbox, athlete, `score-submission-page?id=${String(challengeId)}`);
  },
  events: {
    'score.update': async ({ page }, e) => {
      // A timed challenge's form has these; reps, rounds and amount belong to other score types.
      const label = labels[String(e.field)];
      if (!label) throw new Error(`score.update: no field ${String(e.field)} on a timed challenge's form`);
      await page.getByLabel(label, { exact: true }).fill(String(e.value));
    },
    'score.submit': async ({ page }) => page.getByRole('button', { name: 'Submit score' }).click(),
    'xstate.done.actor.submitScore': serverAnswers,
  },
  states: {
    editing: async ({ page }) => expect(page.getByRole('button', { name: 'Submit score' })).toBeEnabled(),
    submitting: passingThrough,
    saved: async ({ page }) => expect(page.getByRole('heading', { name: /^(New best!|Score saved|Saved for review)$/ })).toBeVisible(),
  },
};
export default driver;
