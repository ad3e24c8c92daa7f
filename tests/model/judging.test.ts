import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { judgingMachine, verdictFormProblem, verdictRequest } from '#machines/judging.ts';
import samples from './samples/judging.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'judging', samples: samples as never });

describe('judging chart: generated paths', () => {
  it('reaches a judged score, a verdict waiting for a senior, a refused claim and a senior’s review', () => {
    const values = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value as string)));
    expect([...values].sort()).toEqual(['awaitingSenior', 'claiming', 'confirming', 'idle', 'judged', 'judging', 'reviewing', 'sending']);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'judging.submit' && before.value === 'judging') {
            if (verdictFormProblem(before.context) === null) {
              // Sent once, with the count and the marks.
              expect(calls.map((c) => c.input)).toEqual([verdictRequest(before.context)]);
              expect(snap.hasTag('busy')).toBe(true);
            } else {
              expect(calls).toEqual([]);
              expect(snap.value).toBe('judging');
              expect(snap.context.tried).toBe(true);
            }
          }
          if (type === 'xstate.error.actor.sendVerdict') {
            // A refused verdict keeps everything filled in, and says why.
            expect(snap.value).toBe('judging');
            expect(snap.context.marks).toEqual(before.context.marks);
            expect(snap.context.problem).toMatch(/Claim this score/);
          }
          if (type === 'judging.claim' || type === 'judging.release' || type === 'judging.next')
            expect(snap.context).toMatchObject({ reps: 0, marks: [], verdict: null, reason: '' });
        },
      });
    });
  });
});

describe('judging marks and counts', () => {
  it('keeps marks sorted and unique, and never counts below zero', async () => {
    const actor = createActor(judgingMachine.provide({ actors: { claim: fromPromise<unknown>(async () => ({})) } })).start();
    actor.send({ type: 'judging.claim' });
    await waitFor(actor, (s) => s.matches('judging'));
    actor.send({ type: 'judging.rep', by: -1 });
    for (const atMs of [5000, 1000, 5000]) actor.send({ type: 'judging.mark', atMs });
    actor.send({ type: 'judging.percent', value: '1x0%' });
    expect(actor.getSnapshot().context).toMatchObject({ reps: 0, marks: [1000, 5000], percent: '10' });
    actor.send({ type: 'judging.unmark', atMs: 1000 });
    expect(actor.getSnapshot().context.marks).toEqual([5000]);
    actor.stop();
  });
});
