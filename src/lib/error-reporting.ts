import { hasSessionToken, quietApi, quietSecureApi } from '../api/client.ts';
import {
  ERROR_MESSAGE_MAX,
  ERROR_REPORTS_PER_PAGE_LOAD,
  ERROR_STACK_MAX,
  ERROR_URL_MAX,
  fingerprintSource,
} from '#domain/admin-operations.ts';

export type ClientErrorKind = 'render' | 'rejection' | 'chunk';

/** The release this build is (set at build time; see vite.config.ts). */
export const APP_RELEASE: string = (import.meta.env.VITE_APP_RELEASE as string | undefined) ?? 'dev';

const sent = new Set<string>();
let count = 0;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * Tells the server's error log about an error this page met: once per kind of error per page
 * load (the same fingerprint as the server's), at most ERROR_REPORTS_PER_PAGE_LOAD in all, and
 * never louder than a failed send: reporting must not itself fail the page.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const { message, stack } = describe(error);
  const fingerprint = fingerprintSource(kind, message, stack);
  if (sent.has(fingerprint) || count >= ERROR_REPORTS_PER_PAGE_LOAD) return;
  sent.add(fingerprint);
  count += 1;
  const body = {
    kind,
    message: message.trim().slice(0, ERROR_MESSAGE_MAX) || 'Unknown error',
    ...(stack ? { stack: stack.slice(0, ERROR_STACK_MAX) } : {}),
    url: `${window.location.pathname}${window.location.search}`.slice(0, ERROR_URL_MAX),
    release: APP_RELEASE,
  };
  const client = hasSessionToken() ? quietSecureApi : quietApi;
  void client.POST('/api/admin/report-frontend-error', { body }).catch(() => undefined);
}
