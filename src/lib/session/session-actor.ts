import { fromPromise, waitFor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { RefreshError, sessionMachine, type SessionData } from '#machines/session.ts';
import { api, linkSession } from '#src/api/client.ts';
import { toast } from '../toast.ts';
import { routerBase } from '../runtime-config.ts';
import { SESSION_EXPIRED_TOAST_MS } from '#domain/constants.ts';
import { clearPersistedSession, writePersistedSession, type SessionInput } from './persisted-session.ts';
import { lazySocket } from './lazy-socket.ts';
import { createFlow } from '../flow/use-flow.ts';
import { loginReturn } from './login-return.ts';

// The session chart with the browser's effects plugged in. It loads on demand (session-provider.tsx):
// at once for a remembered athlete, otherwise with the first event sent to it (signing in) or a
// hover on Sign In, so a visitor's first load carries neither the chart nor XState.

export const SESSION_EXPIRED_TOAST_TEXT = 'Your session has expired. Please log in again.';

/** The status travels with the failure: the chart keeps the session through a 503 and retries. */
async function refreshRequest(): Promise<SessionData> {
  const { data, error, response } = await api.POST('/api/auth/refresh-token');
  if (!data) throw new RefreshError(error?.detail ?? 'refresh failed', response.status);
  return data;
}

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

/**
 * Starts the session's actor, with the API client linked to it (reading tokens, asking for a
 * refresh) before it starts; `stop` ends both.
 */
export function startSession(input: SessionInput) {
  const actor = createFlow(appSessionMachine, { input });
  linkSession({
    token: () => {
      const snap = actor.getSnapshot();
      return snap.matches('signedIn') ? (snap.context.token?.token ?? null) : null;
    },
    csrfToken: () => actor.getSnapshot().context.csrfToken,
    // The session ended under the athlete (the Session Expired dialog): public reads go on without it.
    ended: () => actor.getSnapshot().matches('sessionExpired'),
    async refresh() {
      // Settled by the next answer, not by a different string: a token renewed within the same second as the one
      // before is the same string (same session, same iat and exp), and waiting for a change would never end.
      const before = actor.getSnapshot().context.token;
      actor.send({ type: 'session.refresh' });
      const settled = await waitFor(
        actor,
        (s) => !s.matches('signedIn') || (s.matches({ signedIn: 'active' }) && s.context.token !== before),
      );
      return settled.matches('signedIn');
    },
  });
  actor.start();
  return {
    actor,
    stop() {
      linkSession(null);
      actor.stop();
    },
  };
}
