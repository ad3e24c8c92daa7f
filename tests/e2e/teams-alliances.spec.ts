import { expect, test, type Page } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const alpha = { email: 'ari.alpha@example.test', name: 'Ari Alpha', password: 'ari-pass-1234567' };
const bravo = { email: 'bea.bravo@example.test', name: 'Bea Bravo', password: 'bea-pass-1234567' };

async function createTeam(page: Page, name: string) {
  await page.goto(`${app().url}team-creation-page`);
  await page.getByLabel('Team name').fill(name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('two captains form an alliance through the team dashboards', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, alpha, 'dashboard-page');
  await createTeam(page, 'Alpha Lifters');

  const context = await browser.newContext();
  const other = await context.newPage();
  await openSignedIn(other, app(), mailbox, bravo, 'dashboard-page');
  await createTeam(other, 'Bravo Barbell');
  const bravoCard = other.getByRole('article').filter({ has: other.getByRole('heading', { name: 'Alliances' }) });
  await expect(bravoCard).toContainText('This team is in no alliance and no proposal is waiting.');

  // Alpha's captain names the alliance and finds Bravo by name.
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Alliances' }) });
  await card.getByLabel('Alliance name').fill('Harbor Pact');
  await card.getByLabel('Find a team by name').fill('bravo');
  await card.getByRole('button', { name: 'Add Bravo Barbell' }).click();
  await expect(card.getByRole('list', { name: 'Teams to ask' })).toContainText('Bravo Barbell');
  await card.getByRole('button', { name: 'Propose alliance' }).click();
  await expect(card.getByText('Proposed Harbor Pact.', { exact: false })).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Harbor Pact' })).toContainText('Waiting for the other captains');
  await axeClean(page);

  // Bravo's captain is told, and accepts on the team's dashboard (at phone width).
  await other.reload();
  await expect(other.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
  await other.setViewportSize({ width: 360, height: 800 });
  const proposal = bravoCard.getByRole('listitem', { name: 'Harbor Pact' });
  await expect(proposal).toContainText('Your team is invited');
  await expect(proposal.getByRole('list', { name: 'Teams in Harbor Pact' })).toContainText('Alpha Lifters');
  await axeClean(other);
  await proposal.getByRole('button', { name: 'Accept' }).click();
  await expect(proposal.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Leave alliance' })).toBeVisible();
  const noSideways = await other.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noSideways).toBe(true);

  // Alpha's captain sees it active, with both teams in it.
  await page.reload();
  const active = card.getByRole('listitem', { name: 'Harbor Pact' });
  await expect(active.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(active.getByRole('list', { name: 'Teams in Harbor Pact' })).toContainText('Bravo Barbell');
  await context.close();
});
