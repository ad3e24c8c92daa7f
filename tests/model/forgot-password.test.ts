import { describe, expect, it } from 'vitest';
import { FORGOT_MISSING_EMAIL_TEXT } from '#machines/forgot-password.ts';
import samples from './samples/forgot-password.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'forgot-password', samples: samples as never });

describe('forgot-password chart: generated paths', () => {
  it('reaches sending, sent and a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['editing', 'sending', 'sent']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.requestPasswordReset')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'forgot.submit') {
            const email = before.context.email.trim();
            if (!email) {
              expect(snap.context.problem).toBe(FORGOT_MISSING_EMAIL_TEXT);
              expect(calls).toEqual([]);
            } else expect(calls.map((c) => c.input)).toEqual([email]);
          }
          if (type === 'xstate.done.actor.requestPasswordReset')
            expect(snap.context.message).toBe('If an account exists for this email, a link is on its way.');
          if (type === 'xstate.error.actor.requestPasswordReset') expect(snap.context.problem).toBe('Too many requests. Try again later.');
        },
      });
    });
  });
});
