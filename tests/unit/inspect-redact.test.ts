import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { REDACTED, redactInspection } from '#src/lib/inspect-redact.ts';
import { sessionMachine } from '#machines/session.ts';

describe('what the inspector is sent', () => {
  it('masks tokens, passwords, codes and CSRF values, in keys, URLs and bare JWTs', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl';
    const event = {
      type: '@xstate.event',
      event: { type: 'login.submitCredentials', email: 'ana@example.test', password: 'squat-every-day-42' },
      snapshot: {
        context: {
          token: { token: jwt, expiresAt: 1, issuedAt: 0 },
          csrfToken: 'c5rf',
          url: '/api/ws?token=secret-token&user_id=7',
          nested: [{ code: '123456', otp: '654321', access_token: 'a', refresh_token: 'r', csrf_token: 'x' }],
          note: `Bearer ${jwt}`,
        },
      },
    };
    const sent = JSON.stringify(redactInspection(event));
    for (const secret of ['squat-every-day-42', jwt, 'c5rf', 'secret-token', '123456', '654321', '"a"', '"r"', '"x"'])
      expect(sent).not.toContain(secret);
    expect(sent).toContain('ana@example.test');
    expect(sent).toContain('user_id=7');
    expect(redactInspection(event).snapshot.context.token).toEqual({ token: REDACTED, expiresAt: 1, issuedAt: 0 });
    // The original is untouched (the app keeps using it).
    expect(event.event.password).toBe('squat-every-day-42');
  });

  it('copes with actor references, cycles and errors, and is stable when applied twice', () => {
    const actor = createActor(sessionMachine, { input: { persisted: null } });
    const cyclic: Record<string, unknown> = { type: 'x', actorRef: actor, error: new Error('boom') };
    cyclic.self = cyclic;
    const once = redactInspection(cyclic);
    expect(JSON.parse(JSON.stringify(once))).toMatchObject({
      type: 'x',
      actorRef: { id: actor.id },
      error: { message: 'boom' },
      self: '[…]',
    });
    expect(redactInspection(once)).toEqual(once);
  });
});
