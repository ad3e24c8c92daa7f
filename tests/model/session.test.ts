import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { DEFAULT_TOKEN_LIFETIME_MS, EXPIRING_SOON_MS, MAX_REFRESH_ATTEMPTS, TOKEN_REFRESH_LEAD_MS } from '#domain/constants.ts';
import { isExpiringSoon, isServiceUnavailable, refreshDelay } from '#machines/session.ts';
import samples from './samples/session.samples.ts';
import { socketMachine } from '#machines/socket.ts';
import { socketPath } from '#machines/socket-path.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { fakeConnections } from './fake-connection.ts';

const graph = graphOf({ name: 'session', samples: samples as never });
const errorOf = (event: { type: string }) => (event as { error?: unknown }).error;

describe('session chart: generated paths', () => {
  it('reaches expiring soon, the 503 retry, the retry after a failure and the expired dialog', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.value))));
    for (const value of [
      '"signedOut"',
      '{"signedIn":"active"}',
      '{"signedIn":{"expiringSoon":"refreshing"}}',
      '{"signedIn":{"expiringSoon":"unavailable"}}',
      '{"signedIn":{"expiringSoon":"waitingToRetry"}}',
      '{"signedIn":{"renewing":"unavailable"}}',
      '"sessionExpired"',
      '"restoreUnavailable"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  it('expires the session after exactly MAX_REFRESH_ATTEMPTS rejected refreshes, and a 503 never signs out', () => {
    const expired = graph.paths.find(
      (p) => p.steps.at(-1)?.value === 'sessionExpired' && p.steps.at(-1)?.event.type === 'xstate.error.actor.refresh',
    )!;
    expect(expired.steps.filter((s) => s.event.type === 'xstate.error.actor.refresh')).toHaveLength(MAX_REFRESH_ATTEMPTS);
    for (const p of graph.paths) {
      for (const s of p.steps) {
        if (isServiceUnavailable(errorOf(s.event))) expect(JSON.stringify(s.value), p.description).toMatch(/signedIn|restoreUnavailable/);
      }
    }
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const calls: string[] = [];
      const record = (name: string) => () => void calls.push(name);
      const { opened, connection } = fakeConnections({ openAtOnce: true });
      await drivePath(samples, path, {
        overrides: {
          actors: { socket: socketMachine.provide({ actors: { connection } }) },
          actions: {
            persistSession: record('persist'),
            forgetSession: record('forget'),
            requestServerLogout: record('serverLogout'),
            notifySessionExpired: record('notifyExpired'),
            redirectToLogin: record('redirectToLogin'),
          },
        },
        onStep: ({ type, event, before, snap, replay }) => {
          const newCalls = calls.splice(0);
          const socket = (snap.children as Record<string, AnyActorRef>).socket!.getSnapshot();
          const live = opened.filter((c) => !c.closed);
          if (snap.matches('signedIn')) {
            const token = snap.context.token!.token;
            // Signed in: one connection, as this user with this token (a renewed one re-authenticates it).
            expect(snap.context.user).not.toBeNull();
            expect(live).toHaveLength(1);
            expect(socket.context.token).toBe(token);
            if (!live[0]!.url.includes(`token=${token}&`)) expect(live[0]!.sent.at(-1)).toEqual({ type: 'authenticate', token });
          } else {
            expect(live, type).toHaveLength(0);
            expect(socket.value).toBe('disconnected');
          }
          if (type === 'xstate.done.actor.refresh') {
            // A refresh keeps the socket: no new connection, the new token sent on the open one.
            expect(opened.filter((c) => !c.closed)).toHaveLength(1);
            expect(live[0]!.sent.at(-1)).toEqual({ type: 'authenticate', token: snap.context.token!.token });
            expect(newCalls).toContain('persist');
          }
          if (type === 'session.login' && before.matches('signedIn')) {
            // Another user: the old connection closed, a new one as them.
            expect(opened.at(-2)!.closed).toBe(true);
            expect(opened.at(-1)!.url).toBe(socketPath(snap.context.token!.token, snap.context.user!.wp_user_id));
          }
          if (snap.matches('signedOut')) {
            expect(snap.context.user).toBeNull();
            expect(snap.context.token).toBeNull();
          }
          if (snap.hasTag('expiringSoon')) {
            expect(isExpiringSoon(snap.context.token, replay.clock.now())).toBe(true);
          } else if (snap.matches({ signedIn: 'active' })) {
            // One silent refresh scheduled, TOKEN_REFRESH_LEAD_MS before this token expires.
            expect(replay.clock.msUntil('xstate.after.REFRESH_DUE.session.signedIn.active')).toBe(
              refreshDelay(snap.context.token, replay.clock.now()),
            );
          }
          if (isServiceUnavailable(errorOf(event))) {
            // "Service unavailable, retrying": the session is kept and no attempt is counted.
            expect(snap.hasTag('unavailable')).toBe(true);
            expect(snap.context.refreshAttempts).toBe(before.context.refreshAttempts);
            expect(newCalls).not.toContain('serverLogout');
          }
          if (type.startsWith('xstate.after.SESSION_EXPIRED_REDIRECT') || type === 'session.loginAgain')
            expect(newCalls).toContain('redirectToLogin');
          if (type === 'session.dismiss') expect(newCalls).not.toContain('redirectToLogin');
          if (snap.matches('sessionExpired') && !before.matches('sessionExpired')) expect(newCalls).toContain('notifyExpired');
          if (type === 'session.logout') expect(newCalls).toContain('serverLogout');
        },
      });
    });
  });
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
  it('is expiring soon from 5 minutes left', () => {
    const token = { token: 'x', expiresAt: EXPIRING_SOON_MS + 1, issuedAt: 0 };
    expect([isExpiringSoon(token, 0), isExpiringSoon(token, 1)]).toEqual([false, true]);
  });
});
