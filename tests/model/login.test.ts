import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { loginMachine, resendRemainingMs, type LoginEvent } from '../../machines/login.ts';
import type { SessionData } from '../../machines/session.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './replay.ts';

const session: SessionData = {
  user: { wp_user_id: 1, email: 'ana@example.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: {} },
  token: { token: 'jwt', expiresAt: Date.now() + 900_000, issuedAt: Date.now() },
  csrf_token: 'csrf',
};
const sent = { resend_after_seconds: 60, code_ttl_seconds: 600 };

const events = [
  { type: 'login.submitCredentials', email: ' ana@example.test ', password: 'correct horse' },
  { type: 'login.submitCredentials', email: '', password: '' },
  { type: 'login.submitCode', code: '123456' },
  { type: 'login.submitCode', code: '12ab' },
  { type: 'login.resend' },
  { type: 'login.back' },
  { type: 'xstate.done.actor.requestCode', output: sent },
  { type: 'xstate.error.actor.requestCode', error: new Error('Too many attempts. Please wait a moment and try again.') },
  { type: 'xstate.done.actor.resendCode', output: sent },
  { type: 'xstate.error.actor.resendCode', error: new Error('offline') },
  { type: 'xstate.done.actor.verifyCode', output: session },
  { type: 'xstate.error.actor.verifyCode', error: new Error('That code is wrong or has expired.') },
  { type: 'xstate.after.RESEND_COOLDOWN.login.code.resendLocked' },
] as unknown as LoginEvent[];

describe('login machine paths', () => {
  const paths = transitionPaths(loginMachine, {
    events,
    // The send time is a clock reading, not a different state.
    stateContext: ({ codeSentAt, ...rest }) => ({ ...rest, codeSent: codeSentAt !== null }),
  });

  it('covers every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['"requestingCode"', '{"code":"resendLocked"}', '{"code":"resendReady"}', '"resendingCode"', '"verifying"', '"signedIn"', '"credentials"']) {
      expect(reached).toContain(v);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const requests: unknown[] = [];
      const actor = createActor(
        loginMachine.provide({
          actors: {
            requestCode: fromPromise(({ input, self }) => {
              requests.push(input);
              return promises.wait(self.id);
            }),
            verifyCode: fromPromise(({ input, self }) => {
              requests.push(input);
              return promises.wait(self.id);
            }),
          },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        await replayEvent(step.event, {
          actor,
          clock,
          promises,
          delayMs: (_d, snap) => resendRemainingMs(snap.context, Date.now()),
        });
        const snap = actor.getSnapshot();
        expect(snap.value, step.event.type).toEqual(step.state.value);
        expect(snap.context.error).toBe(step.state.context.error);
        const type = step.event.type as string;
        if (type === 'login.submitCredentials' && snap.matches('requestingCode')) {
          expect(requests.at(-1)).toEqual({ email: 'ana@example.test', password: 'correct horse' });
        }
        if (type === 'login.submitCode' && snap.matches('verifying')) {
          expect(requests.at(-1)).toEqual({ email: 'ana@example.test', code: '123456' });
        }
        if (snap.matches('signedIn')) expect(snap.output).toEqual(session);
        if (type.startsWith('xstate.error')) expect(snap.context.error).toBeTruthy();
      }
      actor.stop();
    });
  }

  it('keeps the resend countdown running after a wrong code', async () => {
    const clock = new SimulatedClock();
    const promises = new ControlledPromises();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          requestCode: fromPromise(({ self }) => promises.wait(self.id)),
          verifyCode: fromPromise(({ self }) => promises.wait(self.id)),
        },
      }),
      { clock },
    ).start();
    const ctx = { actor, clock, promises, delayMs: () => 0 };
    actor.send({ type: 'login.submitCredentials', email: 'a@b.test', password: 'pw' });
    await replayEvent({ type: 'xstate.done.actor.requestCode', output: sent } as never, ctx);
    expect(actor.getSnapshot().matches({ code: 'resendLocked' })).toBe(true);
    actor.send({ type: 'login.submitCode', code: '000000' });
    await replayEvent({ type: 'xstate.error.actor.verifyCode', error: new Error('wrong') } as never, ctx);
    expect(actor.getSnapshot().matches({ code: 'resendLocked' })).toBe(true);
    expect(resendRemainingMs(actor.getSnapshot().context, Date.now())).toBeGreaterThan(55_000);
    actor.stop();
  });
});
