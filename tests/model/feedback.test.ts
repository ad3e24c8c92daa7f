import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FEEDBACK_MISSING_FIELDS_TEXT, feedbackMachine, feedbackPayload, type FeedbackEvent, type FeedbackPayload } from '../../machines/feedback.ts';
import { FEEDBACK_AUTO_CLOSE_MS, FEEDBACK_LIMITS } from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './replay.ts';

const events = [
  { type: 'feedback.open', page_url: 'http://app.test/challenge-detail-page?id=3', browser_info: 'Chromium 156' },
  { type: 'feedback.setType', value: 'bug_report' },
  { type: 'feedback.update', field: 'subject', value: '  Leaderboard  ' },
  { type: 'feedback.update', field: 'description', value: 'Ties are not shared' },
  { type: 'feedback.update', field: 'steps_to_reproduce', value: '1. open 2. look' },
  { type: 'feedback.submit' },
  { type: 'feedback.close' },
  { type: 'xstate.done.actor.submitFeedback', output: { id: 1 } },
  { type: 'xstate.error.actor.submitFeedback', error: new Error('subject is too long') },
  { type: 'xstate.after.AUTO_CLOSE.feedback.submitted' },
] as unknown as FeedbackEvent[];

describe('feedback machine paths', () => {
  const paths = transitionPaths(feedbackMachine, {
    events,
    // Which fields are filled matters, not the exact draft.
    stateContext: (c) => ({
      type: c.fields.type,
      subject: !!c.fields.subject,
      description: !!c.fields.description,
      steps: !!c.fields.steps_to_reproduce,
      error: c.validationError,
    }),
  });

  it('covers editing, submitting, submitted and the way back from an error', () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual(['closed', 'editing', 'submitted', 'submitting']);
    expect(paths.some((p) => (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.submitFeedback')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: FeedbackPayload[] = [];
      const notes: string[] = [];
      const actor = createActor(
        feedbackMachine.provide({
          actors: {
            submitFeedback: fromPromise(({ input, self }) => {
              sent.push(input);
              return promises.wait(self.id);
            }),
          },
          actions: {
            notifySubmitted: () => void notes.push('submitted'),
            notifyFailed: (_, { error }) => void notes.push(`failed: ${(error as Error).message}`),
          },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const sentBefore = sent.length;
        const draftBefore = actor.getSnapshot().context.fields;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => FEEDBACK_AUTO_CLOSE_MS });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.validationError).toBe(step.state.context.validationError);
        if (type === 'feedback.submit') {
          if (snap.matches('submitting')) {
            expect(sent).toHaveLength(sentBefore + 1);
            expect(sent.at(-1)).toEqual(feedbackPayload(draftBefore));
          } else {
            // Missing subject or description: the message, and nothing sent.
            expect(sent).toHaveLength(sentBefore);
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
          expect(snap.context.fields).toEqual(draftBefore);
        }
      }
      actor.stop();
    });
  }
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
    const actor = createActor(feedbackMachine).start();
    actor.send({ type: 'feedback.open', page_url: '/', browser_info: 'b' });
    actor.send({ type: 'feedback.update', field: 'subject', value: '   ' });
    actor.send({ type: 'feedback.update', field: 'description', value: 'text' });
    actor.send({ type: 'feedback.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.validationError).toBe(FEEDBACK_MISSING_FIELDS_TEXT);
  });
});
