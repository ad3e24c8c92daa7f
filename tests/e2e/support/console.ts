import type { Page } from '@playwright/test';

/**
 * What may show in the console. Each entry is a reason, not a blanket pass:
 * - 401 on /api/auth/refresh-token: a signed-out first visit asks the refresh cookie once and hears "no session".
 */
const ALLOWED: { pattern: RegExp; why: string }[] = [
  {
    pattern: /Failed to load resource: the server responded with a status of 401/,
    why: 'signed-out session probe (refresh-token) before signing in',
  },
];

/** Collects console errors, page errors and failed React renders from now on, each under the route it came from. */
export function watchConsole(page: Page): { problems: string[]; at: (where: string) => void } {
  const problems: string[] = [];
  let where = '';
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    if (ALLOWED.some((a) => a.pattern.test(text))) return;
    problems.push(`${where}: console.error ${text.slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`${where}: page error ${e.message.slice(0, 300)}`));
  return { problems, at: (w) => (where = w) };
}
