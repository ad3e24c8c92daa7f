import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  REFRESH_RETRY_MS,
  refreshDelay,
  sessionMachine,
  type PersistedSession,
  type SessionData,
  type SessionEvent,
} from '../../machines/session.ts';
import {
  DEFAULT_TOKEN_LIFETIME_MS,
  MAX_REFRESH_ATTEMPTS,
  SESSION_EXPIRED_REDIRECT_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './replay.ts';

const user = { wp_user_id: 7, email: 'ana@example.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: { read: true } };
const now = Date.now();
const session: SessionData = { user, token: { token: 'jwt-1', expiresAt: now + 15 * 60_000, issuedAt: now }, csrf_token: 'csrf-1' };
const refreshed: SessionData = { ...session, token: { token: 'jwt-2', expiresAt: now + 30 * 60_000, issuedAt: now } };
const persisted: PersistedSession = { user, role: 'subscriber', csrf: 'csrf-1' };

const events = [
  { type: 'session.login', session },
  { type: 'session.refresh' },
  { type: 'session.expired' },
  { type: 'session.logout' },
  { type: 'session.loginAgain' },
  { type: 'session.dismiss' },
  { type: 'xstate.after.REFRESH_DUE.session.signedIn.active' },
  { type: 'xstate.after.REFRESH_RETRY.session.signedIn.waitingToRetry' },
  { type: 'xstate.after.SESSION_EXPIRED_REDIRECT.session.sessionExpired' },
  { type: 'xstate.done.actor.refresh', output: refreshed },
  { type: 'xstate.error.actor.refresh', error: new Error('401') },
  { type: 'xstate.done.actor.restore', output: refreshed },
  { type: 'xstate.error.actor.restore', error: new Error('401') },
] as unknown as SessionEvent[];

function run(persistedSession: PersistedSession | null) {
  const clock = new SimulatedClock();
  const promises = new ControlledPromises();
  const calls: string[] = [];
  const record = (name: string) => () => void calls.push(name);
  const actor = createActor(
    sessionMachine.provide({
      actors: { refreshSession: fromPromise(({ self }) => promises.wait<SessionData>(self.id)) },
      actions: {
        persistSession: record('persist'),
        forgetSession: record('forget'),
        requestServerLogout: record('serverLogout'),
        notifySessionExpired: record('notifyExpired'),
        redirectToLogin: record('redirectToLogin'),
      },
    }),
    { clock, input: { persisted: persistedSession } },
  );
  actor.start();
  const delayMs = (delay: string, snap: ReturnType<typeof actor.getSnapshot>) =>
    delay === 'REFRESH_DUE'
      ? refreshDelay(snap.context.token, Date.now())
      : delay === 'REFRESH_RETRY'
        ? REFRESH_RETRY_MS
        : SESSION_EXPIRED_REDIRECT_MS;
  return { actor, clock, promises, calls, delayMs };
}

describe.each([
  ['a first visit', null],
  ['a returning athlete', persisted],
] as const)('session machine paths from %s', (_label, persistedSession) => {
  const paths = transitionPaths(sessionMachine, { input: { persisted: persistedSession }, events });

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['"signedOut"', '{"signedIn":"active"}', '{"signedIn":"refreshing"}', '{"signedIn":"waitingToRetry"}', '"sessionExpired"']) {
      expect(reached).toContain(value);
    }
  });

  it('expires the session after exactly MAX_REFRESH_ATTEMPTS failed refreshes', () => {
    const expired = paths.find((p) => p.state.matches('sessionExpired') && (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.refresh');
    expect(expired?.state.context.refreshAttempts).toBe(MAX_REFRESH_ATTEMPTS);
    expect(expired?.steps.filter((s) => (s.event.type as string) === 'xstate.error.actor.refresh')).toHaveLength(MAX_REFRESH_ATTEMPTS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const t = run(persistedSession);
      for (const step of path.steps) {
        const type = step.event.type as string;
        const beforeCalls = t.calls.length;
        await replayEvent(step.event, t);
        const snap = t.actor.getSnapshot();
        expect(snap.value, step.event.type).toEqual(step.state.value);
        expect(snap.context.refreshAttempts).toBe(step.state.context.refreshAttempts);
        const newCalls = t.calls.slice(beforeCalls);
        if (snap.matches('signedIn')) {
          expect(snap.context.token?.token).toBeTruthy();
          expect(snap.context.user).toEqual(user);
        }
        if (snap.matches('signedOut')) {
          expect(snap.context.user).toBeNull();
          expect(snap.context.token).toBeNull();
        }
        if (type === 'xstate.after.SESSION_EXPIRED_REDIRECT.session.sessionExpired' || type === 'session.loginAgain') {
          expect(newCalls).toContain('redirectToLogin');
        }
        if (type === 'session.dismiss') expect(newCalls).not.toContain('redirectToLogin');
        if (snap.matches('sessionExpired')) {
          expect(t.calls).toContain('notifyExpired');
        }
        if (type === 'session.logout') expect(newCalls).toContain('serverLogout');
      }
      t.actor.stop();
    });
  }
});

describe('refresh timing', () => {
  it('is due 5 minutes before expiry', () => {
    const t0 = 1_000_000;
    expect(refreshDelay({ token: 'x', expiresAt: t0 + 15 * 60_000, issuedAt: t0 }, t0)).toBe(15 * 60_000 - TOKEN_REFRESH_LEAD_MS);
  });
  it('assumes a 24 hour lifetime when expiry is unknown', () => {
    const t0 = 5_000;
    expect(refreshDelay({ token: 'x', expiresAt: null, issuedAt: t0 }, t0)).toBe(DEFAULT_TOKEN_LIFETIME_MS - TOKEN_REFRESH_LEAD_MS);
  });
  it('is immediate for an already-due token', () => {
    expect(refreshDelay({ token: 'x', expiresAt: 10, issuedAt: 0 }, 1_000_000)).toBe(0);
  });
});
