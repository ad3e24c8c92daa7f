import { useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise, waitFor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { RefreshError, sessionMachine, type SessionData } from '#machines/session.ts';
import { api, linkSession } from '#src/api/client.ts';
import { toast } from '../toast.ts';
import { routerBase } from '../runtime-config.ts';
import { safeNextPath } from '../safe-next.ts';
import { SESSION_EXPIRED_TOAST_MS } from '#domain/constants.ts';
import { SessionContext, isAdminRole, type SessionView } from './session-view.ts';
import { clearPersistedSession, mayHoldUnrememberedCookie, readPersistedSession, writePersistedSession } from './persisted-session.ts';
import { lazySocket } from './lazy-socket.ts';
import { createFlowContext } from '../flow/use-flow.ts';

export const SESSION_EXPIRED_TOAST_TEXT = 'Your session has expired. Please log in again.';

/** The status travels with the failure: the chart keeps the session through a 503 and retries. */
async function refreshRequest(): Promise<SessionData> {
  const { data, error, response } = await api.POST('/api/auth/refresh-token');
  if (!data) throw new RefreshError(error?.detail ?? 'refresh failed', response.status);
  return data;
}

/** `?next=` with the page the athlete is on (inside the app), so signing in again returns there. */
export function loginReturn(location: Pick<Location, 'pathname' | 'search'> = window.location, base = routerBase): string {
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : '/';
  const here = `${path}${location.search}`;
  const next = safeNextPath(here, '');
  return next && next !== '/' ? `?next=${encodeURIComponent(next)}` : '';
}

/** The session statechart with the browser's effects plugged in. */
export const appSessionMachine = sessionMachine.provide({
  actors: { refreshSession: fromPromise(refreshRequest), socket: lazySocket },
  actions: {
    persistSession: ({ context }) => {
      if (context.user && context.csrfToken) writePersistedSession({ user: context.user, csrf_token: context.csrfToken });
    },
    forgetSession: () => clearPersistedSession(),
    requestServerLogout: () => {
      void api.POST('/api/auth/logout').catch(() => undefined);
    },
    notifySessionExpired: () => {
      toast({
        title: SESSION_EXPIRED_TOAST_TEXT,
        variant: 'error',
        durationMs: SESSION_EXPIRED_TOAST_MS,
        action: { label: 'Login', href: '/login-page' },
      });
    },
    redirectToLogin: () => navigate(`${routerBase}/login-page${loginReturn()}`),
  },
});

export const SessionActor = createFlowContext(appSessionMachine);

/** Lets the API client read tokens and ask for a refresh, without owning the session. */
function SessionLinker() {
  const actor = SessionActor.useFlowActor();
  useEffect(() => {
    linkSession({
      token: () => {
        const snap = actor.getSnapshot();
        return snap.matches('signedIn') ? (snap.context.token?.token ?? null) : null;
      },
      csrfToken: () => actor.getSnapshot().context.csrfToken,
      // The session ended under the athlete (the Session Expired dialog): public reads go on without it.
      ended: () => actor.getSnapshot().matches('sessionExpired'),
      async refresh() {
        const before = actor.getSnapshot().context.token?.token;
        actor.send({ type: 'session.refresh' });
        const settled = await waitFor(
          actor,
          (s) => !s.matches('signedIn') || (s.matches({ signedIn: 'active' }) && s.context.token?.token !== before),
        );
        return settled.matches('signedIn');
      },
    });
    return () => linkSession(null);
  }, [actor]);
  return null;
}

function SessionViewProvider({ children }: { children: ReactNode }) {
  const user = SessionActor.useSelector((s) => (s.matches('signedIn') || s.matches('sessionExpired') ? s.context.user : null));
  const restoring = SessionActor.useSelector((s) => s.matches('restoring') || s.matches('restoringFromCookie'));
  const view = useMemo<SessionView>(() => ({ user, isAdmin: isAdminRole(user?.wp_role), restoring }), [user, restoring]);
  return <SessionContext.Provider value={view}>{children}</SessionContext.Provider>;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const input = useMemo(() => {
    const persisted = readPersistedSession();
    return { persisted, probeCookie: !persisted && mayHoldUnrememberedCookie() };
  }, []);
  return (
    <SessionActor.Provider options={{ input }}>
      <SessionLinker />
      <SessionViewProvider>{children}</SessionViewProvider>
    </SessionActor.Provider>
  );
}
