import { recordProblems, recordSubmissionMachine, valueProblemOf } from '#machines/record-submission.ts';
import { defineSamples } from '../samples.ts';

const backSquat = { id: 1, name: 'Back Squat', unit: 'kg' as const, min_value: 20, max_value: 500 };
const mile = { id: 2, name: 'Mile Run', unit: 'seconds' as const, min_value: 180, max_value: 1800 };

/** A qualifying attempt for a challenge, the athlete in imperial units, today 2026-11-24. */
export const recordSubmissionSamples = defineSamples({
  machine: recordSubmissionMachine,
  input: {
    tests: [backSquat, mile],
    units: 'imperial',
    today: '2026-11-24',
    initialTestId: null,
    challenge: { id: 9, title: 'Spring Throwdown' },
  },
  events: {
    'record.chooseTest': [
      { type: 'record.chooseTest', testId: 1 },
      { type: 'record.chooseTest', testId: null },
    ],
    'record.setUnit': [{ type: 'record.setUnit', unit: 'kg' }],
    'record.update': [
      { type: 'record.update', field: 'value', value: '315' },
      { type: 'record.update', field: 'value', value: 'heavy' },
      { type: 'record.update', field: 'date', value: '2099-01-01' },
      { type: 'record.update', field: 'evidence', value: 'youtube' },
    ],
    'record.touchValue': [{ type: 'record.touchValue' }],
    'record.submit': [{ type: 'record.submit' }],
    'record.another': [{ type: 'record.another' }],
  },
  actors: {
    submitRecord: {
      output: {
        id: 41,
        test_name: 'Back Squat',
        value: 142.88,
        unit: 'kg',
        achieved_on: '2026-11-20',
        challenge_title: 'Spring Throwdown',
      },
      error: new Error('You already sent this result.'),
    },
  },
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

export default recordSubmissionSamples;
