import { expect, type Page } from '@playwright/test';
import { CONTEXTUAL_ROUTES, VISITOR_ONLY_ROUTES, pageRoutes, routePaths, type PageRoute } from '#src/app/route-table.ts';
import type { RunningApp } from './app.ts';
import { waitForSettled } from './settled.ts';

// Issue #37: every page a role may use is reached from / by links alone. The link graph is gathered while
// tests/e2e/every-route.spec.ts visits every route anyway (each visited page's same-origin `a[href]`, and the
// items of the header's menus), then walked breadth-first from /. A page the walk reaches that no sweep
// visited in that form (bare, or opened for one thing with a query) is visited then, as the role, so the
// walk stays complete when a sweep did not run in this worker. The check fails naming each page of the route
// table, for that role, that no link reached. Pages opened for one thing (?id=…) or at one moment are not
// looked for (CONTEXTUAL_ROUTES), nor pages with no screen yet (no `load`), nor the sign-in pages once signed in.

export type Role = 'visitor' | 'athlete' | 'judge' | 'admin';

export function mayUse(route: PageRoute, role: Role): boolean {
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

/**
 * The node an address is: its route path, with a '?' when opened for one thing. A route opened for one thing
 * (?id=…) and the same route bare (a list, a dashboard) can show different links (a team's dashboard vs. your
 * teams, which links team creation): each is a node of its own.
 */
function nodeOf(a: RunningApp, href: string): string | null {
  const route = routeOf(a, href);
  return route && `${route.path}${new URL(href).search ? '?' : ''}`;
}

export const sameOriginLinks = (page: Page) =>
  page.$$eval('a[href]', (links) => links.map((l) => (l as HTMLAnchorElement).href).filter((h) => h.startsWith(location.origin)));

/**
 * The links inside the header's menus on a phone (the Menu sheet, the administrator's Admin Tools menu), opened one
 * after the other. The sheet and the wide account menu list the same areas (src/lib/navigation.ts).
 */
async function phoneMenuLinks(page: Page): Promise<string[]> {
  const found: string[] = [];
  const triggers = [
    { button: page.getByRole('button', { name: 'Menu', exact: true }), opens: page.getByRole('dialog') },
    { button: page.getByRole('button', { name: 'Admin Tools' }), opens: page.getByRole('menu') },
  ];
  for (const { button, opens } of triggers) {
    if (!(await button.isVisible())) continue;
    // The trigger is a stand-in until the menu's chunk loads, then opens as pressed (src/app/layout/menu-triggers.tsx).
    await expect(async () => {
      if (!(await opens.isVisible())) await button.click();
      await expect(opens).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    found.push(...(await opens.locator('a[href]').evaluateAll((ls) => ls.map((l) => (l as HTMLAnchorElement).href))));
    await page.keyboard.press('Escape');
    await expect(opens).toHaveCount(0);
  }
  return found;
}

/** One role's link graph: the links each visited node showed, and the header menus' items (on every page). */
export class LinkGraph {
  private readonly links = new Map<string, string[]>();
  private readonly menus: string[] = [];

  constructor(
    private readonly app: RunningApp,
    /** Nodes seen by another role whose pages show at least the links this role's do (an administrator is an athlete too). */
    private readonly base?: LinkGraph,
  ) {}

  /** Records the links of the page open at `href` (the address it was opened with). */
  async record(page: Page, href: string) {
    if (nodeOf(this.app, href)) this.recordLinks(href, await sameOriginLinks(page));
  }

  /** Records `links`, the same-origin links read from the page open at `href` (by a caller reading more at once). */
  recordLinks(href: string, links: string[]) {
    const node = nodeOf(this.app, href);
    if (node) this.links.set(node, links);
  }

  /** Opens `href` in `page`, waits for its data and records its links. */
  async visit(page: Page, href: string) {
    await page.goto(href);
    await expect(page.locator('main')).toBeVisible({ timeout: 20_000 });
    await waitForSettled(page);
    await this.record(page, href);
  }

  hasMenus(): boolean {
    return this.menus.length > 0;
  }

  /** Records the page open now (signed in, its session restored) and the items of its header menus. */
  async recordWithMenus(page: Page) {
    await waitForSettled(page);
    await this.record(page, page.url());
    this.menus.push(...(await phoneMenuLinks(page)));
  }

  private known(node: string): string[] | undefined {
    return this.links.get(node) ?? this.base?.known(node);
  }

  /** Walks from / by links; nodes not recorded are opened in `page` (as its signed-in person) and recorded. */
  async reached(page: Page): Promise<{ routes: Set<string>; opened: number }> {
    const routes = new Set<string>();
    const queue: { node: string; href: string }[] = [{ node: '/', href: this.app.url }];
    const queued = new Set<string>(['/']);
    let opened = 0;
    while (queue.length > 0) {
      const { node, href } = queue.shift()!;
      routes.add(node.replace(/\?$/, ''));
      let links = this.known(node);
      if (!links) {
        opened += 1;
        await this.visit(page, href);
        links = this.links.get(node) ?? [];
      }
      for (const link of node === '/' ? [...links, ...this.menus] : links) {
        const next = nodeOf(this.app, link);
        if (!next || queued.has(next)) continue;
        queued.add(next);
        queue.push({ node: next, href: link });
      }
    }
    return { routes, opened };
  }

  /** The walk from / reaches every page `role` may use; the failure names those it does not. */
  async expectReachesAll(page: Page, role: Role) {
    const { routes, opened } = await this.reached(page);
    console.log(`${role}: ${routes.size} routes reached, ${opened} pages opened by the walk itself`);
    const missing = pageRoutes.filter((r) => mayUse(r, role) && !routes.has(r.path)).map((r) => `${r.path} (${r.title})`);
    expect(missing, `pages a ${role} may use that no link reaches from /`).toEqual([]);
  }
}
