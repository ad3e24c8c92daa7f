import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FORGOT_MISSING_EMAIL_TEXT, forgotPasswordMachine, type ForgotPasswordEvent } from '../../machines/forgot-password.ts';
import forgotSamples from '../../machines/forgot-password.samples.ts';
import {
  RESET_MISMATCH_TEXT,
  RESET_SHORT_PASSWORD_TEXT,
  passwordResetMachine,
  type PasswordResetEvent,
} from '../../machines/password-reset.ts';
import resetSamples from '../../machines/password-reset.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

describe('forgot-password machine paths', () => {
  const events = [
    ...Object.values(forgotSamples.events).flat(),
    { type: 'xstate.done.actor.requestPasswordReset', output: forgotSamples.actors!.requestPasswordReset!.output },
    { type: 'xstate.error.actor.requestPasswordReset', error: forgotSamples.actors!.requestPasswordReset!.error },
  ] as unknown as ForgotPasswordEvent[];
  const paths = transitionPaths(forgotPasswordMachine, { events });

  it('reaches sending, sent and a refusal', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['editing', 'sending', 'sent']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: string[] = [];
      const actor = createActor(
        forgotPasswordMachine.provide({
          actors: { requestPasswordReset: fromPromise(({ input, self }) => (sent.push(input), promises.wait(self.id))) },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'forgot.submit') {
          if (!before.email.trim()) expect(snap.context.problem).toBe(FORGOT_MISSING_EMAIL_TEXT);
          else expect(sent.at(-1)).toBe(before.email.trim());
        }
        if (type === 'xstate.done.actor.requestPasswordReset')
          expect(snap.context.message).toBe('If an account exists for this email, a link is on its way.');
        if (type === 'xstate.error.actor.requestPasswordReset') expect(snap.context.problem).toBe('Too many requests. Try again later.');
      }
      actor.stop();
    });
  }
});

describe('password-reset machine paths', () => {
  const events = [
    ...Object.values(resetSamples.events).flat(),
    { type: 'xstate.done.actor.checkResetToken', output: resetSamples.actors!.checkResetToken!.outputs![0] },
    // A link that was used or expired.
    { type: 'xstate.done.actor.checkResetToken', output: { valid: false } },
    { type: 'xstate.error.actor.checkResetToken', error: resetSamples.actors!.checkResetToken!.error },
    { type: 'xstate.done.actor.resetPassword', output: resetSamples.actors!.resetPassword!.output },
    { type: 'xstate.error.actor.resetPassword', error: resetSamples.actors!.resetPassword!.error },
  ] as unknown as PasswordResetEvent[];
  const paths = transitionPaths(passwordResetMachine, {
    input: resetSamples.inputs![0]!,
    events,
    stateContext: (c) => ({ pw: c.password.length, same: c.password === c.confirm, problem: c.problem }),
  });

  it('reaches every state of a good link, a bad one and a failed check', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual([
      'checkFailed',
      'checking',
      'editing',
      'invalid',
      'saved',
      'saving',
    ]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const saved: { token: string; password: string }[] = [];
      const actor = createActor(
        passwordResetMachine.provide({
          actors: {
            checkResetToken: fromPromise(({ self }) => promises.wait(self.id)),
            resetPassword: fromPromise(({ input, self }) => (saved.push(input), promises.wait(self.id))),
          },
        }),
        { clock, input: resetSamples.inputs![0]! },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'reset.submit') {
          if (before.password.length < 8) expect(snap.context.problem).toBe(RESET_SHORT_PASSWORD_TEXT);
          else if (before.password !== before.confirm) expect(snap.context.problem).toBe(RESET_MISMATCH_TEXT);
          else expect(saved.at(-1)).toEqual({ token: resetSamples.inputs![0]!.token, password: before.password });
        }
        if (type === 'xstate.error.actor.resetPassword') expect(snap.context.problem).toBe('This reset link is invalid or has expired.');
        if (type === 'xstate.done.actor.resetPassword') expect(snap.context.message).toBe('Your password was changed. Sign in with it.');
      }
      actor.stop();
    });
  }

  it('does not ask the server about a link too short to be one', () => {
    let asked = false;
    const actor = createActor(
      passwordResetMachine.provide({
        actors: { checkResetToken: fromPromise<{ valid: boolean }, string>(async () => ((asked = true), { valid: true })) },
      }),
      { input: { token: 'short' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(asked).toBe(false);
  });
});
