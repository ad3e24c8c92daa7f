import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  readEntry,
  recordBody,
  recordProblems,
  recordSubmissionMachine,
  valueProblemOf,
  RECORD_FIELDS,
  type RecordBody,
  type RecordField,
  type RecordSetup,
} from '../../machines/record-submission.ts';
import { recordSubmissionSamples as samples } from '../../machines/record-submission.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';
import { sampleEvents } from './sample-events.ts';

function drive(input: RecordSetup) {
  const clock = new SimulatedClock();
  const promises = new ControlledPromises();
  const sent: RecordBody[] = [];
  const focused: RecordField[] = [];
  const actor = createActor(
    recordSubmissionMachine.provide({
      actors: {
        submitRecord: fromPromise(({ input, self }) => {
          sent.push(input);
          return promises.wait(self.id);
        }),
      },
      actions: { focusField: (_, { field }) => void focused.push(field) },
    }),
    { clock, input },
  ).start();
  return { clock, promises, sent, focused, actor };
}

describe('record submission machine paths', () => {
  const paths = transitionPaths(recordSubmissionMachine, {
    input: samples.input,
    events: sampleEvents(samples),
    // Which fields have problems (found or live) makes a state, not the text typed.
    stateContext: (c) => ({
      test: c.testId !== null,
      would: recordProblems(c),
      shown: c.problems,
      live: valueProblemOf(c) !== undefined,
      server: c.serverProblem,
      record: c.record !== null,
    }),
  });

  it('reaches submitting and submitted, and comes back from a refusal', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['editing', 'submitting', 'submitted']));
    const ends = paths.map((p) => p.steps.at(-1)!.event.type as string);
    expect(ends).toContain('xstate.error.actor.submitRecord');
    expect(ends).toContain('record.another');
    // An incomplete form is refused with its problems shown.
    expect(
      paths.some((p) => p.steps.at(-1)!.event.type === 'record.submit' && p.state.matches('editing') && p.state.context.problems.test),
    ).toBe(true);
    expect(
      paths.some((p) => p.steps.at(-1)!.event.type === 'record.submit' && p.state.matches('editing') && p.state.context.problems.value),
    ).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { clock, promises, sent, focused, actor } = drive(samples.input!);
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.problems).toEqual(step.state.context.problems);
        expect(snap.context.serverProblem).toBe(step.state.context.serverProblem);
        if (type === 'record.submit') {
          const problems = recordProblems(before);
          const first = RECORD_FIELDS.find((f) => problems[f]);
          if (first) {
            // Nothing sent; every problem shown, and focus on the first.
            expect(sent).toHaveLength(sentBefore);
            expect(snap.context.problems).toEqual(problems);
            expect(focused.at(-1)).toBe(first);
          } else {
            expect(sent.slice(sentBefore)).toEqual([recordBody(before)]);
            expect(sent.at(-1)!.challenge_id).toBe(9);
          }
          expect(snap.context.serverProblem).toBeNull();
        }
        if (type === 'xstate.error.actor.submitRecord') expect(snap.context.serverProblem).toBe('You already sent this result.');
        if (type === 'record.another') {
          expect(snap.context.testId).toBeNull();
          expect(snap.context.raw).toBe('');
          expect(snap.context.day).toBe('2026-11-24');
        }
      }
      actor.stop();
    });
  }
});

describe('a record form', () => {
  const input = samples.input!;

  it('reads the value in the unit the athlete picked', () => {
    const { actor, sent } = drive(input);
    actor.send({ type: 'record.chooseTest', testId: 1 });
    expect(actor.getSnapshot().context.unit).toBe('lb');
    actor.send({ type: 'record.update', field: 'value', value: ' 315 ' });
    expect(readEntry(actor.getSnapshot().context)).toEqual({ value: expect.closeTo(142.88, 2) });
    actor.send({ type: 'record.submit' });
    expect(sent).toEqual([
      { test_id: 1, value: '315', unit: 'lb', achieved_on: '2026-11-24', evidence_url: null, note: null, challenge_id: 9 },
    ]);
  });

  it('starts from the test in the address, in the usual unit for a time', () => {
    const { actor } = drive({ ...input, initialTestId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ testId: 2, unit: 'mm:ss' });
  });

  it('shows a value problem as the athlete types once the value was left', () => {
    const { actor } = drive(input);
    actor.send({ type: 'record.chooseTest', testId: 1 });
    actor.send({ type: 'record.update', field: 'value', value: 'abc' });
    expect(valueProblemOf(actor.getSnapshot().context)).toBeUndefined();
    actor.send({ type: 'record.touchValue' });
    expect(valueProblemOf(actor.getSnapshot().context)).toBeTruthy();
  });

  it('names every problem of an empty form, dated in the future', () => {
    const { actor, focused } = drive(input);
    actor.send({ type: 'record.update', field: 'date', value: '2026-11-25' });
    actor.send({ type: 'record.update', field: 'evidence', value: 'ftp://x' });
    actor.send({ type: 'record.submit' });
    expect(actor.getSnapshot().context.problems).toEqual({
      test: 'Choose the test you did.',
      date: 'The day cannot be in the future.',
      evidence: 'Enter a full web address starting with https://, or leave it empty.',
    });
    expect(focused).toEqual(['test']);
    actor.send({ type: 'record.update', field: 'date', value: '1949-12-31' });
    actor.send({ type: 'record.submit' });
    expect(actor.getSnapshot().context.problems.date).toBe('The day cannot be before 1950.');
  });
});
