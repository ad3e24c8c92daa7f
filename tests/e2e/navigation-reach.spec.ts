import { expect, test, type Page } from '@playwright/test';
import { CONTEXTUAL_ROUTES, VISITOR_ONLY_ROUTES, pageRoutes, routePaths, type PageRoute } from '#src/app/route-table.ts';
import { ADMIN_EMAIL, signIn, signUpAndSignIn, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import type { RunningApp } from './support/app.ts';
import { accountMenuButton } from './support/header.ts';

// Issue #37: every page a role may use is reached from / by links alone. Per role, a breadth-first walk
// over the same-origin `a[href]` of each page (and the items of the header's menus), one visit per page
// path, over the demo world; the test fails naming each page of the route table, for that role, that no
// link reached. Pages opened for one thing (?id=…) or at one moment are not looked for (CONTEXTUAL_ROUTES),
// nor pages with no screen yet (no `load`), nor the sign-in pages once signed in.
const { app, mailbox } = useAppWithMail({ SEED: 'demo' });

type Role = 'visitor' | 'athlete' | 'judge' | 'admin';

function mayUse(route: PageRoute, role: Role): boolean {
  if (!route.load || route.path in CONTEXTUAL_ROUTES) return false;
  if (role === 'visitor') return route.access === 'public';
  if (VISITOR_ONLY_ROUTES.includes(route.path)) return false;
  return route.access !== 'admin' || role === 'admin';
}

/** The route a same-origin address opens, by its path under the app's mount point. */
function routeOf(a: RunningApp, href: string): PageRoute | null {
  const url = new URL(href);
  const base = new URL(a.url);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const path = `/${url.pathname.slice(base.pathname.length)}`.replace(/(.)\/+$/, '$1');
  return routePaths().find((p) => p.path === path)?.route ?? null;
}

const sameOriginLinks = (page: Page) =>
  page.$$eval('a[href]', (links) => links.map((l) => (l as HTMLAnchorElement).href).filter((h) => h.startsWith(location.origin)));

/** The links inside the header's menus (account menu, admin menu), opened one after the other. */
async function menuLinks(page: Page, signedIn: boolean): Promise<string[]> {
  const found: string[] = [];
  // A remembered session is restored after the first paint: wait for the account menu it brings.
  if (signedIn) await expect(accountMenuButton(page)).toBeVisible({ timeout: 20_000 });
  const triggers = [accountMenuButton(page), page.getByRole('button', { name: 'Admin Tools' })];
  for (const trigger of triggers) {
    if (!(await trigger.isVisible())) continue;
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    found.push(...(await menu.locator('a[href]').evaluateAll((ls) => ls.map((l) => (l as HTMLAnchorElement).href))));
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }
  return found;
}

/** Walks from / by links; returns the route paths reached. */
async function walk(page: Page, a: RunningApp, signedIn: boolean): Promise<Set<string>> {
  const reached = new Set<string>();
  const queue: string[] = [a.url];
  const queued = new Set<string>(['/']); // route paths, with a '?' when opened for one thing
  let first = true;
  while (queue.length > 0) {
    const href = queue.shift()!;
    const route = routeOf(a, href);
    if (route) reached.add(route.path);
    await page.goto(href);
    await expect(page.locator('main')).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const links = await sameOriginLinks(page);
    if (first) links.push(...(await menuLinks(page, signedIn)));
    first = false;
    for (const link of links) {
      const target = routeOf(a, link);
      // A route opened for one thing (?id=…) and the same route bare (a list, a dashboard) can show different
      // links (a team's dashboard vs. your teams, which links team creation): each is visited once.
      const key = target && `${target.path}${new URL(link).search ? '?' : ''}`;
      if (!target || !key || queued.has(key)) continue;
      queued.add(key);
      queue.push(link);
    }
  }
  return reached;
}

async function expectReachesAll(page: Page, role: Role) {
  const reached = await walk(page, app(), role !== 'visitor');
  const missing = pageRoutes.filter((r) => mayUse(r, role) && !reached.has(r.path)).map((r) => `${r.path} (${r.title})`);
  expect(missing, `pages a ${role} may use that no link reaches from /`).toEqual([]);
}

let n = 0;
const someone = (name: string): Athlete => ({ email: `reach${++n}.${Date.now()}@example.test`, name, password: 'walk-every-link-42' });

test.describe.configure({ timeout: 480_000 });

test('signed out: every public page is reached from / by links', async ({ page }) => {
  await expectReachesAll(page, 'visitor');
});

test('an athlete: every page an athlete may use is reached from / by links (menus included)', async ({ page }) => {
  await signUpAndSignIn(page, app(), mailbox, someone('Wanda Walker'));
  await expectReachesAll(page, 'athlete');
});

test('a certified judge: every page, the judging queue among them, is reached from / by links', async ({ page }) => {
  const judge = someone('Jules Judge');
  const judgeApi = await apiSignIn(app(), mailbox, judge);
  const profile = await apiCall(app(), judgeApi, 'PUT', 'api/v1/athlete-profiles/me', { display_name: judge.name });
  const boss = await apiSignIn(app(), mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' });
  await apiCall(app(), boss, 'POST', 'api/judging/certificates', { user_id: profile.user_id as number, level: 'judge' });
  await signIn(page, app(), mailbox, judge);
  await expectReachesAll(page, 'judge');
  await page.goto(`${app().url}judging-dashboard`);
  await expect(page.getByRole('heading', { name: 'Judging is for certified judges' })).toHaveCount(0);
});

test('an administrator: every admin page is reached from / by links, through the admin home', async ({ page }) => {
  const boss = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
  await apiSignIn(app(), mailbox, boss); // registers the account when this test runs alone
  await signIn(page, app(), mailbox, boss);
  await expectReachesAll(page, 'admin');
  await page.goto(`${app().url}admin-home-page`);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Reported Content/ })).toBeVisible();
});
