// Screenshots of every route of the route table at 1280 px and 360 px, light and dark, to look at:
//   npm run screenshots [-- name-filter ...]
// Public routes signed out, athlete routes as an athlete with results (plus the signed-in home),
// admin routes as an administrator, over the demo world. Full-page PNGs go to docs/screens/
// (gitignored) as <route>-<width>-<theme>.png; the README's docs/home.png is refreshed from the
// signed-out home at 1280 px light. A filter keeps only the shots whose file name contains it (e.g. home, admin-).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { PageRoute } from '../src/app/route-table.ts';
import { buildIfNeeded } from './build-if-needed.mjs';
import { CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { startApp, type RunningApp } from '../tests/e2e/support/app.ts';
import { Mailbox } from '../tests/e2e/support/mailbox.ts';
import { ADMIN_EMAIL, type Athlete } from '../tests/e2e/support/accounts.ts';
import { addressOf, admin, adminRoutes, athlete, memberRoutes, seedAthleteWorld, type Ids } from '../tests/e2e/support/world.ts';

const OUT = 'docs/screens';
const WIDTHS = [1280, 360] as const;
const THEMES = ['light', 'dark'] as const;
const filters = process.argv.slice(2);

interface Shot {
  route: PageRoute;
  /** The file name's route part. */
  name: string;
}
const wanted = (s: Shot) => !filters.length || filters.some((f) => s.name.includes(f));

const nameOf = (r: PageRoute) => r.path.slice(1) || 'home';
const home = memberRoutes.find((r) => r.path === '/')!;
const roles: { who: Athlete | null; shots: Shot[] }[] = [
  { who: null, shots: memberRoutes.filter((r) => r.access === 'public').map((route) => ({ route, name: nameOf(route) })) },
  {
    who: athlete,
    shots: [
      { route: home, name: 'home-signed-in' },
      ...memberRoutes.filter((r) => r.access === 'user').map((route) => ({ route, name: nameOf(route) })),
    ],
  },
  { who: admin, shots: adminRoutes.map((route) => ({ route, name: nameOf(route) })) },
];

async function signIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete) {
  const since = mailbox.mark();
  await page.goto(`${app.url}login-page`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await page.getByLabel('Sign-in code').fill(await mailbox.loginCode(who.email, since));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => localStorage.getItem('auth-storage'));
}

/** Loads a route and waits for its data: network quiet, skeletons and busy regions gone, fonts in. */
async function settle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200); // let entrance animations finish
}

buildIfNeeded();
const mailbox = new Mailbox();
const smtp = await mailbox.start();
const app = await startApp({ SEED: 'demo', SMTP_URL: smtp, ADMIN_EMAILS: ADMIN_EMAIL });
const browser = await chromium.launch({ executablePath: await ensureBrowser(), args: CHROMIUM_ARGS });
try {
  const ids: Ids = await seedAthleteWorld(app, mailbox);
  await mkdir(OUT, { recursive: true });
  let count = 0;
  const started = Date.now();
  for (const { who, shots } of roles) {
    const selected = shots.filter(wanted);
    if (!selected.length) continue;
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (who) await signIn(page, app, mailbox, who);
    else await page.goto(app.url);
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 600 ? 860 : 780 });
        for (const { route, name } of selected) {
          await settle(page, app.url + addressOf(route, ids));
          const file = path.join(OUT, `${name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          count++;
          if (!who && route.path === '/' && width === 1280 && theme === 'light') {
            await page.screenshot({ path: 'docs/home.png' }); // the README's picture: the first screen only
          }
        }
      }
    }
    await context.close();
  }
  console.log(`${count} screenshots in ${OUT}/ (${Math.round((Date.now() - started) / 1000)} s)`);
} finally {
  await browser.close();
  await app.stop();
  await mailbox.stop();
}
