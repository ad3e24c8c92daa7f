import { signIn } from '../../e2e/support/accounts.ts';
import { apiCall, apiSignIn } from '../../e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough } from '../run-path.ts';

const form = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Your entry' });

/**
 * The join form on the challenge's page, for a team challenge with a waiver that the athlete
 * is not in yet (the sample's setup): the path's athlete creates the challenge through the
 * API, signs in and opens its page.
 */
const driver: PageDriver = {
  machine: 'challenge-join',
  async start({ page, app, mailbox, athlete }) {
    const api = await apiSignIn(app, mailbox, athlete);
    const now = Date.now();
    const challenge = await apiCall(app, api, 'POST', 'api/challenges/', {
      title: 'QA Spring Throwdown',
      score_type: 'reps',
      kind: 'team',
      team_rule: 'sum',
      team_size_max: 4,
      requires_waiver: true,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 7 * 86_400_000).toISOString(),
    });
    await signIn(page, app, mailbox, athlete);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.goto(`${app.url}challenge-detail-page?id=${String(challenge.id)}`);
  },
  events: {
    'join.setTeamName': async ({ page }, e) => form(page).getByLabel('Team name').fill(String(e.name)),
    'join.submit': async ({ page }) => form(page).getByRole('button', { name: 'Create team and join' }).click(),
  },
  states: {
    editing: async ({ page }) => {
      await expect(form(page).getByLabel('Team name')).toBeEditable();
      await expect(form(page).getByRole('button', { name: 'Create team and join' })).toBeEnabled();
    },
    // The request in flight; its answer is the next step, on no generated path to a new state.
    joining: passingThrough,
  },
};
export default driver;
