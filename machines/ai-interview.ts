import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ANSWER_LIMITS, answerProblem } from '#domain/interviews.ts';

/**
 * An athlete's AI interview: starting (a new one, or resuming one by id) → asking (a question waits) →
 * answering (a draft is typed) → thinking (the answer is sent; the next question or a follow-up comes back)
 * → … → finished (every question answered; private) → publishing (only with the athlete's consent) →
 * published. A failed start can be retried; a failed answer or publish keeps what was typed, with the
 * server's reason.
 */
export interface InterviewView {
  id: number;
  status: 'open' | 'finished';
  current_question_id: number | null;
  story_id: number | null;
}

export interface AiInterviewInput {
  /** The interview to resume; null starts a new one. */
  resumeId: number | null;
}

export interface AiInterviewContext<I extends InterviewView = InterviewView> {
  resumeId: number | null;
  interview: I | null;
  draft: string;
  consent: boolean;
  problem: string | null;
}

export type AiInterviewEvent =
  | { type: 'interview.type'; value: string }
  | { type: 'interview.send' }
  | { type: 'interview.consent'; value: boolean }
  | { type: 'interview.publish' }
  | { type: 'interview.retry' };

export const CONSENT_PROBLEM = 'Tick the box to agree to publishing this interview as a story everyone can read.';

const failureText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const isFinished = (i: InterviewView) => i.status === 'finished' || i.current_question_id === null;

export const aiInterviewMachine = setup({
  types: {
    context: {} as AiInterviewContext,
    events: {} as AiInterviewEvent,
    input: {} as AiInterviewInput,
  },
  actors: {
    startInterview: fromPromise<InterviewView, { resumeId: number | null }>(async () => {
      throw new Error('startInterview not provided');
    }),
    sendAnswer: fromPromise<InterviewView, { interviewId: number; questionId: number; text: string }>(async () => {
      throw new Error('sendAnswer not provided');
    }),
    publishInterview: fromPromise<InterviewView, { interviewId: number }>(async () => {
      throw new Error('publishInterview not provided');
    }),
  },
  actions: {
    keepInterview: assign((_, params: { interview: InterviewView }) => ({
      interview: params.interview,
      resumeId: params.interview.id,
      problem: null,
    })),
    nextQuestion: assign((_, params: { interview: InterviewView }) => ({ interview: params.interview, draft: '', problem: null })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'interview.type');
      // A little past the limit, so the sentence can say what is wrong.
      return { draft: event.value.slice(0, ANSWER_LIMITS.max + 20) };
    }),
    setConsent: assign(({ event }) => {
      assertEvent(event, 'interview.consent');
      return { consent: event.value, problem: null };
    }),
    showDraftProblem: assign(({ context }) => ({ problem: answerProblem(context.draft) })),
    showConsentProblem: assign({ problem: CONSENT_PROBLEM }),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown; fallback: string }) => ({ problem: failureText(params.error, params.fallback) })),
  },
  guards: {
    hasDraft: ({ event }) => event.type === 'interview.type' && event.value.trim().length > 0,
    answerReady: ({ context }) => answerProblem(context.draft) === null,
    consented: ({ context }) => context.consent,
    published: (_, params: { interview: InterviewView }) => params.interview.story_id !== null,
    finishedNow: (_, params: { interview: InterviewView }) => isFinished(params.interview),
  },
}).createMachine({
  id: 'aiInterview',
  context: ({ input }) => ({ resumeId: input.resumeId, interview: null, draft: '', consent: false, problem: null }),
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startInterview',
        src: 'startInterview',
        input: ({ context }) => ({ resumeId: context.resumeId }),
        onDone: [
          {
            guard: { type: 'published', params: ({ event }) => ({ interview: event.output }) },
            target: 'published',
            actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) },
          },
          {
            guard: { type: 'finishedNow', params: ({ event }) => ({ interview: event.output }) },
            target: 'finished',
            actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) },
          },
          { target: 'asking', actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not start the interview.' }) },
        },
      },
    },
    failed: {
      on: { 'interview.retry': { target: 'starting', actions: 'clearProblem' } },
    },
    asking: {
      on: {
        'interview.type': [
          { guard: 'hasDraft', target: 'answering', actions: 'setDraft' },
          { target: 'asking', actions: 'setDraft' },
        ],
        'interview.send': { target: 'asking', actions: 'showDraftProblem' },
      },
    },
    answering: {
      on: {
        'interview.type': [
          { guard: 'hasDraft', target: 'answering', actions: 'setDraft' },
          { target: 'asking', actions: 'setDraft' },
        ],
        'interview.send': [
          { guard: 'answerReady', target: 'thinking', actions: 'clearProblem' },
          { target: 'answering', actions: 'showDraftProblem' },
        ],
      },
    },
    thinking: {
      tags: ['busy'],
      invoke: {
        id: 'sendAnswer',
        src: 'sendAnswer',
        input: ({ context }) => ({
          interviewId: context.interview!.id,
          questionId: context.interview!.current_question_id!,
          text: context.draft.trim(),
        }),
        onDone: [
          {
            guard: { type: 'finishedNow', params: ({ event }) => ({ interview: event.output }) },
            target: 'finished',
            actions: { type: 'nextQuestion', params: ({ event }) => ({ interview: event.output }) },
          },
          { target: 'asking', actions: { type: 'nextQuestion', params: ({ event }) => ({ interview: event.output }) } },
        ],
        onError: {
          target: 'answering',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not send the answer.' }) },
        },
      },
    },
    finished: {
      on: {
        'interview.consent': { target: 'finished', actions: 'setConsent' },
        'interview.publish': [
          { guard: 'consented', target: 'publishing', actions: 'clearProblem' },
          { target: 'finished', actions: 'showConsentProblem' },
        ],
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publishInterview',
        src: 'publishInterview',
        input: ({ context }) => ({ interviewId: context.interview!.id }),
        onDone: { target: 'published', actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) } },
        onError: {
          target: 'finished',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not publish the interview.' }) },
        },
      },
    },
    published: { type: 'final' },
  },
});
