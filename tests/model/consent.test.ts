import { describe, expect, it } from 'vitest';
import samples from './samples/consent.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'consent', samples: samples as never });

describe('consent dialog chart: generated paths', () => {
  it('ends accepted or signed out, and a refusal keeps the dialog up', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['accepted', 'accepting', 'reviewing', 'signingOut']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.acceptConsents')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const heard: string[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { notifyAccepted: () => void heard.push('accepted'), requestSignOut: () => void heard.push('signOut') } },
        onStep: ({ type, snap, calls }) => {
          if (type === 'consent.accept') {
            // Every waiting version is accepted in one call.
            expect(calls.map((c) => c.input)).toEqual([
              {
                accept: [
                  { kind: 'terms', version: 2 },
                  { kind: 'privacy', version: 3 },
                ],
              },
            ]);
          }
          if (type === 'xstate.done.actor.acceptConsents') expect(heard).toEqual(['accepted']);
          if (type === 'xstate.error.actor.acceptConsents') {
            expect(snap.value).toBe('reviewing');
            expect(snap.context.problem).toContain('changed');
            expect(heard).toEqual([]);
          }
          if (type === 'consent.signOut') {
            expect(heard).toEqual(['signOut']);
            expect(snap.status).toBe('done');
          }
        },
      });
    });
  });
});
