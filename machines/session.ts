import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import {
  DEFAULT_TOKEN_LIFETIME_MS,
  EXPIRING_SOON_MS,
  MAX_REFRESH_ATTEMPTS,
  SESSION_EXPIRED_REDIRECT_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '../domain/constants.ts';
import { clockNow } from './clock.ts';
import type { SocketEvent } from './socket.ts';
import { socketPath } from './socket-path.ts';

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
  /**
   * Nothing is remembered, but a refresh cookie may still exist: in a cross-site frame the
   * browser may keep the partitioned cookie while giving the frame no (or a fresh) localStorage.
   */
  probeCookie: boolean;
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
/** Wait before asking again when the server said 503: the session is kept meanwhile. */
export const SERVICE_UNAVAILABLE_RETRY_MS = 5000;

/** How a refresh call fails: the HTTP status tells a rejected session (401) from a server that is down (503). */
export class RefreshError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * No verdict on the session: the server is down or busy (5xx, 429) or never answered (offline, a dropped
 * connection: no status). Only a refusal (401, 403) ends a session; the rest keep it and ask again.
 */
export const isServiceUnavailable = (error: unknown) => {
  if (error === null || error === undefined) return false;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status === 429 || status >= 500;
};

/** When the scheduled refresh is due: 5 minutes before expiry (24 h lifetime when unknown). */
export function refreshDelay(token: TokenInfo | null, now: number): number {
  if (!token) return DEFAULT_TOKEN_LIFETIME_MS - TOKEN_REFRESH_LEAD_MS;
  const expiresAt = token.expiresAt ?? token.issuedAt + DEFAULT_TOKEN_LIFETIME_MS;
  return Math.max(0, expiresAt - now - TOKEN_REFRESH_LEAD_MS);
}

/** EXPIRING_SOON_MS or less left (the scheduled refresh falls due right at the edge): the UI offers "Stay signed in". */
export function expiresWithin(token: TokenInfo | null, now: number): number {
  if (!token) return DEFAULT_TOKEN_LIFETIME_MS;
  return Math.max(0, (token.expiresAt ?? token.issuedAt + DEFAULT_TOKEN_LIFETIME_MS) - now);
}
export const isExpiringSoon = (token: TokenInfo | null, now: number) => expiresWithin(token, now) <= EXPIRING_SOON_MS;

const sessionFrom = (event: SessionEvent | DoneActorEvent<SessionData>) =>
  event.type === 'session.login' ? (event as { session: SessionData }).session : (event as DoneActorEvent<SessionData>).output;

/**
 * A refresh and its retries; the same chart for an explicit refresh (a 401 on a call)
 * and for the one due when the token is expiring soon. A 503 keeps the session and
 * retries without counting an attempt; other failures count, and the last one expires it.
 */
const refreshStates = {
  refreshing: {
    invoke: {
      id: 'refresh',
      src: 'refreshSession',
      onDone: { target: '#session.signedIn.active', actions: ['assignSession', 'persistSession', 'renewSocketToken'] },
      onError: [
        { guard: 'serviceUnavailable', target: 'unavailable' },
        { guard: 'refreshAttemptsLeft', target: 'waitingToRetry', actions: 'countRefreshAttempt' },
        { target: '#session.sessionExpired', actions: 'countRefreshAttempt' },
      ],
    },
  },
  waitingToRetry: {
    after: { REFRESH_RETRY: 'refreshing' },
    on: { 'session.refresh': 'refreshing' },
  },
  /** "Service unavailable, retrying": never signs out. */
  unavailable: {
    tags: ['unavailable'],
    after: { SERVICE_UNAVAILABLE_RETRY: 'refreshing' },
    on: { 'session.refresh': 'refreshing' },
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { persisted: PersistedSession | null; probeCookie?: boolean },
  },
  actors: {
    /** Asks the server for a new access token with the refresh cookie; rejects with a RefreshError. */
    refreshSession: fromPromise<SessionData>(async () => {
      throw new Error('refreshSession not provided');
    }),
    /**
     * The real-time connection (the socket chart, machines/socket.ts): connected while signed in,
     * told about every new token. The app provides it (loading the chart with the first sign-in).
     */
    socket: fromCallback<SocketEvent>(() => {
      throw new Error('socket not provided');
    }),
  },
  actions: {
    /** From a 'session.login' event or a refresh actor's done event. */
    assignSession: assign(({ event }) => {
      const session = sessionFrom(event as SessionEvent);
      return { user: session.user, token: session.token, csrfToken: session.csrf_token };
    }),
    assignUser: assign(({ event }) => {
      assertEvent(event, 'session.userUpdated');
      return { user: event.user };
    }),
    clearSession: assign({ user: null, token: null, csrfToken: null, refreshAttempts: 0 }),
    countRefreshAttempt: assign({ refreshAttempts: ({ context }) => context.refreshAttempts + 1 }),
    resetRefreshAttempts: assign({ refreshAttempts: 0 }),
    /** Sign-in, or another user: a fresh connection as that user. */
    connectSocket: sendTo('socket', ({ context }): SocketEvent => ({
      type: 'socket.connect',
      url: socketPath(context.token!.token, context.user!.wp_user_id),
      token: context.token!.token,
    })),
    /** A renewed token re-authenticates an open socket (the socket chart decides how). */
    renewSocketToken: sendTo('socket', ({ context }): SocketEvent => ({
      type: 'socket.token',
      url: socketPath(context.token!.token, context.user!.wp_user_id),
      token: context.token!.token,
    })),
    disconnectSocket: sendTo('socket', { type: 'socket.disconnect' } satisfies SocketEvent),
    /** Side effects the app provides: */
    persistSession: () => {},
    forgetSession: () => {},
    requestServerLogout: () => {},
    notifySessionExpired: () => {},
    redirectToLogin: () => {},
  },
  guards: {
    mayHaveSession: ({ context }) => context.user !== null || context.probeCookie,
    refreshAttemptsLeft: ({ context }) => context.refreshAttempts + 1 < MAX_REFRESH_ATTEMPTS,
    serviceUnavailable: ({ event }) => isServiceUnavailable((event as unknown as ErrorActorEvent).error),
  },
  delays: {
    REFRESH_DUE: ({ context, system }) => refreshDelay(context.token, clockNow(system)),
    REFRESH_RETRY: REFRESH_RETRY_MS,
    SERVICE_UNAVAILABLE_RETRY: SERVICE_UNAVAILABLE_RETRY_MS,
    SESSION_EXPIRED_REDIRECT: SESSION_EXPIRED_REDIRECT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.persisted?.user ?? null,
    token: null,
    csrfToken: input.persisted?.csrf ?? null,
    refreshAttempts: 0,
    probeCookie: !input.persisted && input.probeCookie === true,
  }),
  invoke: { id: 'socket', src: 'socket' },
  initial: 'restoring',
  on: {
    // From any state, signing out ends the session here and on the server.
    'session.logout': { target: '.signedOut', actions: 'requestServerLogout' },
  },
  states: {
    /** On load: a remembered user (or a framed app that may hold a cookie) gets a fresh access token from the refresh cookie. */
    restoring: {
      always: [{ guard: 'mayHaveSession', target: 'restoringFromCookie' }, { target: 'signedOut' }],
    },
    restoringFromCookie: {
      tags: ['loading'],
      invoke: {
        id: 'restore',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: 'assignSession' },
        // A server that is down (503) is not a signed-out athlete: ask again.
        onError: [{ guard: 'serviceUnavailable', target: 'restoreUnavailable' }, { target: 'signedOut' }],
      },
    },
    restoreUnavailable: {
      tags: ['loading', 'unavailable'],
      after: { SERVICE_UNAVAILABLE_RETRY: 'restoringFromCookie' },
    },
    signedOut: {
      entry: ['clearSession', 'forgetSession'],
      on: {
        'session.login': { target: 'signedIn', actions: 'assignSession' },
      },
    },
    signedIn: {
      entry: ['persistSession', 'connectSocket'],
      exit: 'disconnectSocket',
      initial: 'active',
      states: {
        active: {
          entry: 'resetRefreshAttempts',
          // The silent refresh falls due with under EXPIRING_SOON_MS left (TOKEN_REFRESH_LEAD_MS before expiry).
          after: { REFRESH_DUE: 'expiringSoon' },
          on: { 'session.refresh': 'renewing' },
        },
        /** An explicit refresh (a call got 401) while the token still has time left. */
        renewing: { tags: ['refreshing'], initial: 'refreshing', states: refreshStates },
        /** Under 5 minutes left: a silent refresh runs; the UI offers "Stay signed in" (session.refresh). */
        expiringSoon: { tags: ['refreshing', 'expiringSoon'], initial: 'refreshing', states: refreshStates },
      },
      on: {
        'session.expired': '#session.sessionExpired',
        'session.userUpdated': { actions: ['assignUser', 'persistSession'] },
        // Signing in as someone else (or again) starts their session and their socket afresh.
        'session.login': { target: 'signedIn', reenter: true, actions: 'assignSession' },
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
