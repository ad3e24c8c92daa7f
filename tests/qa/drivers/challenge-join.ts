import type { Page, Request } from '@playwright/test';
import { apiCall, apiSignIn } from '#tests/e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, serverAnswers } from '../run-path.ts';
import { openSignedIn } from '#tests/e2e/support/signed-in.ts';

const form = (page: Page) => page.getByRole('complementary', { name: 'Your entry' });
/** The join request the last submit sent (null when none went out). */
let sent: Promise<Request | null> = Promise.resolve(null);
/** The waiver signature the last submit sent (null when none went out). */
let signed: Promise<Request | null> = Promise.resolve(null);
const posted = (page: Page, path: RegExp) =>
  page.waitForRequest((r) => r.method() === 'POST' && path.test(new URL(r.url()).pathname), { timeout: 10_000 }).catch(() => null);

/**
 * The join form on the challenge's page, for a team challenge with a waiver that the athlete
 * is not in yet (the sample's setup): the path's athlete creates the challenge through the
 * API, signs in and opens its page. The athlete has not signed the waiver, so the form signs it
 * inline first ('signingWaiver': the signature request went out), then joins ('joining': the join
 * request went out; Playwright reported no body for it: the team name is not checked).
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
    // Signed in through the API: signing in is the login chart's, not this one's.
    await openSignedIn(page, app, mailbox, athlete, `challenge-detail-page?id=${String(challenge.id)}`);
  },
  events: {
    'join.setWaiverName': async ({ page }, e) => {
      await form(page).getByLabel('Full name').fill(String(e.name));
    },
    'join.setWaiver': async ({ page }, e) => {
      const box = form(page).getByRole('checkbox', { name: /agree to it/ });
      if (e.accepted) await box.check();
      else await box.uncheck();
    },
    'xstate.done.actor.signWaiver': serverAnswers,
    'join.setTeamName': async ({ page }, e) => {
      await form(page).getByLabel('Team name').fill(String(e.name));
    },
    'join.submit': async ({ page }) => {
      sent = posted(page, /\/api\/challenges\/\d+\/join$/);
      signed = posted(page, /\/api\/legal\/waiver\/signatures$/);
      await form(page).getByRole('button', { name: 'Create team and join' }).click();
    },
  },
  states: {
    editing: async ({ page }) => {
      await expect(form(page).getByLabel('Team name')).toBeEditable();
      await expect(form(page).getByRole('button', { name: 'Create team and join' })).toBeEnabled();
    },
    signingWaiver: async () => {
      const request = await signed;
      expect(request, 'the form sent no waiver signature').not.toBeNull();
    },
    joining: async () => {
      const request = await sent;
      expect(request, 'the form sent no join request').not.toBeNull();
    },
  },
};
export default driver;
