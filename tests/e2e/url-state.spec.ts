import { expect, test, type Page } from '@playwright/test';
import { useApp } from './support/app.ts';
import { choose } from './support/choose.ts';

// Filters, tabs and pages live in the address: a filtered board opened from its link in a
// fresh page shows the same board, and Back returns to the previous filter. Over the demo world.
const app = useApp({ SEED: 'demo' });

/** The board's rows as text, once the board has settled. */
async function boardRows(page: Page): Promise<string[]> {
  await expect(page.locator('[role="tabpanel"][aria-busy="true"]')).toHaveCount(0);
  return page.getByRole('table').locator('tbody tr').allInnerTexts();
}

test('a filtered challenge board is a link; Back restores the previous filter', async ({ page, browser }) => {
  const a = app();
  const open = (await (await fetch(`${a.url}api/challenges/discover?status=open`)).json()) as { items: { id: number; title: string }[] };
  const id = open.items.find((c) => c.title === 'Fran')?.id ?? open.items[0]!.id;

  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  const overall = await boardRows(page);

  await page.getByRole('tab', { name: 'Rx' }).click();
  await expect(page).toHaveURL(/[?&]division=rx/);
  await expect.poll(async () => (await boardRows(page)).length).toBeLessThan(overall.length);
  const rx = await boardRows(page);

  // The demo ranks women and men apart: the Board picker shows the women's board.
  await choose(page, 'Board', 'Women', { exact: true });
  await expect(page).toHaveURL(/[?&]cat=female/);
  await expect.poll(async () => (await boardRows(page)).length).toBeLessThan(rx.length);
  const rxWomen = await boardRows(page);
  expect(rxWomen.length).toBeGreaterThan(0);

  // The link, opened in a fresh page (no shared state), shows the same filtered board.
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByRole('tab', { name: 'Rx' })).toHaveAttribute('aria-selected', 'true');
  await expect(fresh.getByLabel('Board', { exact: true })).toHaveText(/Women/);
  await expect.poll(() => boardRows(fresh)).toEqual(rxWomen);
  await fresh.context().close();

  // Back: the women's board goes, Rx stays; Back again: the overall board.
  await page.goBack();
  await expect(page).not.toHaveURL(/cat=/);
  await expect(page.getByLabel('Board', { exact: true })).toHaveText(/Overall/);
  await expect.poll(() => boardRows(page)).toEqual(rx);
  await page.goBack();
  await expect(page).not.toHaveURL(/division=/);
  await expect(page.getByRole('tab', { name: 'Overall' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => boardRows(page)).toEqual(overall);
});

test('discovery keeps its filters in the address; Any time lists the newest first', async ({ page }) => {
  const a = app();
  await page.goto(`${a.url}challenge-discovery-page`);
  await choose(page, 'When', 'Any time');
  await expect(page).toHaveURL(/[?&]when=any/);
  // Newest first: an open or upcoming challenge on top, not the oldest closed one.
  await expect(page.locator('.challenge-card').first().locator('.pill')).not.toHaveText('Closed');
  await choose(page, 'Scoring', 'For time');
  await expect(page).toHaveURL(/[?&]type=time/);
  const timed = page.locator('.challenge-card');
  await expect(timed.first()).toBeVisible();
  const url = page.url();

  await page.goBack();
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByLabel('Scoring')).toHaveText(/Any/);
  await expect(page.getByLabel('When')).toHaveText(/Any time/);

  await page.goto(url);
  await expect(page.getByLabel('Scoring')).toHaveText(/For time/);
  await expect(page.getByLabel('When')).toHaveText(/Any time/);
});
