import type { PersistedSession, SessionData } from '#machines/session.ts';

/** What the session chart starts from: the remembered athlete, or a cookie that may hold a session. */
export interface SessionInput {
  persisted: PersistedSession | null;
  probeCookie?: boolean;
}

/** The spec's localStorage key for the remembered user, role and csrf token. */
export const AUTH_STORAGE_KEY = 'auth-storage';

export function readPersistedSession(): PersistedSession | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PersistedSession>;
    if (!parsed.user || typeof parsed.user.email !== 'string' || typeof parsed.csrf !== 'string') return null;
    return { user: parsed.user, role: parsed.role ?? parsed.user.wp_role, csrf: parsed.csrf };
  } catch {
    return null;
  }
}

export function writePersistedSession(session: Pick<SessionData, 'user' | 'csrf_token'>): void {
  const value: PersistedSession = { user: session.user, role: session.user.wp_role, csrf: session.csrf_token };
  try {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session still works until the tab closes.
  }
}

export function clearPersistedSession(): void {
  try {
    localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * Whether a refresh cookie may exist that localStorage does not know of: in a cross-site frame
 * the browser may partition or withhold storage while it keeps the (Partitioned) cookie, and where
 * storage is blocked nothing is ever remembered. Then the session asks the server once on load.
 */
export function mayHoldUnrememberedCookie(): boolean {
  let framed = false;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true; // a cross-origin parent may even refuse the comparison
  }
  if (framed) return true;
  try {
    const probe = '__repforge_storage_probe__';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return false;
  } catch {
    return true;
  }
}
