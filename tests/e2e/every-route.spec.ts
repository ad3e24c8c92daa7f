import { expect, test, type Page } from '@playwright/test';
import { pageRoutes, runTogether, type PageRoute } from '#src/app/route-table.ts';
import { useAppWithMail } from './support/accounts.ts';
import { watchConsole } from './support/console.ts';
import { EMBEDDED } from './support/e2e-postgres.ts';
import { layoutShiftProblem, observeShifts } from './support/layout-shift.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { LinkGraph } from './support/reach.ts';
import { waitForSettled } from './support/settled.ts';
import { openSignedIn } from './support/signed-in.ts';
import { addressOf, admin, adminRoutes, athlete, memberRoutes, seedAthleteWorld, type Ids } from './support/world.ts';

// Every route of the route table, one visit per route and person doing every check of that visit, over the demo
// world. At 360 px: the page itself never scrolls sideways (tables scroll inside their own container, and tables
// whose rows stack fit it), signed out, as an athlete with results, and the admin pages as an administrator; the
// run-together form of a path renders the same page as its hyphenated form, so each page is loaded once. Each load
// is also watched for console errors, page errors and the not-found or error page.
// Every URL form (was shell.spec.ts's own sweep, a second load of every route): signed out, each route of the table,
// admin pages included, is loaded once, and that page, its run-together form and its bare form (a route opened for one
// thing) answer as the route should: a public page renders (its title when it has no screen yet), any other asks to
// sign in and comes back; the other forms are asked of the server and then opened by the app's router.
// No layout shift (#43): each public route's shifts not caused by input, summed as Lighthouse sums them, stay under
// 0.001, signed out at 412 px (Lighthouse's phone) and at 1280 px. The signed-out sweep loads each public route at
// 412 px, measures its shifts there, then narrows the same page to 360 px for the other checks (no extra load).
// Reached by links (#37): each visit also records the page's links, and per role (visitor, athlete, judge,
// administrator) a walk over those links from / must reach every page that role may use (tests/e2e/support/reach.ts).
// On the embedded database even with E2E_DATABASE_URL: every route on the default `npm start` runs (#36).
const { app, mailbox } = useAppWithMail({ SEED: 'demo', ...EMBEDDED });
test.use({ viewport: { width: 360, height: 780 } });
/** Lighthouse's phone screen (a Moto G Power), where the signed-out sweep measures each public route's layout shift. */
const LIGHTHOUSE_PHONE = { width: 412, height: 823 };
const PHONE = { width: 360, height: 780 };

/** What one look at a loaded page finds (one round trip to the page instead of one per check: #36). */
interface PageFacts {
  /** Page-level horizontal overflow and the elements sticking out furthest, or null when the page fits. */
  overflow: { scrollWidth: number; clientWidth: number; widest: string[] } | null;
  /** Tables whose rows stack on a phone yet are wider than their frame. */
  cut: string[];
  /** Tables scrolling inside a frame a keyboard cannot reach (not a focusable named region). */
  unreachable: string[];
  notFound: boolean;
  errorPage: boolean;
  /** The page's same-origin links, for the reach walks. */
  links: string[];
}

/** Reads the page's facts for the sweep's checks, in the page itself. */
async function pageFacts(page: Page): Promise<PageFacts> {
  return page.evaluate(() => {
    const root = document.documentElement;
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
    const widest = () =>
      [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el) && getComputedStyle(el).position !== 'fixed')
        .sort(
          (a, b) =>
            b.getBoundingClientRect().right - a.getBoundingClientRect().right ||
            b.getBoundingClientRect().width - a.getBoundingClientRect().width,
        )
        .slice(0, 3)
        .map(name);
    const caption = (t: Element) => t.querySelector('caption')?.textContent ?? 'a table';
    return {
      overflow: root.scrollWidth <= limit ? null : { scrollWidth: root.scrollWidth, clientWidth: limit, widest: widest() },
      // A table whose rows stack on a phone fits its frame: nothing of it hides behind a sideways scroll.
      cut: [...document.querySelectorAll('table.table-stack')]
        .filter((t) => t.parentElement && t.getBoundingClientRect().width > t.parentElement.clientWidth + 1)
        .map((t) => `${caption(t)} is ${Math.round(t.getBoundingClientRect().width)} px wide`),
      // A table wider than its frame scrolls inside it, and the frame is then a named region a keyboard can reach.
      unreachable: [...document.querySelectorAll('.data-table-scroll')]
        .filter((f) => f.scrollWidth > f.clientWidth + 1 && (f.getAttribute('tabindex') !== '0' || f.getAttribute('role') !== 'region'))
        .map(caption),
      notFound: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].some((h) =>
        /page not found/i.test(h.textContent ?? ''),
      ),
      errorPage: (document.body.textContent ?? '')
        .replace(/\s+/g, ' ')
        .toLowerCase()
        .includes('something went wrong. please retry or contact support.'),
      links: [...document.querySelectorAll('a[href]')]
        .map((l) => (l as HTMLAnchorElement).href)
        .filter((h) => h.startsWith(location.origin)),
    };
  });
}

/**
 * Signed out, the page open at `address` (just loaded) is the route's own when it is public (its title when it has no
 * screen yet, and no redirect), else the sign-in page with the address to come back to.
 */
async function expectRouteAnswer(page: Page, route: PageRoute, address: string) {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading, address).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' }), address).toHaveCount(0);
  if (route.access === 'public') {
    if (!route.load) await expect(heading, address).toHaveText(route.title);
    expect(new URL(page.url()).pathname, address).toBe(address.split('?')[0]);
  } else {
    await expect(page, address).toHaveURL(`${app().url}login-page?next=${encodeURIComponent(address)}`);
    await expect(heading, address).toHaveText('Sign in');
  }
}

/** A route's URL forms other than the address the sweep loads: the run-together path, and the bare path of a route loaded for one thing. */
function otherForms(route: PageRoute, address: string): string[] {
  const others = address.includes('?') ? [route.path] : [];
  if (!route.singleForm) others.push(runTogether(route.path));
  return others;
}

/** The server's answer to each of a route's other URL forms, asked while the sweep loads the route (#36). */
function askServer(page: Page, paths: string[]) {
  return Promise.all(
    paths.map((path) =>
      page.request.get(app().url + path.slice(1)).then(
        (answer) => ({ path, status: answer.status(), type: answer.headers()['content-type'] ?? '' }),
        (error: unknown) => ({ path, status: 0, type: String(error) }),
      ),
    ),
  );
}

/**
 * Opens `path` by the app's router through a path no route has, in one round trip: true once the not-found page showed
 * (a visible heading saying so, within 10 s) and `path` was then pushed, false if it never showed.
 */
function throughNotFound(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    async ({ via, to }) => {
      history.pushState(null, '', via);
      const shown = () =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].some(
          (h) =>
            /page not found/i.test(h.textContent ?? '') && h.getClientRects().length > 0 && getComputedStyle(h).visibility !== 'hidden',
        );
      const end = Date.now() + 10_000;
      while (!shown() && Date.now() < end) await new Promise((tick) => setTimeout(tick, 16));
      if (!shown()) return false;
      history.pushState(null, '', to);
      return true;
    },
    { via: `/no-such-page-${Date.now()}`, to: path },
  );
}

/**
 * Every URL form of a route answers, signed out, on the page the sweep just loaded: the loaded address itself, then its
 * other forms (the run-together path, and the bare path of a route loaded for one thing) asked of the server, which must
 * answer the app, and opened by the app's own router (a full load of each form would repeat the same page's load).
 */
async function checkUrlForms(
  page: Page,
  route: PageRoute,
  address: string,
  answers: ReturnType<typeof askServer>,
  at: (where: string) => void,
) {
  await expectRouteAnswer(page, route, `/${address}`);
  for (const answer of await answers) {
    const path = answer.path;
    at(path);
    expect(answer.status, path).toBe(200);
    expect(answer.type, path).toContain('text/html');
    // Through a path no route has first, so the checks see the router's own answer for this form, not the page left
    // from the form before (the same page, which React would keep as it was).
    expect(await throughNotFound(page, path), `${path}: the not-found page on the way`).toBe(true);
    await expectRouteAnswer(page, route, path);
  }
}

/**
 * Loads each route and collects every one that is wider than the screen, or that errs; with `shifts`, also each
 * public route whose layout shifts (observeShifts installed on the page): such a route is loaded at 412 px, its shifts
 * measured, and the page then narrowed to 360 px for the other checks.
 */
async function checkRoutes(
  page: Page,
  routes: PageRoute[],
  address: (r: PageRoute) => string,
  who: string,
  links: LinkGraph,
  { shifts = false, forms = false }: { shifts?: boolean; forms?: boolean } = {},
) {
  const problems: string[] = [];
  const watch = watchConsole(page);
  if (shifts) await page.addInitScript(observeShifts);
  for (const route of routes) {
    watch.at(`${who} ${route.path}`);
    const measureShifts = shifts && route.access === 'public';
    if (measureShifts) await page.setViewportSize(LIGHTHOUSE_PHONE);
    // The server's answers to the route's other URL forms come while the page loads.
    const answers = forms ? askServer(page, otherForms(route, address(route))) : null;
    await page.goto(`${app().url}${address(route)}`);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    // Wait for the page's data: the page settled (its answers and lazy parts in), skeletons and "Loading" notes gone.
    await waitForSettled(page);
    if (measureShifts) {
      const moved = await layoutShiftProblem(page, `${route.path} at ${LIGHTHOUSE_PHONE.width} px`);
      if (moved) problems.push(moved);
      await page.setViewportSize(PHONE);
    }
    const facts = await pageFacts(page);
    if (facts.cut.length) problems.push(`${who} ${route.path}: stacked rows wider than their frame: ${facts.cut.join('; ')}`);
    if (facts.unreachable.length) {
      problems.push(`${who} ${route.path}: scrolling tables a keyboard cannot reach: ${facts.unreachable.join('; ')}`);
    }
    if (facts.notFound) problems.push(`${who} ${route.path}: not found`);
    if (facts.errorPage) problems.push(`${who} ${route.path}: the error page`);
    const over = facts.overflow;
    if (over) {
      problems.push(
        `${who} ${route.path}: page is ${over.scrollWidth} px wide on a ${over.clientWidth} px screen; sticking out:\n    ${over.widest.join('\n    ')}`,
      );
    }
    links.recordLinks(`${app().url}${address(route)}`, facts.links);
    if (answers) await checkUrlForms(page, route, address(route), answers, (where) => watch.at(`${who} ${where}`));
  }
  problems.push(...watch.problems);
  expect(problems, problems.join('\n')).toEqual([]);
}

let ids: Ids;
/** Each role's links, recorded by the sweeps below (a test run alone, or after a failed one, walks on its own). */
let graphs: Record<'visitor' | 'athlete' | 'admin', LinkGraph>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The athlete with results and their own challenge, used by the next tests too.
  ids = await seedAthleteWorld(app(), mailbox);
  const athleteLinks = new LinkGraph(app());
  // An administrator is an athlete too (src/lib/navigation.ts): the member pages' links are the athlete's, plus
  // what the admin's own visits show (/, the menus, the admin pages).
  graphs = { visitor: new LinkGraph(app()), athlete: athleteLinks, admin: new LinkGraph(app(), athleteLinks) };
});

/**
 * Signed in as the sweep's athlete or administrator, the walk over the links that role's sweep recorded (its menus
 * recorded now when the sweep did not run first) reaches every page the role may use.
 */
async function expectReachableSignedIn(page: Page, role: 'athlete' | 'admin') {
  await openSignedIn(page, app(), mailbox, role === 'admin' ? admin : athlete);
  if (!graphs[role].hasMenus()) await graphs[role].recordWithMenus(page);
  await graphs[role].expectReachesAll(page, role);
}

test('signed out: every route answers in each URL form (public pages render, the rest ask to sign in); every public route keeps its layout at 412 px (CLS 0) and fits 360 px', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await checkRoutes(page, pageRoutes, (r) => addressOf(r, ids), 'signed out', graphs.visitor, { shifts: true, forms: true });
  // The spec's 68 hyphenated routes and /settings, plus /gym-page (issue #20), /admin-home-page and /gyms-page (issue #37)
  // and /live-attempt-page (issue #40).
  expect(pageRoutes.length).toBe(73);
});

test('signed out: every public page is reached from / by links', async ({ page }) => {
  test.setTimeout(240_000);
  await graphs.visitor.expectReachesAll(page, 'visitor');
});

test('signed out: every public route at 1280 px keeps its layout (CLS 0)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(observeShifts);
  const problems: string[] = [];
  for (const route of memberRoutes.filter((r) => r.access === 'public')) {
    await page.goto(`${app().url}${addressOf(route, ids)}`);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Read once the page has settled (layoutShiftProblem waits for it).
    const moved = await layoutShiftProblem(page, `${route.path} at 1280 px`);
    if (moved) problems.push(moved);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('signed in as an athlete: every public and athlete route fits 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  // Signed in through the API (signing in is auth.spec.ts's journey); at 360 px the helper waits for the restored session.
  await openSignedIn(page, app(), mailbox, athlete);
  await graphs.athlete.recordWithMenus(page);
  await checkRoutes(page, memberRoutes, (r) => addressOf(r, ids), 'athlete', graphs.athlete);
});

test('an athlete: every page an athlete may use is reached from / by links (menus included)', async ({ page }) => {
  test.setTimeout(240_000);
  await expectReachableSignedIn(page, 'athlete');
});

test('a certified judge: every page, the judging queue among them, is reached from / by links', async ({ page }) => {
  test.setTimeout(240_000);
  const judge = { email: `reach.judge.${Date.now()}@example.test`, name: 'Jules Judge', password: 'walk-every-link-42' };
  const judgeApi = await apiSignIn(app(), mailbox, judge);
  const profile = await apiCall(app(), judgeApi, 'PUT', 'api/v1/athlete-profiles/me', { display_name: judge.name });
  const boss = await apiSignIn(app(), mailbox, admin);
  await apiCall(app(), boss, 'POST', 'api/judging/certificates', { user_id: profile.user_id as number, level: 'judge' });
  await openSignedIn(page, app(), mailbox, judge);
  // A judge is an athlete whose judging pages differ (the queue instead of the way to certification): those, / and
  // the menus are the judge's own visits, the rest the athlete's links.
  const links = new LinkGraph(app(), graphs.athlete);
  await links.recordWithMenus(page);
  for (const path of ['judging-dashboard', 'video-judging-test-page']) await links.visit(page, `${app().url}${path}`);
  await links.expectReachesAll(page, 'judge');
  await page.goto(`${app().url}judging-dashboard`);
  await expect(page.getByRole('heading', { name: 'Judging is for certified judges' })).toHaveCount(0);
});

test('signed in as an administrator: every admin route fits 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, admin);
  await graphs.admin.recordWithMenus(page);
  await checkRoutes(page, adminRoutes, (r) => addressOf(r, ids), 'admin', graphs.admin);
});

test('an administrator: every admin page is reached from / by links, through the admin home', async ({ page }) => {
  test.setTimeout(240_000);
  await expectReachableSignedIn(page, 'admin');
  await page.goto(`${app().url}admin-home-page`);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Reported Content/ })).toBeVisible();
});
