import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';

// Issue #37: on a phone a board shows each athlete's name whole (it wraps), never "Maximiliana Worthingt…".
const { app, mailbox } = useAppWithMail();

test('at 360 px a long athlete name on a board wraps, whole, beside a score that keeps its line', async ({ page }) => {
  const a = app();
  const who = {
    email: 'long.name@example.test',
    name: 'Maximiliana Worthington-Featherstone of the Harbour',
    password: 'long-name-pass-1',
  };
  const me = await apiSignIn(a, mailbox, who);
  const challenge = await apiCall(a, me, 'POST', 'api/challenges/', {
    title: 'Max reps in five minutes',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  await apiCall(a, me, 'POST', `api/challenges/${challenge.id as number}/join`, { division: 'rx' });
  await apiCall(a, me, 'POST', `api/challenges/${challenge.id as number}/submit-score`, { reps: 123 });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${a.url}challenge-leaderboard-page?id=${challenge.id as number}`);
  const name = page.getByRole('table').getByRole('link', { name: who.name });
  await expect(name).toBeVisible();
  // Whole: nothing of it is clipped (an ellipsis clips), and it takes more than one line.
  const box = await name.evaluate((el) => ({
    clipped: el.scrollWidth > el.clientWidth + 1,
    ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
    // Taller than two font sizes: more than one line.
    wraps: el.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(el).fontSize),
  }));
  expect(box.clipped).toBe(false);
  expect(box.ellipsis).toBe(false);
  expect(box.wraps).toBe(true);
  // The score's text sits on one line (its rectangles share one top).
  const scoreLines = await page
    .getByRole('table')
    .getByRole('cell', { name: /123/ })
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    });
  expect(scoreLines).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
