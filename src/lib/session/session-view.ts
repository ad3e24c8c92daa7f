import { createContext, useContext } from 'react';
import type { SessionUser } from '#machines/session.ts';

export type { SessionUser };

export interface SessionView {
  /** Who is signed in (kept while the session-expired dialog is up). */
  user: SessionUser | null;
  isAdmin: boolean;
  /** True while a remembered session is being restored on load. */
  restoring: boolean;
}

export const ADMIN_ROLES = ['administrator', 'editor'] as const;

export function isAdminRole(role: string | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}

/** The one place the layout and pages read who is signed in; the session provider fills it. */
export const SessionContext = createContext<SessionView>({ user: null, isAdmin: false, restoring: false });

export function useSessionView(): SessionView {
  return useContext(SessionContext);
}
