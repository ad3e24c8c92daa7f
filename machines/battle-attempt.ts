import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { attemptBody, type AttemptBody } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';

export interface BattleAttemptContext {
  scoreType: ScoreType;
  text: string;
  problem: string | null;
  /** What the last accepted attempt said (its score and the attempts left). */
  accepted: string | null;
}

export type BattleAttemptEvent = { type: 'attempt.type'; text: string } | { type: 'attempt.submit' };

export interface AttemptResult {
  score_text: string;
  attempts_left: number;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Could not submit the attempt.');

/**
 * An athlete submits an attempt to a battle's open round: type the score in words, submit → the server's answer
 * (its score and what is left), or its reason (window closed, limit reached, eliminated) back on the form.
 */
export const battleAttemptMachine = setup({
  types: {
    context: {} as BattleAttemptContext,
    events: {} as BattleAttemptEvent,
    input: {} as { scoreType: ScoreType },
  },
  actors: {
    submitAttempt: fromPromise<AttemptResult, AttemptBody>(async () => {
      throw new Error('submitAttempt not provided');
    }),
  },
  actions: {
    setText: assign(({ event }) => {
      assertEvent(event, 'attempt.type');
      return { text: event.text, problem: null };
    }),
    flagProblem: assign(({ context }) => {
      const parsed = attemptBody(context.scoreType, context.text);
      return { problem: 'problem' in parsed ? parsed.problem : null };
    }),
    accept: assign((_, params: { result: AttemptResult }) => ({
      text: '',
      problem: null,
      accepted: `Attempt in: ${params.result.score_text}. ${params.result.attempts_left === 0 ? 'That was your last attempt this round.' : `${params.result.attempts_left} left this round.`}`,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: messageOf(params.error) })),
  },
  guards: {
    scoreReadable: ({ context }) => 'body' in attemptBody(context.scoreType, context.text),
  },
}).createMachine({
  id: 'battleAttempt',
  context: ({ input }) => ({ scoreType: input.scoreType, text: '', problem: null, accepted: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'attempt.type': { actions: 'setText' },
        'attempt.submit': [{ guard: 'scoreReadable', target: 'submitting' }, { actions: 'flagProblem' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAttempt',
        src: 'submitAttempt',
        input: ({ context }) => {
          const parsed = attemptBody(context.scoreType, context.text);
          return 'body' in parsed ? parsed.body : {};
        },
        onDone: { target: 'editing', actions: { type: 'accept', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
