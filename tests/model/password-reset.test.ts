import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RESET_MISMATCH_TEXT, RESET_SHORT_PASSWORD_TEXT, passwordResetMachine } from '#machines/password-reset.ts';
import samples from './samples/password-reset.samples.ts';
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'password-reset', samples: samples as never });

describe('password-reset chart: generated paths', () => {
  it('reaches every state of a good link, a bad one and a failed check', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual([
      'checkFailed',
      'checking',
      'editing',
      'invalid',
      'saved',
      'saving',
    ]);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const { token } = path.input as { token: string };
      await drivePath(samples, path, {
        onStep: ({ type, event, before, snap, calls }) => {
          const { password, confirm } = before.context;
          if (type === 'reset.submit') {
            if (password.length < MIN_PASSWORD_LENGTH) expect(snap.context.problem).toBe(RESET_SHORT_PASSWORD_TEXT);
            else if (password !== confirm) expect(snap.context.problem).toBe(RESET_MISMATCH_TEXT);
            else expect(calls.map((c) => c.input)).toEqual([{ token, password }]);
            if (snap.context.problem) expect(calls).toEqual([]);
          }
          if (type === 'xstate.done.actor.checkResetToken') {
            const { valid } = (event as unknown as { output: { valid: boolean } }).output;
            expect(snap.value).toBe(valid ? 'editing' : 'invalid');
          }
          if (type === 'reset.retryCheck') expect(calls.map((c) => c.input)).toEqual([token]);
          if (type === 'xstate.error.actor.resetPassword') expect(snap.context.problem).toBe('This reset link is invalid or has expired.');
          if (type === 'xstate.done.actor.resetPassword') expect(snap.context.message).toBe('Your password was changed. Sign in with it.');
        },
      });
    });
  });

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
