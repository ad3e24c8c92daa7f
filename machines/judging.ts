import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_REP_MARKS_MAX, verdictProblem, type Verdict } from '../domain/judging.ts';

/**
 * Judging one score by video on /judging-dashboard: claim it (locked to this judge for 30
 * minutes) → judging (count reps, mark no-reps at the video's current time, fill in the
 * verdict) → sending the verdict → judged, or waiting for a senior judge's confirmation when
 * the verdict is a major penalty or invalid. A senior judge reviews such a verdict and
 * confirms it or sends it back. A refused claim or verdict says why and lets the judge go on.
 */
export interface VerdictRequest {
  verdict: Verdict;
  penalty_percent: number | null;
  reason: string;
  rep_count: number;
  marks: { at_ms: number }[];
}

export interface JudgingContext {
  reps: number;
  /** No-rep marks, in ms from the video's start, sorted. */
  marks: number[];
  verdict: Verdict | null;
  percent: string;
  reason: string;
  /** Send was pressed with a verdict that does not fit together: the hint becomes an error. */
  tried: boolean;
  problem: string | null;
}

export type JudgingEvent =
  | { type: 'judging.claim' }
  | { type: 'judging.review' }
  | { type: 'judging.rep'; by: 1 | -1 }
  | { type: 'judging.mark'; atMs: number }
  | { type: 'judging.unmark'; atMs: number }
  | { type: 'judging.choose'; verdict: Verdict }
  | { type: 'judging.percent'; value: string }
  | { type: 'judging.reason'; value: string }
  | { type: 'judging.submit' }
  | { type: 'judging.confirm'; agree: boolean }
  | { type: 'judging.release' }
  | { type: 'judging.next' };

const percentOf = (c: Pick<JudgingContext, 'verdict' | 'percent'>) =>
  c.verdict === 'minor_penalty' || c.verdict === 'major_penalty' ? (c.percent.trim() === '' ? null : Number(c.percent)) : null;

/** What is wrong with the verdict as filled in (null: it can be sent). */
export function verdictFormProblem(c: Pick<JudgingContext, 'verdict' | 'percent' | 'reason'>): string | null {
  if (!c.verdict) return 'Choose a verdict.';
  return verdictProblem({ verdict: c.verdict, penalty_percent: percentOf(c), reason: c.reason });
}

export const verdictRequest = (c: JudgingContext): VerdictRequest => ({
  verdict: c.verdict!,
  penalty_percent: percentOf(c),
  reason: c.reason.trim(),
  rep_count: c.reps,
  marks: c.marks.map((at_ms) => ({ at_ms })),
});

const problemOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Try again.');

const fresh = { reps: 0, marks: [], verdict: null, percent: '', reason: '', tried: false, problem: null } satisfies JudgingContext;

export const judgingMachine = setup({
  types: { context: {} as JudgingContext, events: {} as JudgingEvent },
  actors: {
    claim: fromPromise<unknown>(async () => {
      throw new Error('claim not provided');
    }),
    sendVerdict: fromPromise<{ state: string }, VerdictRequest>(async () => {
      throw new Error('sendVerdict not provided');
    }),
    confirm: fromPromise<unknown, { agree: boolean }>(async () => {
      throw new Error('confirm not provided');
    }),
  },
  actions: {
    reset: assign(() => ({ ...fresh })),
    countRep: assign(({ context, event }) => {
      assertEvent(event, 'judging.rep');
      return { reps: Math.max(0, context.reps + event.by) };
    }),
    mark: assign(({ context, event }) => {
      assertEvent(event, 'judging.mark');
      const at = Math.max(0, Math.round(event.atMs));
      if (context.marks.includes(at) || context.marks.length >= NO_REP_MARKS_MAX) return {};
      return { marks: [...context.marks, at].sort((a, b) => a - b) };
    }),
    unmark: assign(({ context, event }) => {
      assertEvent(event, 'judging.unmark');
      return { marks: context.marks.filter((m) => m !== event.atMs) };
    }),
    choose: assign(({ event }) => {
      assertEvent(event, 'judging.choose');
      return { verdict: event.verdict };
    }),
    setPercent: assign(({ event }) => {
      assertEvent(event, 'judging.percent');
      return { percent: event.value.replace(/[^0-9]/g, '').slice(0, 3) };
    }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'judging.reason');
      return { reason: event.value.slice(0, 500) };
    }),
    markTried: assign({ tried: true }),
    clearProblem: assign({ problem: null }),
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
  },
  guards: {
    ready: ({ context }) => verdictFormProblem(context) === null,
    awaitsSenior: (_, params: { state: string }) => params.state === 'confirming',
  },
}).createMachine({
  id: 'judging',
  context: { ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'judging.claim': { target: 'claiming', actions: ['reset'] },
        'judging.review': { target: 'reviewing', actions: ['reset'] },
      },
    },
    claiming: {
      tags: ['busy'],
      invoke: {
        id: 'claim',
        src: 'claim',
        onDone: { target: 'judging' },
        onError: { target: 'idle', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    judging: {
      on: {
        'judging.rep': { actions: 'countRep' },
        'judging.mark': { actions: 'mark' },
        'judging.unmark': { actions: 'unmark' },
        'judging.choose': { actions: 'choose' },
        'judging.percent': { actions: 'setPercent' },
        'judging.reason': { actions: 'setReason' },
        'judging.submit': [{ guard: 'ready', target: 'sending', actions: 'clearProblem' }, { actions: 'markTried' }],
        'judging.release': { target: 'idle', actions: 'reset' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendVerdict',
        src: 'sendVerdict',
        input: ({ context }) => verdictRequest(context),
        onDone: [
          { guard: { type: 'awaitsSenior', params: ({ event }) => ({ state: event.output.state }) }, target: 'awaitingSenior' },
          { target: 'judged' },
        ],
        onError: { target: 'judging', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reviewing: {
      on: {
        'judging.confirm': { target: 'confirming' },
        'judging.release': { target: 'idle', actions: 'reset' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ event }) => {
          assertEvent(event, 'judging.confirm');
          return { agree: event.agree };
        },
        onDone: { target: 'judged' },
        onError: { target: 'reviewing', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    awaitingSenior: { on: { 'judging.next': { target: 'idle', actions: 'reset' } } },
    judged: { on: { 'judging.next': { target: 'idle', actions: 'reset' } } },
  },
});
