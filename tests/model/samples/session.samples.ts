import { fromCallback } from 'xstate';
import { defineSamples } from '../samples.ts';
import { RefreshError, sessionMachine, type PersistedSession, type SessionData, type SessionUser } from '#machines/session.ts';
import { socketMachine } from '#machines/socket.ts';

/** Times are on the actor's clock: a path replay's SimulatedClock starts at 0. */
const MINUTE = 60_000;
const user: SessionUser = {
  wp_user_id: 7,
  email: 'ana@example.test',
  display_name: 'Ana',
  wp_role: 'subscriber',
  wp_capabilities: { read: true },
};
const other: SessionUser = {
  wp_user_id: 8,
  email: 'ben@example.test',
  display_name: 'Ben',
  wp_role: 'subscriber',
  wp_capabilities: { read: true },
};
export const sessionSample: SessionData = { user, token: { token: 'jwt-1', expiresAt: 15 * MINUTE, issuedAt: 0 }, csrf_token: 'csrf-1' };
export const otherUserSession: SessionData = {
  user: other,
  token: { token: 'jwt-ben', expiresAt: 15 * MINUTE, issuedAt: 0 },
  csrf_token: 'csrf-ben',
};
export const refreshedSession: SessionData = {
  ...sessionSample,
  token: { token: 'jwt-2', expiresAt: 60 * MINUTE, issuedAt: 10 * MINUTE },
  csrf_token: 'csrf-2',
};
export const persistedSample: PersistedSession = { user, role: 'subscriber', csrf: 'csrf-1' };
export const rejectedRefresh = new RefreshError('Invalid refresh token', 401);
export const unavailableRefresh = new RefreshError('Service unavailable', 503);
/** No answer at all (offline, a dropped connection): fetch rejects with no status. */
export const unansweredRefresh = new TypeError('Failed to fetch');

export default defineSamples({
  machine: sessionMachine,
  inputs: [{ persisted: null }, { persisted: persistedSample }, { persisted: null, probeCookie: true }],
  events: {
    'session.login': [
      { type: 'session.login', session: sessionSample },
      { type: 'session.login', session: otherUserSession },
    ],
    'session.refresh': [{ type: 'session.refresh' }],
    'session.expired': [{ type: 'session.expired' }],
    'session.logout': [{ type: 'session.logout' }],
    'session.loginAgain': [{ type: 'session.loginAgain' }],
    'session.dismiss': [{ type: 'session.dismiss' }],
    'session.userUpdated': [{ type: 'session.userUpdated', user: { ...user, display_name: 'Ana P.' } }],
  },
  actors: {
    refreshSession: { output: refreshedSession, errors: [rejectedRefresh, unavailableRefresh, unansweredRefresh] },
    // The socket child gets a connection that does nothing; the session test provides one that records.
    socket: { logic: socketMachine.provide({ actors: { connection: fromCallback(() => {}) } }) },
  },
  stateContext: (c) => ({ token: c.token?.token ?? null, attempts: c.refreshAttempts }),
});
