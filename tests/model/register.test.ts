import { describe, expect, it } from 'vitest';
import { REGISTER_CONSENT_TEXT, REGISTER_MISSING_TEXT, REGISTER_SHORT_PASSWORD_TEXT, registerPayload } from '#machines/register.ts';
import samples from './samples/register.samples.ts';
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'register', samples: samples as never });

describe('register chart: generated paths', () => {
  it('reaches every state, and a refusal from the server', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['editing', 'registered', 'submitting']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.registerAccount')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const registered: { email: string; password: string; message: string }[] = [];
      await drivePath(samples, path, {
        overrides: {
          actions: { notifyRegistered: (_: unknown, p: { email: string; password: string; message: string }) => void registered.push(p) },
        },
        onStep: ({ type, before, snap, calls }) => {
          const fields = before.context.fields;
          if (type === 'register.submit') {
            const missing = !fields.email.trim() || !fields.display_name.trim() || !fields.password;
            if (missing) expect(snap.context.problem).toBe(REGISTER_MISSING_TEXT);
            else if (fields.password.length < MIN_PASSWORD_LENGTH) expect(snap.context.problem).toBe(REGISTER_SHORT_PASSWORD_TEXT);
            // Without the box ticked nothing is sent: creating the account is accepting the terms and privacy policy.
            else if (!before.context.agreed) expect(snap.context.problem).toBe(REGISTER_CONSENT_TEXT);
            if (snap.matches('submitting')) expect(calls.map((c) => c.input)).toEqual([registerPayload(fields)]);
            else expect(calls).toEqual([]);
          }
          if (type === 'xstate.error.actor.registerAccount') {
            expect(snap.context.problem).toBe('An account with this email already exists.');
            expect(snap.context.fields).toEqual(fields);
          }
          if (type === 'xstate.done.actor.registerAccount') {
            // The page goes straight on to the sign-in code with the password just typed (no second typing).
            expect(registered.at(-1)).toEqual({
              email: 'ana@example.com',
              password: fields.password,
              message: 'Check your email to confirm your account.',
            });
            expect(snap.status).toBe('done');
          }
        },
      });
    });
  });
});
