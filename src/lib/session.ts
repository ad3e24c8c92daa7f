import { createContext, useContext } from 'react';

/** The signed-in user, as spec section 3 names it. */
export interface SessionUser {
  wp_user_id: number;
  email: string;
  display_name: string;
  wp_role: string;
  wp_capabilities: Record<string, boolean>;
}

export interface SessionView {
  user: SessionUser | null;
  isAdmin: boolean;
}

export const ADMIN_ROLES = ['administrator', 'editor'] as const;

export function isAdminRole(role: string | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}

/** The one place the layout reads who is signed in; the session provider fills it. */
export const SessionContext = createContext<SessionView>({ user: null, isAdmin: false });

export function useSessionView(): SessionView {
  return useContext(SessionContext);
}
