import { describe, expect, it } from 'vitest';
import samples from './samples/login-mode.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'login-mode', samples: samples as never });

describe('login-mode chart: generated paths', () => {
  it('opens on either face and comes back to signing in from a new account', () => {
    expect(new Set(graph.paths.map((p) => p.start.value))).toEqual(new Set(['signIn', 'register']));
    expect(graph.paths.some((p) => p.steps.some((s) => s.event.type === 'loginMode.registered' && s.value === 'signIn'))).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, event, before, snap }) => {
          if (type === 'loginMode.registered' && before.value === 'register') {
            const e = event as unknown as { email: string; message: string };
            // The new account's email is filled in, and what registering said is shown.
            expect(snap.context).toMatchObject({ prefillEmail: e.email, notice: e.message });
          }
          // Switching faces keeps the notice and the email.
          if (type === 'loginMode.register' || type === 'loginMode.signIn') expect({ ...snap.context }).toEqual({ ...before.context });
        },
      });
    });
  });
});
