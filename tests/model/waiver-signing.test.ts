import { describe, expect, it } from 'vitest';
import { signingRequest } from '#machines/waiver-signing.ts';
import samples from './samples/waiver-signing.samples.ts';
import { WAIVER_AGREE_PROBLEM, WAIVER_NAME_PROBLEM } from '#domain/legal.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'waiver-signing', samples: samples as never });

describe('waiver signing chart: generated paths', () => {
  it('reaches signing, the signature and a refusal, and names each missing part', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['editing', 'signed', 'signing']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.signWaiver')).toBe(true);
    for (const problem of [WAIVER_NAME_PROBLEM, WAIVER_AGREE_PROBLEM]) {
      expect(steps.some((s) => (s.context as { problem: unknown }).problem === problem)).toBe(true);
    }
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      let signed = 0;
      await drivePath(samples, path, {
        overrides: { actions: { notifySigned: () => void signed++ } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'waiver.submit') {
            const request = signingRequest(before.context);
            if ('body' in request) {
              expect(calls.map((c) => c.input)).toEqual([{ version: 3, full_name: 'Ana Silva', agreed: true }]);
              expect(snap.value).toBe('signing');
            } else {
              // Nothing is sent without a name and the ticked box.
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(request.problem);
            }
          }
          if (type === 'xstate.done.actor.signWaiver') {
            expect(snap.status).toBe('done');
            expect(signed).toBe(1);
          }
          if (type === 'xstate.error.actor.signWaiver') {
            expect(snap.value).toBe('editing');
            expect(snap.context.problem).toContain('The waiver changed');
            expect(signed).toBe(0);
          }
        },
      });
    });
  });
});
