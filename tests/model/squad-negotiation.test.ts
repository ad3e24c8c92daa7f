import { describe, expect, it } from 'vitest';
import { ANSWERED_TEXT, PROPOSED_TEXT, PROTECTED_TEXT, proposalChoiceProblem } from '#machines/squad-negotiation.ts';
import samples from './samples/squad-negotiation.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'squad-negotiation', samples: samples as never });

describe('squad-negotiation chart: generated paths', () => {
  it('reaches every state of the captain’s flow', () => {
    const states = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value as string)));
    expect([...states].sort()).toEqual(['answering', 'confirming', 'declaring', 'proposing', 'ready']);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'pact.propose') {
            const problem = proposalChoiceProblem(before.context);
            if (problem) {
              // Nothing is sent, and the captain reads why.
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(problem);
            } else
              expect(calls.map((c) => c.input)).toEqual([
                { to: before.context.to, kind: before.context.kind, note: before.context.note.trim() },
              ]);
          }
          if (type === 'xstate.done.actor.proposePact') expect(snap.context).toMatchObject({ to: null, note: '', done: PROPOSED_TEXT });
          if (type === 'xstate.done.actor.answerPact') expect(snap.context).toMatchObject({ answer: null, done: ANSWERED_TEXT.accept });
          if (type === 'xstate.done.actor.useToken') expect(snap.context).toMatchObject({ member: null, done: PROTECTED_TEXT });
          if (type === 'immunity.use' && before.context.member === null) {
            expect(snap.value).toBe('ready');
            expect(snap.context.problem).toBe('Choose the member to protect.');
          }
          if (type === 'immunity.confirm') expect(calls.map((c) => c.input)).toEqual([{ userId: before.context.member }]);
          if (type.startsWith('xstate.error.actor.')) {
            expect(snap.value).toBe('ready');
            expect(snap.context.problem).toMatch(/trade this round|already withdrawn|no free immunity token/);
          }
        },
      });
    });
  });
});
