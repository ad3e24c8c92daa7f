import { expect, test } from '@playwright/test';
import { useApp } from './support/app.ts';
import { EMBEDDED } from './support/e2e-postgres.ts';

// On the embedded database, as `npm start` with BASE_PATH serves it (whatever E2E_DATABASE_URL says: docs/adr/0009).
const app = useApp({ BASE_PATH: '/fit/', ...EMBEDDED });

test('BASE_PATH=/fit/ serves pages, deep links, assets and the API under /fit/', async ({ page, request }) => {
  expect(app().url).toMatch(/\/fit\/$/);
  const health = await request.get(`${app().url}api/health`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

  const assets: string[] = [];
  page.on('request', (r) => assets.push(new URL(r.url()).pathname));
  await page.goto(`${app().url}challengedetailpage?id=7`);
  // The real detail page, asking the API under the mount point (no challenge 7 in an empty database).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Challenge not found');
  expect(assets.filter((p) => p.includes('/assets/')).every((p) => p.startsWith('/fit/assets/'))).toBe(true);
  expect(assets).toContain('/fit/api/challenges/7');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Global Ranks' }).click();
  await expect(page).toHaveURL(`${app().url}global-test-leaderboards-page`);
  await page.getByRole('link', { name: 'RepForge home' }).click();
  await expect(page).toHaveURL(app().url);
  await page.goto(`${app().url}nope`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const root = await request.get(app().url.replace(/fit\/$/, ''), { maxRedirects: 0 });
  expect(root.status()).toBe(302);
});
