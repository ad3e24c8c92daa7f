import { describe, expect, it } from 'vitest';
import { PUBLISH_BODY_PROBLEM, publishRequest } from '#machines/legal-publish.ts';
import samples from './samples/legal-publish.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'legal-publish', samples: samples as never });

describe('legal publishing chart: generated paths', () => {
  it('reaches publishing and comes back from a success and a refusal', () => {
    const events = graph.paths.flatMap((p) => p.steps).map((s) => s.event.type);
    expect(events).toContain('xstate.done.actor.publishDocument');
    expect(events).toContain('xstate.error.actor.publishDocument');
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const published: { kind: string; version: number }[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { notifyPublished: (_: unknown, p: { kind: string; version: number }) => void published.push(p) } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'publish.submit') {
            if (before.context.body.trim()) {
              expect(calls.map((c) => c.input)).toEqual([publishRequest(before.context)]);
              expect(publishRequest(before.context).body).toEqual({
                body: '## Risks\n\nTrain safely.',
                summary: before.context.summary ? 'Adds a line on rest days.' : '',
              });
            } else {
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(PUBLISH_BODY_PROBLEM);
            }
          }
          if (type === 'xstate.done.actor.publishDocument') {
            // Published: the form is cleared for the next version, and the page hears which version it was.
            expect(published).toEqual([{ kind: before.context.kind, version: 2 }]);
            expect(snap.context).toMatchObject({ body: '', summary: '', problem: null });
          }
          if (type === 'xstate.error.actor.publishDocument') {
            expect(snap.context.problem).toBe('This needs an administrator or editor account.');
            expect(snap.context.body).toBe(before.context.body);
          }
        },
      });
    });
  });
});
