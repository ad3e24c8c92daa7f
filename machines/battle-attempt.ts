import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { attemptBody, type AttemptBody } from '#domain/battles/index.ts';

/** The form's problem when a judged-video battle's attempt names no video. */
export const NO_VIDEO_TEXT = 'Choose the video of this attempt: this battle’s attempts need a judged video.';
import type { ScoreType } from '#domain/scoring/index.ts';

export interface BattleAttemptContext {
  scoreType: ScoreType;
  text: string;
  problem: string | null;
  /** What the last accepted attempt said (its score and the attempts left). */
  accepted: string | null;
  /** A judged-video battle: the attempt names one of the athlete's processed uploads (`video`, its id). */
  judgedVideo: boolean;
  video: string;
}

export type BattleAttemptEvent =
  { type: 'attempt.type'; text: string } | { type: 'attempt.video'; videoId: string } | { type: 'attempt.submit' };

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
    input: {} as { scoreType: ScoreType; judgedVideo?: boolean },
  },
  actors: {
    submitAttempt: fromPromise<AttemptResult, AttemptBody & { video_id?: string }>(async () => {
      throw new Error('submitAttempt not provided');
    }),
  },
  actions: {
    setText: assign(({ event }) => {
      assertEvent(event, 'attempt.type');
      return { text: event.text, problem: null };
    }),
    setVideo: assign(({ event }) => {
      assertEvent(event, 'attempt.video');
      return { video: event.videoId, problem: null };
    }),
    flagProblem: assign(({ context }) => {
      const parsed = attemptBody(context.scoreType, context.text);
      return { problem: 'problem' in parsed ? parsed.problem : context.judgedVideo && !context.video ? NO_VIDEO_TEXT : null };
    }),
    accept: assign(({ context }, params: { result: AttemptResult }) => ({
      text: '',
      video: '',
      problem: null,
      accepted: `Attempt in: ${params.result.score_text}${context.judgedVideo ? ', waiting for a judge’s verdict (it counts once verified)' : ''}. ${params.result.attempts_left === 0 ? 'That was your last attempt this round.' : `${params.result.attempts_left} left this round.`}`,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: messageOf(params.error) })),
  },
  guards: {
    scoreReadable: ({ context }) =>
      'body' in attemptBody(context.scoreType, context.text) && (!context.judgedVideo || context.video !== ''),
  },
}).createMachine({
  id: 'battleAttempt',
  context: ({ input }) => ({
    scoreType: input.scoreType,
    text: '',
    problem: null,
    accepted: null,
    judgedVideo: input.judgedVideo ?? false,
    video: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'attempt.type': { actions: 'setText' },
        'attempt.video': { actions: 'setVideo' },
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
          const body = 'body' in parsed ? parsed.body : {};
          return context.judgedVideo ? { ...body, video_id: context.video } : body;
        },
        onDone: { target: 'editing', actions: { type: 'accept', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
