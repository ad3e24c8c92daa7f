/**
 * Operations rules both sides share: how a reported error is bounded and grouped, and which
 * authentication events the security timeline knows. Pure: no I/O.
 */

/** What one error report may carry (characters); the contract enforces the same bounds. */
export const ERROR_MESSAGE_MAX = 500;
export const ERROR_STACK_MAX = 8000;
export const ERROR_URL_MAX = 500;
export const ERROR_RELEASE_MAX = 64;
/** The reports one page load sends at most (the server rate-limits per address as well). */
export const ERROR_REPORTS_PER_PAGE_LOAD = 20;

export const ERROR_KINDS = ['render', 'rejection', 'chunk', 'server'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export const ERROR_STATUSES = ['open', 'resolved', 'ignored'] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * The first frame of a stack that names a place in code ("at fn (file:1:2)" or "fn@file:1:2"),
 * without the column: the same throw site in two builds with re-ordered columns stays one group.
 */
export function topFrame(stack: string | null | undefined): string {
  for (const raw of (stack ?? '').split('\n')) {
    const line = raw.trim();
    const v8 = /^at\s+(.+)$/.exec(line);
    const gecko = /^([^@\s]*)@(.+)$/.exec(line);
    const frame = v8?.[1] ?? (gecko ? `${gecko[1] || '<anonymous>'} (${gecko[2]})` : null);
    if (frame) return frame.replace(/:\d+(\)?)$/, '$1').slice(0, 300);
  }
  return '';
}

/**
 * The words that make two reports the same error: the kind, the message with its numbers and
 * quoted values blanked ("User 17 not found" and "User 4 not found" are one error), and the top frame.
 */
export function fingerprintSource(kind: ErrorKind, message: string, stack: string | null | undefined): string {
  const normalized = message
    .trim()
    .replace(/(["'`]).*?\1/g, '"…"')
    .replace(/\b0x[0-9a-f]+\b/gi, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .slice(0, ERROR_MESSAGE_MAX);
  return `${kind}\n${normalized}\n${topFrame(stack)}`;
}

export const AUTH_EVENT_KINDS = [
  'sign_in_success',
  'sign_in_failure',
  'code_failure',
  'code_locked',
  'refresh_reuse',
  'role_change',
  'password_reset_requested',
  'password_reset',
  'admin_unlock',
  'sessions_revoked',
] as const;
export type AuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

/** The events that count as failures towards an alert. */
export const AUTH_FAILURE_KINDS: readonly AuthEventKind[] = ['sign_in_failure', 'code_failure'];
/** Failures from one address within one minute that raise an alert. */
export const AUTH_FAILURES_PER_MINUTE_ALERT = 10;
/** How far back the alerts look (hours). */
export const AUTH_ALERT_WINDOW_HOURS = 24;
/** The security timeline counts matching events up to this many (then says "10,000+"): an exact count of a million is most of a page's time. */
export const AUTH_EVENTS_COUNT_CAP = 10_000;
