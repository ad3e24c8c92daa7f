import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
test.describe.configure({ timeout: 240_000 });

const coach = { email: 'coach.sol@example.test', name: 'Coach Sol', password: 'coach-password-1' };
const fan = { email: 'fan.fia@example.test', name: 'Fan Fia', password: 'fan-password-12' };
const newcomer = { email: 'new.nico@example.test', name: 'Nico Newcomer', password: 'nico-password-1' };
const TITLE = 'My spring strength block';
const SECRET = 'Week three is heavy triples at eighty-five percent, then a deload.';
const BODY = `This is the block I run every spring before the open. ${SECRET} Sleep well and eat enough protein every day of it.`;

test('a creator writes for subscribers; a subscriber reads it, a newcomer sees the teaser, subscribes and then reads it', async ({
  browser,
}) => {
  const a = app();
  const coachApi = await apiSignIn(a, mailbox, coach);
  const tier = await apiCall(a, coachApi, 'POST', 'api/creators/me/tiers', {
    name: 'Club',
    price_cents: 900,
    currency: 'usd',
    benefits: '',
  });
  const fanApi = await apiSignIn(a, mailbox, fan);
  await apiCall(a, fanApi, 'POST', 'api/creators/subscriptions', { tier_id: tier.id });

  // The coach writes the story for subscribers through the compose page.
  const coachPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(coachPage, a, mailbox, coach, 'story-submission-page');
  await expectSignedIn(coachPage);
  await coachPage.getByLabel('Title').fill(TITLE);
  await coachPage.getByLabel('Your story').fill(BODY);
  await coachPage.getByRole('combobox', { name: 'Who can read it' }).click();
  await coachPage.getByRole('option', { name: 'Subscribers of any of my tiers' }).click();
  await coachPage.getByRole('button', { name: 'Publish story' }).click();
  await expect(coachPage.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(coachPage.getByText(SECRET)).toBeVisible();
  await expect(coachPage.getByText('Subscribers', { exact: true })).toBeVisible();
  const storyUrl = coachPage.url();

  // The subscriber reads it all.
  const fanPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(fanPage, a, mailbox, fan, storyUrl.slice(a.url.length));
  await expectSignedIn(fanPage);
  await expect(fanPage.getByText(SECRET)).toBeVisible();
  await expect(fanPage.getByRole('link', { name: /Subscribe to read/ })).toHaveCount(0);

  // The newcomer sees the teaser and the way to subscribe, on the feed and on the story.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, newcomer, 'my-stories-page');
  await expectSignedIn(page);
  await expect(page.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await page.goto(storyUrl);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText(/is for Coach Sol’s subscribers/)).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Comments/ })).toHaveCount(0);
  await looksRight(page, 'subscriber-story-locked', () => expect(page.getByText(/is for Coach Sol’s subscribers/)).toBeVisible());

  await page.getByRole('link', { name: /Subscribe to read/ }).click();
  await expect(page.getByRole('heading', { name: 'Creator Subscriptions' })).toBeVisible();
  await expect(page.getByText(/The story you came from is for Coach Sol’s subscribers/)).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Club' }).click();
  await expect(page.getByRole('status')).toContainText('Subscribed to Club');
  await page.getByRole('link', { name: 'Read the story' }).click();
  await expect(page.getByText(SECRET)).toBeVisible();
  await expect(page.getByRole('link', { name: /Subscribe to read/ })).toHaveCount(0);
});
