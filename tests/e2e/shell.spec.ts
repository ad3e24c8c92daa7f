import { expect, test } from '@playwright/test';
import { axeBuilder } from './support/api.ts';
import { useApp } from './support/app.ts';

const app = useApp();

test('before any script runs a public page paints itself, inert; the app then takes over the same page', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const first = await noScript.newPage();
  await first.goto(`${app().url}global-test-leaderboards-page`);
  const prerendered = first.locator('.prerendered-page');
  await expect(prerendered).toHaveAttribute('inert', '');
  await expect(prerendered.getByText('Where every athlete stands on each standard test')).toBeVisible();
  await expect(prerendered.getByText('How the global score works')).toBeVisible();
  // Its data is on the way: placeholders, not an empty page; a protected page paints its heading and a skeleton.
  await expect(prerendered.locator('.skeleton').first()).toBeVisible();
  // Prerendered without a query, a page that reads one is not sent to an address with one: no false "No gym chosen".
  await first.goto(`${app().url}gym-page?id=1`);
  await expect(first.getByRole('heading', { level: 1 })).toHaveText('Gym');
  await expect(first.getByText('No gym chosen')).toHaveCount(0);
  await first.goto(`${app().url}personal-records-dashboard`);
  await expect(first.getByRole('heading', { level: 1 })).toHaveText('Personal Records');
  await expect(first.locator('.prerendered-page')).toHaveCount(0);
  expect(await first.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await noScript.close();

  // With a stored Dark theme the prerendered header marks Dark as the choice before the app starts.
  const dark = await browser.newContext();
  await dark.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const waiting = await dark.newPage();
  await waiting.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await waiting.goto(app().url);
  await expect(waiting.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(waiting.locator('.prerendered-page')).toHaveCount(1);
  await expect(waiting.locator('[data-theme-value="dark"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(waiting.locator('[data-theme-value="light"]')).toHaveAttribute('aria-pressed', 'false');
  await dark.close();

  const page = await browser.newPage();
  await page.goto(`${app().url}global-test-leaderboards-page`);
  await expect(page.getByText('No one is ranked yet')).toBeVisible();
  await expect(page.locator('.prerendered-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Global Ranks');
  await page.close();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto(`${app().url}no-such-page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(app().url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('header and footer: navigation, sign in, legal links, store in a new tab', async ({ page }) => {
  await page.goto(app().url);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Challenges' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Global Ranks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Timeline' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Challenges' }).click();
  await expect(page).toHaveURL(/challenge-discovery-page$/);
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/login-page$/);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  const store = footer.getByRole('link', { name: /Store/ });
  await expect(store).toHaveAttribute('target', '_blank');
  await expect(store).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(footer.getByRole('button', { name: 'Feedback' })).toBeVisible();
});

test('the theme choice persists across a reload without a flash of the other theme', async ({ page }) => {
  await page.goto(app().url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Read the attribute as the document is parsed, before any module runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { firstTheme: string }).firstTheme ??= document.documentElement.dataset.theme ?? '';
    });
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe('dark');
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Light' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a page whose chunk fails to load shows an error and a toast, and Retry loads it', async ({ page }) => {
  const events: string[] = [];
  await page.exposeFunction('recordPreloadError', () => events.push('preload-error'));
  // Listened for in every document the page loads (an evaluate after goto is lost if the document is replaced).
  await page.addInitScript(() =>
    window.addEventListener('preload-error', () => (window as unknown as { recordPreloadError: () => void }).recordPreloadError()),
  );
  await page.goto(app().url);
  await page.route(/terms-of-service-page-[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByText('Something went wrong. Please retry or contact support.')).toBeVisible();
  const toastItem = page.getByRole('status').filter({ hasText: 'This page could not be loaded' });
  await expect(toastItem).toBeVisible();
  // The page's event reaches the test through an exposed function, a round trip that can land after the toast.
  await expect.poll(() => events).toContain('preload-error');
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(toastItem).toHaveCount(0);
  await page.unroute(/terms-of-service-page-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
});

test('inside an iframe the app sends a beacon every second and page changes to its parent', async ({ page }) => {
  await page.goto(`${app().url}api/health`);
  await page.setContent(`<iframe id="app" src="${app().url}challenge-discovery-page?x=1" width="800" height="600"></iframe>`);
  await page.evaluate(() => {
    const w = window as unknown as { messages: unknown[] };
    w.messages = [];
    window.addEventListener('message', (e) => w.messages.push(e.data));
  });
  await page.waitForTimeout(2600);
  const messages = (await page.evaluate(() => (window as unknown as { messages: Record<string, unknown>[] }).messages)) as {
    type: string;
    source: string;
    timestamp: number;
    location?: { pathname: string; search: string; hash: string };
  }[];
  const beacons = messages.filter((m) => m.type === 'beacon');
  expect(beacons.length).toBeGreaterThanOrEqual(2);
  expect(beacons.every((b) => typeof b.source === 'string' && b.source.length > 0)).toBe(true);
  const frame = page.frameLocator('#app');
  // An 800 px frame gets the phone header: the main links are in the Menu sheet.
  await frame.getByRole('button', { name: 'Menu', exact: true }).click();
  await frame.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Global Ranks' }).click();
  await expect
    .poll(async () =>
      ((await page.evaluate(() => (window as unknown as { messages: Record<string, unknown>[] }).messages)) as typeof messages).find(
        (m) => m.type === 'page-change' && m.location?.pathname.endsWith('/global-test-leaderboards-page'),
      ),
    )
    .toMatchObject({ type: 'page-change', location: { search: '', hash: '' } });
});

// Each page once, in both themes: axe in the stored light theme, then in dark as the theme buttons set it, once every
// colour's transition has ended (a load per theme repeated the page's load for the same check).
for (const [name, path] of [
  ['home', ''],
  ['terms', 'terms-of-service-page'],
  ['privacy', 'privacy-policy-page'],
  ['not found', 'no-such-page'],
] as const) {
  test(`axe finds no violations on the ${name} page (light and dark)`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto(app().url + path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect
        .poll(() =>
          page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length),
        )
        .toBe(0);
      const results = await axeBuilder(page).analyze();
      expect(results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
