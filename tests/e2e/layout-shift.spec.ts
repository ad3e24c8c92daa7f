import { expect, test, type Page } from '@playwright/test';
import { pageRoutes, type PageRoute } from '#src/app/route-table.ts';
import { useAppWithMail } from './support/accounts.ts';
import type { RunningApp } from './support/app.ts';

// No layout shift: every public route of the route table, signed out over the demo world, at a
// phone's width (412 px, Lighthouse's mobile screen) and a desktop's (1280 px). A
// PerformanceObserver for 'layout-shift' is installed before the page's own scripts run (and reads
// the buffered entries), the page is left to settle (its data, its lazy parts, a quiet network), and
// the shifts not caused by input are summed as Lighthouse sums them: each route's CLS must be 0
// (under 0.001). A failure names the route, the width and the elements that moved.
const { app } = useAppWithMail({ SEED: 'demo' });

const publicRoutes = pageRoutes.filter((r) => r.access === 'public');

interface DemoIds {
  open: number;
  closed: number;
  test: number;
  athlete: number;
  gym: number | null;
}

/** Real ids from the demo world for the routes that read one from their address. */
async function demoIds(a: RunningApp): Promise<DemoIds> {
  const get = async (path: string) => (await (await fetch(`${a.url}${path}`)).json()) as { items: Record<string, unknown>[] };
  const open = (await get('api/challenges/discover?status=open')).items;
  const closed = (await get('api/challenges/archive')).items;
  const tests = (await get('api/v1/tests')).items;
  const ranks = (await get('api/v1/leaderboards/global')).items;
  const gymName = ranks.map((r) => r.gym).find((g): g is string => typeof g === 'string' && g.length > 0);
  const gyms = gymName ? (await get(`api/gyms?q=${encodeURIComponent(gymName.slice(0, 20))}`)).items : [];
  return {
    open: (open.find((c) => c.score_type === 'time') ?? open[0]!).id as number,
    closed: closed[0]!.id as number,
    test: tests.find((t) => t.unit === 'kg')!.id as number,
    athlete: ranks[0]!.user_id as number,
    gym: (gyms[0]?.id as number | undefined) ?? null,
  };
}

function addressOf(route: PageRoute, ids: DemoIds): string {
  const q: Record<string, string> = {
    '/challenge-detail-page': `?id=${ids.open}`,
    '/individual-challenge-detail-page': `?id=${ids.open}`,
    '/challenge-leaderboard-page': `?id=${ids.open}`,
    '/leaderboard-page': `?id=${ids.open}`,
    '/challenge-replay-page': `?id=${ids.closed}`,
    '/athlete-profile-page': `?id=${ids.athlete}`,
    '/test-deep-dive-page': `?id=${ids.test}`,
    '/global-test-leaderboards-page': `?test=${ids.test}`,
    '/gym-page': ids.gym ? `?id=${ids.gym}` : '',
  };
  return route.path.slice(1) + (q[route.path] ?? '');
}

declare global {
  interface Window {
    __shifts?: { value: number; at: number; moved: string[] }[];
  }
}

/** Installed before any of the page's scripts: records every layout shift not caused by input, with what moved. */
function observeShifts() {
  window.__shifts = [];
  const describe = (node: Node | null) => {
    if (!node || !(node instanceof Element)) return node?.nodeName ?? '?';
    const cls = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls}> "${text}"`;
  };
  type Rect = { x: number; y: number; width: number; height: number };
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: Rect; currentRect: Rect }[];
  };
  const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      window.__shifts!.push({
        value: e.value,
        at: Math.round(e.startTime),
        moved: (e.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Loads the route, lets it settle, and returns its shifts. */
async function shiftsOf(page: Page, address: string) {
  await page.goto(`${app().url}${address}`);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
  // Late parts (a lazy finder, a picture, a font) and the frames after the last answer.
  await page.waitForTimeout(400);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return page.evaluate(() => window.__shifts ?? []);
}

let ids: DemoIds;

test.beforeAll(async () => {
  ids = await demoIds(app());
});

for (const [width, height] of [
  [412, 823],
  [1280, 800],
] as const) {
  test(`every public route at ${width} px keeps its layout (CLS 0)`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await page.addInitScript(observeShifts);
    const problems: string[] = [];
    for (const route of publicRoutes) {
      const shifts = await shiftsOf(page, addressOf(route, ids));
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      if (cls >= 0.001)
        problems.push(
          `${route.path} at ${width} px shifts ${cls.toFixed(3)}:\n${shifts
            .map((s) => `    ${s.value.toFixed(3)} at ${s.at} ms: ${s.moved.join(', ')}`)
            .join('\n')}`,
        );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
