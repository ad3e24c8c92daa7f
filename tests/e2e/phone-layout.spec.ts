import { expect, test, type Page } from '@playwright/test';
import { pageRoutes, type PageRoute } from '../../src/app/route-table.ts';
import { ADMIN_EMAIL, signIn, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, type ApiSession } from './support/api.ts';
import type { RunningApp } from './support/app.ts';

// Every route of the route table at 360 px: the page itself never scrolls sideways (tables
// scroll inside their own container). Signed out, as an athlete with results, and the admin
// pages as an administrator, over the demo world. The run-together form of a path renders
// the same page as its hyphenated form, so each page is loaded once.
const { app, mailbox } = useAppWithMail({ SEED: 'demo' });
test.use({ viewport: { width: 360, height: 780 } });

const athlete: Athlete = {
  email: 'phone.athlete@example.test',
  name: 'Maximiliana Worthington-Featherstone',
  password: 'phone-password-1',
};
const admin: Athlete = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };

interface Ids {
  open: number;
  closed: number;
  test: number;
  athlete: number;
  own: number;
}

/** Ids from the demo world (and a challenge of the athlete's own), so the dynamic routes show real content. */
async function seededIds(a: RunningApp, me: ApiSession): Promise<Ids> {
  const get = async (path: string) => (await (await fetch(`${a.url}${path}`)).json()) as { items: Record<string, unknown>[] };
  const open = (await get('api/challenges/discover?status=open')).items;
  const closed = (await get('api/challenges/archive')).items;
  const tests = (await get('api/v1/tests')).items;
  const ranks = (await get('api/v1/leaderboards/global')).items;
  const fran = open.find((c) => c.score_type === 'time') ?? open[0]!;
  const own = await apiCall(a, me, 'POST', 'api/challenges/', {
    title: 'A challenge with a rather long title to see how it wraps on a phone screen',
    description: 'Max reps in 5 minutes.',
    kind: 'individual',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    visibility: 'public',
  });
  return {
    open: fran.id as number,
    closed: closed[0]!.id as number,
    test: tests.find((t) => t.unit === 'kg')!.id as number,
    athlete: ranks[0]!.user_id as number,
    own: own.id as number,
  };
}

/** Query strings of the dynamic routes. */
function addressOf(route: PageRoute, ids: Ids, meId: number): string {
  const q: Record<string, string> = {
    '/challenge-detail-page': `?id=${ids.open}`,
    '/individual-challenge-detail-page': `?id=${ids.open}`,
    '/challenge-leaderboard-page': `?id=${ids.open}`,
    '/leaderboard-page': `?id=${ids.open}`,
    '/challenge-replay-page': `?id=${ids.closed}`,
    '/score-submission-page': `?id=${ids.open}`,
    '/edit-challenge-page': `?id=${ids.own}`,
    '/athlete-profile-page': `?id=${meId}`,
    '/test-deep-dive-page': `?id=${ids.test}`,
    '/global-test-leaderboards-page': `?test=${ids.test}`,
    '/performance-stats-page': `?test=${ids.test}`,
    '/submit-pr-page': `?test=${ids.test}`,
  };
  return route.path.slice(1) + (q[route.path] ?? '');
}

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

/** Loads each route and collects every one that is wider than the screen. */
async function checkRoutes(page: Page, routes: PageRoute[], address: (r: PageRoute) => string, who: string) {
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(`${app().url}${address(route)}`);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    // Wait for the page's data: skeletons and "Loading" notes gone, the network quiet.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.locator('[aria-busy="true"]'))
      .toHaveCount(0, { timeout: 5_000 })
      .catch(() => undefined);
    const over = await pageOverflow(page);
    if (over) {
      problems.push(
        `${who} ${route.path}: page is ${over.scrollWidth} px wide on a ${over.clientWidth} px screen; sticking out:\n    ${over.widest.join('\n    ')}`,
      );
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

let ids: Ids;
let meId = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const a = app();
  // The athlete with results and their own challenge, used by the next tests too.
  const me = await apiSignIn(a, mailbox, athlete);
  const profile = await apiCall(a, me, 'PUT', 'api/v1/athlete-profiles/me', {
    display_name: athlete.name,
    sex: 'female',
    gym: 'The Very Long Named Strength and Conditioning Gym of the Harbour',
    privacy: { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' },
  });
  meId = profile.user_id as number;
  ids = await seededIds(a, me);
  await apiCall(a, me, 'POST', `api/challenges/${ids.open}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, me, 'POST', `api/challenges/${ids.open}/submit-score`, { capped: true, reps: 87 });
  await apiCall(a, me, 'POST', `api/challenges/${ids.own}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, me, 'POST', `api/challenges/${ids.own}/submit-score`, { reps: 123 });
  const today = new Date().toISOString().slice(0, 10);
  const pr = await apiCall(a, me, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: ids.test,
    value: '142.5',
    unit: 'kg',
    achieved_on: today,
  });
  await apiCall(a, me, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: ids.test,
    value: '150',
    unit: 'kg',
    achieved_on: today,
    evidence_url: 'https://video.example.test/a/very/long/path/to/the/evidence/of/this/lift',
  });
  const boss = await apiSignIn(a, mailbox, admin);
  await apiCall(a, boss, 'POST', `api/v1/athlete-profiles/admin/approve/${pr.id as number}`, {});
});

test('signed out: every public route fits 360 px', async ({ page }) => {
  test.setTimeout(180_000);

  await checkRoutes(
    page,
    pageRoutes.filter((r) => r.access !== 'admin'),
    (r) => addressOf(r, ids, meId),
    'signed out',
  );
});

test('signed in as an athlete: every public and athlete route fits 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, app(), mailbox, athlete);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await checkRoutes(
    page,
    pageRoutes.filter((r) => r.access !== 'admin'),
    (r) => addressOf(r, ids, meId),
    'athlete',
  );
});

test('signed in as an administrator: every admin route fits 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, app(), mailbox, admin);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await checkRoutes(
    page,
    pageRoutes.filter((r) => r.access === 'admin'),
    (r) => addressOf(r, ids, meId),
    'admin',
  );
});
