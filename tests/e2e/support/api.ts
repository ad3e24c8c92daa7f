import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Athlete } from './accounts.ts';
import type { Mailbox } from './mailbox.ts';
import type { RunningApp } from './app.ts';
import { waitForSettled } from './settled.ts';

/**
 * axe-core's minified build (the same rules as its main file, half the bytes to send and compile), the version
 * `@axe-core/playwright` brings, which these checks have always run.
 */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * Violations only (`resultTypes`): the passes and the inapplicable rules are not gathered nor sent back, about a fifth
 * less time per check and a tenth of the bytes (6 Dec, the demo world's Global Ranks page: 1.2 → 1.0 s, 466 → 59 KB).
 * Nothing is judged differently: only violations fail a check.
 */
const AXE_OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  // A control named by aria-label must say what it visibly shows (WCAG 2.5.3, for people who speak a control's label):
  // experimental in this axe-core (4.13), so off unless asked.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/**
 * axe over the page (or the part `include` names), as `@axe-core/playwright`'s legacy mode runs it (`axe.run` in the
 * page, same-origin frames checked, a third party's embed not), without its cost per check: axe is put into a document
 * once, not for every check, and no blank page is opened to gather the results (its default mode opened one and sent
 * it axe's 640 KB again each time). Measured on six journey files, 6 Dec: axe was half of their CPU time.
 */
export const axeBuilder = (page: Page, selector?: string) => ({
  include: (inner: string) => axeBuilder(page, inner),
  async analyze(): Promise<AxeResults> {
    const origin = new URL(page.url()).origin;
    for (const frame of page.frames()) {
      if (new URL(frame.url(), page.url()).origin !== origin) continue;
      const inject = async () => {
        if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
      };
      // A child frame may go away meanwhile (as in the legacy mode, it is then not checked); the page itself must take it.
      if (frame === page.mainFrame()) await inject();
      else await inject().catch(() => {});
    }
    return page.evaluate(
      ([include, options]) => {
        const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
        return axe.run(include ? { include: [include] } : document, options);
      },
      [selector, AXE_OPTIONS] as const,
    );
  },
});

/**
 * fetch, tried once more when the connection was reset before an answer came: Node's fetch reuses kept-alive
 * sockets, and one the server closed at that instant fails the request before it reached a handler.
 */
async function fetchRetryingReset(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
    await new Promise((r) => setTimeout(r, 100));
    return fetch(url, init);
  }
}

export interface ApiSession {
  token: string;
  csrf: string;
}

/** What the API's sign-in gives: the session for API calls, the refresh cookie it set, and the signed-in user. */
export interface ApiSignIn {
  session: ApiSession;
  refreshCookie: string;
  body: { user: { wp_role: string } & Record<string, unknown>; token: { token: string }; csrf_token: string };
}

/** The addresses this worker registered on each app. */
const registered = new WeakMap<RunningApp, Set<string>>();

/**
 * Registers (once) and signs in through the API, the way the app does; `userAgent` names the device the
 * session is kept for (a browser's, when the session is handed to a page).
 */
export async function apiSignInFull(a: RunningApp, box: Mailbox, who: Athlete, userAgent?: string): Promise<ApiSignIn> {
  const json = { 'content-type': 'application/json', ...(userAgent ? { 'user-agent': userAgent } : {}) };
  await registerOnce(a, who, json);
  const since = box.mark();
  const started = await fetchRetryingReset(`${a.url}api/auth/initiate-login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const code = await box.loginCode(who.email, since);
  const verified = await fetchRetryingReset(`${a.url}api/auth/verify-otp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: who.email, code }),
  });
  expect(verified.status).toBe(200);
  const refresh = verified.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  expect(refresh, 'verify-otp sets the refresh cookie').toBeTruthy();
  const body = (await verified.json()) as ApiSignIn['body'];
  return {
    session: { token: body.token.token, csrf: body.csrf_token },
    refreshCookie: refresh!.slice('refresh_token='.length).split(';')[0]!,
    body,
  };
}

/** Registers `who` unless this worker already did on this app (an address already taken is left as it is). */
async function registerOnce(a: RunningApp, who: Athlete, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  // Registering hashes the password (scrypt) even for a taken email: once per app and address is enough.
  const known = registered.get(a) ?? new Set<string>();
  registered.set(a, known);
  if (known.has(who.email)) return;
  const res = await fetchRetryingReset(`${a.url}api/user_registration/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: who.email, password: who.password, display_name: who.name }),
  });
  if (res.ok) known.add(who.email);
}

/**
 * An account made through the API, nobody signed in and no code mailed: for a journey about signing in
 * that needs an account but does not test the sign-up form (auth.spec.ts's first test does).
 */
export async function apiRegister(a: RunningApp, who: Athlete) {
  await registerOnce(a, who);
  expect(registered.get(a)?.has(who.email), `${who.email} registered`).toBe(true);
}

/** Registers (once) and signs in through the API, the way the app does: a session beside the browser's. */
export async function apiSignIn(a: RunningApp, box: Mailbox, who: Athlete): Promise<ApiSession> {
  return (await apiSignInFull(a, box, who)).session;
}

/** A secure API call that must succeed; returns its JSON body. */
export async function apiCall(a: RunningApp, s: ApiSession, method: string, path: string, body?: unknown) {
  const res = await fetchRetryingReset(`${a.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}`, 'x-csrf-token': s.csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A timed challenge open since an hour ago for a week, created and joined (Rx) by the signed-in athlete. */
export async function openTimedChallengeJoined(a: RunningApp, s: ApiSession, title: string, hasTiebreak: boolean): Promise<number> {
  const now = Date.now();
  const challenge = await apiCall(a, s, 'POST', 'api/challenges/', {
    title,
    score_type: 'time',
    time_cap_seconds: 1200,
    has_tiebreak: hasTiebreak,
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 7 * 86_400_000).toISOString(),
  });
  await apiCall(a, s, 'POST', `api/challenges/${String(challenge.id)}/join`, { division: 'rx' });
  return Number(challenge.id);
}

/** axe-core finds no violations on the page as it is now. */
export async function axeClean(page: Page) {
  // A toast or dialog still fading in is half transparent: contrast is judged on what stays on screen. A toast
  // loads its code on first use, so it may start moving just after a check: wait for two quiet checks in a row.
  // Springs (the achievement popup's entrance) run in script and write the element's inline opacity each frame:
  // one between 0 and 1 is a fade still going.
  const moving = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((an) => an.playState === 'running' && Number.isFinite(an.effect?.getComputedTiming().endTime ?? Infinity)).length +
        [...document.querySelectorAll<HTMLElement>('[style*="opacity"]')].filter((el) => {
          const o = Number(el.style.opacity);
          return o > 0.01 && o < 0.99;
        }).length,
    );
  const settle = async () => {
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 40; tries++) {
      quiet = (await moving()) === 0 ? quiet + 1 : 0;
      await page.waitForTimeout(100);
    }
  };
  // Something may start moving after the quiet checks (an achievement popup handed over when the socket connects):
  // a violation is judged again once things settle, and only one that stays is a failure.
  let violations: string[] = [];
  for (let round = 0; round < 3; round++) {
    await settle();
    const results = await axeBuilder(page).analyze();
    violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (violations.length === 0) break;
    await page.waitForTimeout(700);
  }
  expect(violations).toEqual([]);
}

/**
 * Moves the server's clock (an app started with TEST_CLOCK=1) by offsetMs from now, so days of history take seconds.
 * Pass the pages open on the app: each settles first. A page still restoring its session while the clock jumps has its
 * refresh token rotated at the old time; a reload that cuts that answer off presents the parent token, a day "later",
 * past the 10 s reuse window (server/areas/auth/auth.ts), and the session ends: a race a person cannot run (battles-squads
 * failed so on 1 run in 5 on PostgreSQL).
 */
export async function setClock(a: RunningApp, offsetMs: number, ...open: Page[]) {
  for (const page of open) await waitForSettled(page);
  const res = await fetchRetryingReset(`${a.url}api/test-clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_ms: offsetMs }),
  });
  expect(res.status).toBe(200);
}
