import { assertEvent, assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import {
  DEFAULT_TOKEN_LIFETIME_MS,
  MAX_REFRESH_ATTEMPTS,
  SESSION_EXPIRED_REDIRECT_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '../domain/constants.ts';

/** The signed-in user (spec section 3). */
export interface SessionUser {
  wp_user_id: number;
  email: string;
  display_name: string;
  wp_role: string;
  wp_capabilities: Record<string, boolean>;
}

export interface TokenInfo {
  token: string;
  /** ms since the epoch; null when the server did not say (assume DEFAULT_TOKEN_LIFETIME_MS). */
  expiresAt: number | null;
  issuedAt: number;
}

/** What a successful sign-in or refresh gives: the login data. */
export interface SessionData {
  user: SessionUser;
  token: TokenInfo;
  csrf_token: string;
}

/** What survives a reload (localStorage 'auth-storage'): never the access token. */
export interface PersistedSession {
  user: SessionUser;
  role: string;
  csrf: string;
}

export interface SessionContext {
  user: SessionUser | null;
  token: TokenInfo | null;
  csrfToken: string | null;
  refreshAttempts: number;
}

export type SessionEvent =
  | { type: 'session.login'; session: SessionData }
  | { type: 'session.refresh' }
  | { type: 'session.expired' }
  | { type: 'session.logout' }
  | { type: 'session.loginAgain' }
  | { type: 'session.dismiss' }
  | { type: 'session.userUpdated'; user: SessionUser };

/** Wait between refresh attempts after a failure. */
export const REFRESH_RETRY_MS = 2000;

/** When the scheduled refresh is due: 5 minutes before expiry (24 h lifetime when unknown). */
export function refreshDelay(token: TokenInfo | null, now: number): number {
  if (!token) return DEFAULT_TOKEN_LIFETIME_MS - TOKEN_REFRESH_LEAD_MS;
  const expiresAt = token.expiresAt ?? token.issuedAt + DEFAULT_TOKEN_LIFETIME_MS;
  return Math.max(0, expiresAt - now - TOKEN_REFRESH_LEAD_MS);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { persisted: PersistedSession | null; now?: () => number },
  },
  actors: {
    /** Asks the server for a new access token with the refresh cookie. */
    refreshSession: fromPromise<SessionData>(async () => {
      throw new Error('refreshSession not provided');
    }),
  },
  actions: {
    /** From a 'session.login' event or a refresh actor's done event. */
    assignSession: assign(({ event }) => {
      const session = event.type === 'session.login' ? event.session : (event as unknown as DoneActorEvent<SessionData>).output;
      return { user: session.user, token: session.token, csrfToken: session.csrf_token };
    }),
    assignUser: assign(({ event }) => {
      assertEvent(event, 'session.userUpdated');
      return { user: event.user };
    }),
    clearSession: assign({ user: null, token: null, csrfToken: null, refreshAttempts: 0 }),
    countRefreshAttempt: assign({ refreshAttempts: ({ context }) => context.refreshAttempts + 1 }),
    resetRefreshAttempts: assign({ refreshAttempts: 0 }),
    /** Side effects the app provides: */
    persistSession: () => {},
    forgetSession: () => {},
    requestServerLogout: () => {},
    notifySessionExpired: () => {},
    redirectToLogin: () => {},
  },
  guards: {
    hasPersistedSession: ({ context }) => context.user !== null,
    refreshAttemptsLeft: ({ context }) => context.refreshAttempts + 1 < MAX_REFRESH_ATTEMPTS,
  },
  delays: {
    REFRESH_DUE: ({ context }) => refreshDelay(context.token, Date.now()),
    REFRESH_RETRY: REFRESH_RETRY_MS,
    SESSION_EXPIRED_REDIRECT: SESSION_EXPIRED_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.persisted?.user ?? null,
    token: null,
    csrfToken: input.persisted?.csrf ?? null,
    refreshAttempts: 0,
  }),
  initial: 'restoring',
  on: {
    // From any state, signing out ends the session here and on the server.
    'session.logout': { target: '.signedOut', actions: 'requestServerLogout' },
  },
  states: {
    /** On load: a remembered user gets a fresh access token from the refresh cookie. */
    restoring: {
      always: [{ guard: 'hasPersistedSession', target: 'restoringFromCookie' }, { target: 'signedOut' }],
    },
    restoringFromCookie: {
      tags: ['loading'],
      invoke: {
        id: 'restore',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: 'assignSession' },
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      entry: ['clearSession', 'forgetSession'],
      on: {
        'session.login': { target: 'signedIn', actions: 'assignSession' },
      },
    },
    signedIn: {
      entry: 'persistSession',
      initial: 'active',
      states: {
        active: {
          entry: 'resetRefreshAttempts',
          after: { REFRESH_DUE: 'refreshing' },
          on: { 'session.refresh': 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refresh',
            src: 'refreshSession',
            onDone: { target: 'active', actions: ['assignSession', 'persistSession'] },
            onError: [
              { guard: 'refreshAttemptsLeft', target: 'waitingToRetry', actions: 'countRefreshAttempt' },
              { target: '#session.sessionExpired', actions: 'countRefreshAttempt' },
            ],
          },
        },
        waitingToRetry: {
          tags: ['refreshing'],
          after: { REFRESH_RETRY: 'refreshing' },
        },
      },
      on: {
        'session.expired': '#session.sessionExpired',
        'session.userUpdated': { actions: ['assignUser', 'persistSession'] },
      },
    },
    sessionExpired: {
      entry: 'notifySessionExpired',
      after: {
        SESSION_EXPIRED_REDIRECT: { target: 'signedOut', actions: ['requestServerLogout', 'redirectToLogin'] },
      },
      on: {
        'session.loginAgain': { target: 'signedOut', actions: ['requestServerLogout', 'redirectToLogin'] },
        'session.dismiss': { target: 'signedOut', actions: 'requestServerLogout' },
        'session.login': { target: 'signedIn', actions: 'assignSession' },
      },
    },
  },
});
