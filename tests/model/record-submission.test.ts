import { describe, expect, it } from 'vitest';
import {
  readEntry,
  recordBody,
  recordProblems,
  valueProblemOf,
  RECORD_FIELDS,
  type RecordField,
  type RecordSetup,
} from '#machines/record-submission.ts';
import samples from './samples/record-submission.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { startReplay } from './replay.ts';

const graph = graphOf({ name: 'record-submission', samples: samples as never });
type StepContext = { shown: Partial<Record<RecordField, string>> };

/** The page's focus call, heard: which field each refused submit moved focus to. */
function focusRecorder() {
  const focused: RecordField[] = [];
  return { focused, actions: { focusField: (_: unknown, { field }: { field: RecordField }) => void focused.push(field) } };
}

describe('record submission chart: generated paths', () => {
  it('reaches submitting and submitted, and comes back from a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect(new Set(steps.map((s) => s.value))).toEqual(new Set(['editing', 'submitting', 'submitted']));
    const events = steps.map((s) => s.event.type);
    expect(events).toContain('xstate.error.actor.submitRecord');
    expect(events).toContain('record.another');
    // An incomplete form is refused with its problems shown.
    const refused = steps
      .filter((s) => s.event.type === 'record.submit' && s.value === 'editing')
      .map((s) => (s.context as StepContext).shown);
    expect(refused.some((shown) => shown.test)).toBe(true);
    expect(refused.some((shown) => shown.value)).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const { focused, actions } = focusRecorder();
      await drivePath(samples, path, {
        overrides: { actions },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'record.submit') {
            const problems = recordProblems(before.context);
            const first = RECORD_FIELDS.find((f) => problems[f]);
            if (first) {
              // Nothing sent; every problem shown, and focus on the first.
              expect(calls).toEqual([]);
              expect(snap.context.problems).toEqual(problems);
              expect(focused.at(-1)).toBe(first);
            } else {
              expect(calls.map((c) => c.input)).toEqual([recordBody(before.context)]);
              expect(recordBody(before.context).challenge_id).toBe(9);
            }
            expect(snap.context.serverProblem).toBeNull();
          }
          if (type === 'xstate.error.actor.submitRecord') expect(snap.context.serverProblem).toBe('You already sent this result.');
          if (type === 'record.another') {
            expect(snap.context.testId).toBeNull();
            expect(snap.context.raw).toBe('');
            expect(snap.context.day).toBe('2026-11-24');
          }
        },
      });
    });
  });
});

describe('a record form', () => {
  const input = samples.input!;
  const start = (setup: RecordSetup) => {
    const { focused, actions } = focusRecorder();
    const replay = startReplay(samples, { input: setup }, { actions });
    return { ...replay, focused, sent: () => replay.calls.map((c) => c.input) };
  };

  it('reads the value in the unit the athlete picked', () => {
    const { actor, sent } = start(input);
    actor.send({ type: 'record.chooseTest', testId: 1 });
    expect(actor.getSnapshot().context.unit).toBe('lb');
    actor.send({ type: 'record.update', field: 'value', value: ' 315 ' });
    expect(readEntry(actor.getSnapshot().context)).toEqual({ value: expect.closeTo(142.88, 2) });
    actor.send({ type: 'record.submit' });
    expect(sent()).toEqual([
      { test_id: 1, value: '315', unit: 'lb', achieved_on: '2026-11-24', evidence_url: null, note: null, challenge_id: 9 },
    ]);
  });

  it('starts from the test in the address, in the usual unit for a time', () => {
    const { actor } = start({ ...input, initialTestId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ testId: 2, unit: 'mm:ss' });
  });

  it('shows a value problem as the athlete types once the value was left', () => {
    const { actor } = start(input);
    actor.send({ type: 'record.chooseTest', testId: 1 });
    actor.send({ type: 'record.update', field: 'value', value: 'abc' });
    expect(valueProblemOf(actor.getSnapshot().context)).toBeUndefined();
    actor.send({ type: 'record.touchValue' });
    expect(valueProblemOf(actor.getSnapshot().context)).toBeTruthy();
  });

  it('names every problem of an empty form, dated in the future', () => {
    const { actor, focused } = start(input);
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
