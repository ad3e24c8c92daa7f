import { expect, test, type Page } from '@playwright/test';
import type { PageRoute } from '#src/app/route-table.ts';
import { signIn, useAppWithMail } from './support/accounts.ts';
import { watchConsole } from './support/console.ts';
import { addressOf, admin, adminRoutes, athlete, memberRoutes, seedAthleteWorld, type Ids } from './support/world.ts';

// Every route of the route table at 360 px: the page itself never scrolls sideways (tables
// scroll inside their own container, and tables whose rows stack fit it). Signed out, as an athlete with results, and the admin
// pages as an administrator, over the demo world. The run-together form of a path renders
// the same page as its hyphenated form, so each page is loaded once. Each load is also watched
// for console errors, page errors and the not-found or error page.
const { app, mailbox } = useAppWithMail({ SEED: 'demo' });
test.use({ viewport: { width: 360, height: 780 } });

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  widest: string[];
}

/** Page-level horizontal overflow and the elements sticking out furthest (those cut off by their own scroll box excluded). */
async function pageOverflow(page: Page): Promise<Overflow | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const limit = root.clientWidth;
    // An element is cut off by an ancestor's overflow only if that ancestor is (or contains) its containing block:
    // an absolutely positioned element escapes a scroll box that is not positioned, and still widens the page.
    const clipped = (el: Element) => {
      const own = getComputedStyle(el).position;
      let p = el.parentElement;
      if (own === 'absolute') while (p && p !== document.body && getComputedStyle(p).position === 'static') p = p.parentElement;
      for (; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const r = el.getBoundingClientRect();
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}> ${Math.round(r.width)} px wide, right edge ${Math.round(r.right)} px "${text}"`;
    };
    const out = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el) && getComputedStyle(el).position !== 'fixed')
      .sort(
        (a, b) =>
          b.getBoundingClientRect().right - a.getBoundingClientRect().right ||
          b.getBoundingClientRect().width - a.getBoundingClientRect().width,
      )
      .slice(0, 3)
      .map(name);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: out };
  });
}

/** Loads each route and collects every one that is wider than the screen, or that errs. */
async function checkRoutes(page: Page, routes: PageRoute[], address: (r: PageRoute) => string, who: string) {
  const problems: string[] = [];
  const watch = watchConsole(page);
  for (const route of routes) {
    watch.at(`${who} ${route.path}`);
    await page.goto(`${app().url}${address(route)}`);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    // Wait for the page's data: skeletons and "Loading" notes gone, the network quiet.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.locator('[aria-busy="true"]'))
      .toHaveCount(0, { timeout: 5_000 })
      .catch(() => undefined);
    // A table whose rows stack on a phone fits its frame: nothing of it hides behind a sideways scroll.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('table.table-stack')]
        .filter((t) => t.parentElement && t.getBoundingClientRect().width > t.parentElement.clientWidth + 1)
        .map((t) => `${t.querySelector('caption')?.textContent ?? 'a table'} is ${Math.round(t.getBoundingClientRect().width)} px wide`),
    );
    if (cut.length) problems.push(`${who} ${route.path}: stacked rows wider than their frame: ${cut.join('; ')}`);
    // A table wider than its frame scrolls inside it, and the frame is then a named region a keyboard can reach.
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll('.data-table-scroll')]
        .filter((f) => f.scrollWidth > f.clientWidth + 1 && (f.getAttribute('tabindex') !== '0' || f.getAttribute('role') !== 'region'))
        .map((f) => f.querySelector('caption')?.textContent ?? 'a table'),
    );
    if (unreachable.length) problems.push(`${who} ${route.path}: scrolling tables a keyboard cannot reach: ${unreachable.join('; ')}`);
    if (await page.getByRole('heading', { name: 'Page not found' }).count()) problems.push(`${who} ${route.path}: not found`);
    if (await page.getByText('Something went wrong. Please retry or contact support.').count())
      problems.push(`${who} ${route.path}: the error page`);
    const over = await pageOverflow(page);
    if (over) {
      problems.push(
        `${who} ${route.path}: page is ${over.scrollWidth} px wide on a ${over.clientWidth} px screen; sticking out:\n    ${over.widest.join('\n    ')}`,
      );
    }
  }
  problems.push(...watch.problems);
  expect(problems, problems.join('\n')).toEqual([]);
}

let ids: Ids;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The athlete with results and their own challenge, used by the next tests too.
  ids = await seedAthleteWorld(app(), mailbox);
});

test('signed out: every public route fits 360 px', async ({ page }) => {
  test.setTimeout(180_000);

  await checkRoutes(page, memberRoutes, (r) => addressOf(r, ids), 'signed out');
});

test('signed in as an athlete: every public and athlete route fits 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, app(), mailbox, athlete);
  // Signed in (at 360 px Sign Out sits in the menu sheet, so the remembered session is the sign).
  await page.waitForFunction(() => localStorage.getItem('auth-storage'));
  await checkRoutes(page, memberRoutes, (r) => addressOf(r, ids), 'athlete');
});

test('signed in as an administrator: every admin route fits 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, app(), mailbox, admin);
  // Signed in (at 360 px Sign Out sits in the menu sheet, so the remembered session is the sign).
  await page.waitForFunction(() => localStorage.getItem('auth-storage'));
  await checkRoutes(page, adminRoutes, (r) => addressOf(r, ids), 'admin');
});
