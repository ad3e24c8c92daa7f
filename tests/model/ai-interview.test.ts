import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ANSWER_LIMITS, answerProblem } from '#domain/interviews.ts';
import { aiInterviewMachine, CONSENT_PROBLEM, type InterviewView } from '#machines/ai-interview.ts';
import samples from './samples/ai-interview.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'ai-interview', samples: samples as never });

describe('AI interview chart: generated paths', () => {
  it('reaches every state, including a failed start and a refused publish', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(['answering', 'asking', 'failed', 'finished', 'published', 'publishing', 'starting', 'thinking']);
    expect(graph.paths.some((p) => p.steps.some((s) => s.event.type === 'xstate.error.actor.publishInterview'))).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'interview.send') {
            if (snap.matches('thinking')) {
              // The trimmed answer goes to the question being asked, and nothing else.
              expect(answerProblem(before.context.draft)).toBeNull();
              expect(calls.at(-1)?.input).toEqual({
                interviewId: before.context.interview!.id,
                questionId: before.context.interview!.current_question_id,
                text: before.context.draft.trim(),
              });
            } else {
              expect(calls).toHaveLength(0);
              expect(snap.context.problem).toBe(answerProblem(before.context.draft));
            }
          }
          if (type === 'interview.publish') {
            // Nothing is published without the athlete's consent.
            if (snap.matches('publishing')) expect(before.context.consent).toBe(true);
            else {
              expect(calls).toHaveLength(0);
              expect(snap.context.problem).toBe(CONSENT_PROBLEM);
            }
          }
          if (type === 'xstate.error.actor.sendAnswer') {
            expect(snap.context.draft).toBe(before.context.draft);
            expect(snap.context.problem).toBe('Keep the answer to 600 characters or fewer.');
          }
          if (type === 'xstate.done.actor.sendAnswer') expect(snap.context.draft).toBe('');
        },
      });
    });
  });
});

describe('AI interview answer box', () => {
  it('stops typing a little past the limit, so the sentence says what is wrong', async () => {
    const open: InterviewView = { id: 1, status: 'open', current_question_id: 2, story_id: null };
    const actor = createActor(aiInterviewMachine.provide({ actors: { startInterview: fromPromise(async () => open) } }), {
      input: { resumeId: null },
    }).start();
    await waitFor(actor, (s) => s.matches('asking'));
    actor.send({ type: 'interview.type', value: 'y'.repeat(ANSWER_LIMITS.max * 3) });
    expect(actor.getSnapshot().context.draft.length).toBe(ANSWER_LIMITS.max + 20);
    actor.send({ type: 'interview.send' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.problem).toBe(`Keep the answer to ${ANSWER_LIMITS.max} characters or fewer.`);
    actor.stop();
  });
});
