import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FEEDBACK_MISSING_FIELDS_TEXT, feedbackMachine, feedbackPayload, type FeedbackPayload } from '#machines/feedback.ts';
import samples from './samples/feedback.samples.ts';
import { FEEDBACK_LIMITS } from '#domain/constants.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'feedback', samples: samples as never });

describe('feedback chart: generated paths', () => {
  it('covers editing, submitting, submitted and the way back from an error', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(['closed', 'editing', 'submitted', 'submitting']);
    expect(graph.paths.some((p) => p.steps.at(-1)?.event.type === 'xstate.error.actor.submitFeedback')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const sent: FeedbackPayload[] = [];
      const notes: string[] = [];
      await drivePath(samples, path, {
        overrides: {
          actions: {
            notifySubmitted: () => void notes.push('submitted'),
            notifyFailed: (_: unknown, { error }: { error: unknown }) => void notes.push(`failed: ${(error as Error).message}`),
          },
        },
        onStep: ({ type, before, snap, replay }) => {
          if (type === 'feedback.submit') {
            if (snap.matches('submitting')) {
              expect(replay.calls).toHaveLength(sent.length + 1);
              sent.push(replay.calls.at(-1)!.input as FeedbackPayload);
              expect(sent.at(-1)).toEqual(feedbackPayload(before.context.fields));
            } else {
              // Missing subject or description: the message, and nothing sent.
              expect(replay.calls).toHaveLength(sent.length);
              if (snap.matches('editing')) expect(snap.context.validationError).toBe(FEEDBACK_MISSING_FIELDS_TEXT);
            }
          }
          if (type === 'xstate.done.actor.submitFeedback') {
            expect(notes.at(-1)).toBe('submitted');
            expect(snap.context.fields.subject).toBe('');
          }
          if (type === 'xstate.error.actor.submitFeedback') {
            expect(notes.at(-1)).toBe('failed: subject is too long');
            // The input is kept after a failure.
            expect(snap.context.fields).toEqual(before.context.fields);
          }
        },
      });
    });
  });
});

describe('feedback limits and payload', () => {
  it('never lets a field exceed its limit', () => {
    const actor = createActor(feedbackMachine).start();
    actor.send({ type: 'feedback.open', page_url: 'x'.repeat(900), browser_info: 'b'.repeat(500) });
    for (const field of ['subject', 'description', 'steps_to_reproduce', 'page_url'] as const) {
      actor.send({ type: 'feedback.update', field, value: 'y'.repeat(5000) });
      expect(actor.getSnapshot().context.fields[field]).toHaveLength(FEEDBACK_LIMITS[field]);
    }
    expect(actor.getSnapshot().context.fields.browser_info).toHaveLength(FEEDBACK_LIMITS.browser_info);
  });

  it('sends steps only with a bug report', () => {
    const base = { subject: 's', description: 'd', page_url: '/', browser_info: 'b', steps_to_reproduce: 'steps' };
    expect(feedbackPayload({ ...base, type: 'feature_request' })).not.toHaveProperty('steps_to_reproduce');
    expect(feedbackPayload({ ...base, type: 'bug_report' }).steps_to_reproduce).toBe('steps');
  });

  it('treats blank subject or description as missing', () => {
    const actor = createActor(
      feedbackMachine.provide({ actors: { submitFeedback: fromPromise<unknown, FeedbackPayload>(async () => ({})) } }),
    ).start();
    actor.send({ type: 'feedback.open', page_url: '/', browser_info: 'b' });
    actor.send({ type: 'feedback.update', field: 'subject', value: '   ' });
    actor.send({ type: 'feedback.update', field: 'description', value: 'text' });
    actor.send({ type: 'feedback.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.validationError).toBe(FEEDBACK_MISSING_FIELDS_TEXT);
  });
});
