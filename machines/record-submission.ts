import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { RECORD_EARLIEST_DAY, RECORD_EVIDENCE_URL_MAX_LENGTH, RECORD_NOTE_MAX_LENGTH } from '../domain/constants.ts';
import { checkBounds, inputUnitsFor, MeasureError, toTestUnit, type InputUnit, type TestUnit } from '../domain/measures.ts';

export type Units = 'metric' | 'imperial';

/** What of a catalogue test the form needs. */
export interface RecordTest {
  id: number;
  name: string;
  unit: TestUnit;
  min_value: number;
  max_value: number;
}

/** The body of POST /api/v1/athlete-profiles/submit-pr (the contract's PersonalRecordInput). */
export interface RecordBody {
  test_id: number;
  value: string;
  unit: InputUnit;
  achieved_on: string;
  evidence_url: string | null;
  note: string | null;
  challenge_id?: number;
  /** One of the athlete's own ready uploads (the reviewer watches it). */
  video_id?: string;
}

export type RecordField = 'test' | 'value' | 'date' | 'evidence' | 'note';
export type RecordProblems = Partial<Record<RecordField, string>>;
export const RECORD_FIELDS: readonly RecordField[] = ['test', 'value', 'date', 'evidence', 'note'];

export interface RecordSetup<T extends RecordTest = RecordTest> {
  tests: T[];
  units: Units;
  /** Today (YYYY-MM-DD) in the athlete's zone: the latest day a record may have. */
  today: string;
  initialTestId: number | null;
  /** For a qualifying attempt: the challenge it qualifies for. */
  challenge: { id: number; title: string } | null;
}

export interface RecordSubmissionContext<R = unknown> extends RecordSetup {
  testId: number | null;
  /** The unit the athlete picked (null: the test's usual one). */
  unit: InputUnit | null;
  raw: string;
  /** Once the athlete left a typed value (or submitted), its problem shows as they type. */
  valueTouched: boolean;
  day: string;
  evidence: string;
  /** The id of the attached upload ('' for none). */
  videoId: string;
  note: string;
  problems: RecordProblems;
  serverProblem: string | null;
  record: R | null;
}

export type RecordSubmissionEvent =
  | { type: 'record.chooseTest'; testId: number | null }
  | { type: 'record.setUnit'; unit: InputUnit }
  | { type: 'record.update'; field: 'value' | 'date' | 'evidence' | 'video' | 'note'; value: string }
  | { type: 'record.touchValue' }
  | { type: 'record.submit' }
  | { type: 'record.another' };

/** The unit a result is most likely typed in: the athlete's system for weights and distances, mm:ss for times. */
export function defaultInputUnit(test: Pick<RecordTest, 'unit' | 'min_value'>, units: Units): InputUnit {
  switch (test.unit) {
    case 'kg':
      return units === 'imperial' ? 'lb' : 'kg';
    case 'seconds':
      return 'mm:ss';
    case 'meters':
      return units === 'imperial' ? 'mi' : test.min_value >= 1000 ? 'km' : 'm';
    default:
      return inputUnitsFor(test.unit)[0]!;
  }
}

type Draft = Pick<RecordSubmissionContext, 'tests' | 'units' | 'testId' | 'unit' | 'raw'>;

export const chosenTest = (c: Pick<Draft, 'tests' | 'testId'>) => c.tests.find((t) => t.id === c.testId) ?? null;

/** The unit the value is read in: the picked one when the test takes it, else the test's usual one. */
export function inputUnitOf(c: Draft): InputUnit | null {
  const test = chosenTest(c);
  if (!test) return null;
  return c.unit && inputUnitsFor(test.unit).includes(c.unit) ? c.unit : defaultInputUnit(test, c.units);
}

/**
 * The typed value in the test's unit, or its problem in words; null while nothing is typed.
 * The one place this flow reads a typed value (through domain/measures).
 */
export function readEntry(c: Draft): { value: number } | { problem: string } | null {
  const test = chosenTest(c);
  const from = inputUnitOf(c);
  if (!test || !from || !c.raw.trim()) return null;
  try {
    const value = toTestUnit(c.raw, from, test.unit);
    checkBounds(value, { min: test.min_value, max: test.max_value }, test.unit, test.name);
    return { value };
  } catch (err) {
    return { problem: err instanceof MeasureError ? err.message : 'This value cannot be read.' };
  }
}

/** The value's problem to show: the one found on submit, else (once touched) the live one. */
export function valueProblemOf(c: RecordSubmissionContext): string | undefined {
  if (c.problems.value) return c.problems.value;
  const entry = c.valueTouched ? readEntry(c) : null;
  return entry && 'problem' in entry ? entry.problem : undefined;
}

const VALUE_WORDS: Record<TestUnit, string> = {
  kg: 'weight lifted',
  seconds: 'time',
  meters: 'distance',
  reps: 'reps',
  calories: 'calories',
  points: 'points',
};

/** Every problem of the form, by field; empty when it can be sent. */
export function recordProblems(c: RecordSubmissionContext): RecordProblems {
  const found: RecordProblems = {};
  const test = chosenTest(c);
  const entry = readEntry(c);
  if (!test || !inputUnitOf(c)) found.test = 'Choose the test you did.';
  else if (!c.raw.trim()) found.value = `Enter your ${VALUE_WORDS[test.unit]}.`;
  else if (entry && 'problem' in entry) found.value = entry.problem;
  if (!c.day) found.date = 'Enter the day you did it.';
  else if (c.day > c.today) found.date = 'The day cannot be in the future.';
  else if (c.day < RECORD_EARLIEST_DAY) found.date = 'The day cannot be before 1950.';
  const link = c.evidence.trim();
  if (link) {
    let ok = false;
    try {
      const u = new URL(link);
      ok = u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      ok = false;
    }
    if (!ok) found.evidence = 'Enter a full web address starting with https://, or leave it empty.';
    else if (link.length > RECORD_EVIDENCE_URL_MAX_LENGTH)
      found.evidence = `The link is too long (${RECORD_EVIDENCE_URL_MAX_LENGTH} characters at most).`;
  }
  if (c.note.length > RECORD_NOTE_MAX_LENGTH) found.note = `The note is too long (${RECORD_NOTE_MAX_LENGTH} characters at most).`;
  return found;
}

/** What is sent once the form has no problem. */
export function recordBody(c: RecordSubmissionContext): RecordBody {
  return {
    test_id: c.testId ?? 0,
    value: c.raw.trim(),
    unit: inputUnitOf(c) ?? 'reps',
    achieved_on: c.day,
    evidence_url: c.evidence.trim() || null,
    note: c.note.trim() || null,
    ...(c.challenge ? { challenge_id: c.challenge.id } : {}),
    ...(c.videoId ? { video_id: c.videoId } : {}),
  };
}

const firstProblem = (problems: RecordProblems) => RECORD_FIELDS.find((f) => problems[f]) ?? null;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** A fresh form: the test from the address (if any) in the athlete's usual unit, dated today. */
function freshForm(setup: RecordSetup) {
  const initial = setup.tests.find((t) => t.id === setup.initialTestId) ?? null;
  return {
    testId: initial?.id ?? null,
    unit: initial ? defaultInputUnit(initial, setup.units) : null,
    raw: '',
    valueTouched: false,
    day: setup.today,
    evidence: '',
    videoId: '',
    note: '',
    problems: {},
    serverProblem: null,
    record: null,
  };
}

const FIELD_OF = { value: 'raw', date: 'day', evidence: 'evidence', video: 'videoId', note: 'note' } as const;

/** A personal record (or qualifying attempt) for review: editing → submitting → submitted. */
export const recordSubmissionMachine = setup({
  types: {
    context: {} as RecordSubmissionContext,
    events: {} as RecordSubmissionEvent,
    input: {} as RecordSetup,
  },
  actors: {
    submitRecord: fromPromise<unknown, RecordBody>(async () => {
      throw new Error('submitRecord not provided');
    }),
  },
  actions: {
    chooseTest: assign(({ context, event }) => {
      assertEvent(event, 'record.chooseTest');
      const test = context.tests.find((t) => t.id === event.testId) ?? null;
      return {
        testId: test?.id ?? null,
        unit: test ? defaultInputUnit(test, context.units) : null,
        raw: '',
        valueTouched: false,
        problems: { ...context.problems, test: undefined, value: undefined },
      };
    }),
    setUnit: assign(({ context, event }) => {
      assertEvent(event, 'record.setUnit');
      return { unit: event.unit, problems: { ...context.problems, value: undefined } };
    }),
    update: assign(({ context, event }) => {
      assertEvent(event, 'record.update');
      const value = event.field === 'note' ? event.value.slice(0, RECORD_NOTE_MAX_LENGTH) : event.value;
      return { [FIELD_OF[event.field]]: value, problems: { ...context.problems, [event.field]: undefined } };
    }),
    touchValue: assign(({ context }) => ({ valueTouched: context.valueTouched || context.raw.trim() !== '' })),
    flagProblems: assign(({ context }) => ({ problems: recordProblems(context), valueTouched: true, serverProblem: null })),
    clearProblems: assign({ problems: {}, valueTouched: true, serverProblem: null }),
    startOver: assign(({ context }) => freshForm(context)),
    /** Provided by the app: move focus to the first field with a problem. */
    focusField: (_: unknown, _params: { field: RecordField }) => {},
  },
  guards: {
    recordComplete: ({ context }) => firstProblem(recordProblems(context)) === null,
  },
}).createMachine({
  id: 'recordSubmission',
  context: ({ input }) => ({ ...input, ...freshForm(input) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'record.chooseTest': { actions: 'chooseTest' },
        'record.setUnit': { actions: 'setUnit' },
        'record.update': { actions: 'update' },
        'record.touchValue': { actions: 'touchValue' },
        'record.submit': [
          { guard: 'recordComplete', target: 'submitting', actions: 'clearProblems' },
          { actions: ['flagProblems', { type: 'focusField', params: ({ context }) => ({ field: firstProblem(context.problems)! }) }] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitRecord',
        src: 'submitRecord',
        input: ({ context }) => recordBody(context),
        onDone: { target: 'submitted', actions: assign(({ event }) => ({ record: event.output })) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ serverProblem: messageOf(event.error, 'Could not submit your record.') })),
        },
      },
    },
    submitted: {
      on: { 'record.another': { target: 'editing', actions: 'startOver' } },
    },
  },
});
