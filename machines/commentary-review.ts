import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { LINE_MAX_LENGTH, lineTextProblem } from '#domain/commentary.ts';

/**
 * An editor's decision on one queued commentary line: approve it, reject it, or edit it first
 * (editing → saving → back to the line with the new text). A failure keeps the line (and the draft)
 * with the server's reason; a decided line (published or rejected) is final.
 */
export interface CommentaryReviewInput {
  text: string;
}

export interface CommentaryReviewContext {
  text: string;
  draft: string;
  problem: string | null;
}

export type CommentaryReviewEvent =
  | { type: 'review.edit' }
  | { type: 'review.change'; value: string }
  | { type: 'review.save' }
  | { type: 'review.cancel' }
  | { type: 'review.approve' }
  | { type: 'review.reject' };

const failureText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export const commentaryReviewMachine = setup({
  types: {
    context: {} as CommentaryReviewContext,
    events: {} as CommentaryReviewEvent,
    input: {} as CommentaryReviewInput,
  },
  actors: {
    saveText: fromPromise<{ text: string }, { text: string }>(async () => {
      throw new Error('saveText not provided');
    }),
    approveLine: fromPromise<{ id: number }, void>(async () => {
      throw new Error('approveLine not provided');
    }),
    rejectLine: fromPromise<{ id: number }, void>(async () => {
      throw new Error('rejectLine not provided');
    }),
  },
  actions: {
    startDraft: assign(({ context }) => ({ draft: context.text, problem: null })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'review.change');
      return { draft: event.value.slice(0, LINE_MAX_LENGTH + 20) };
    }),
    showDraftProblem: assign(({ context }) => ({ problem: lineTextProblem(context.draft) })),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown; fallback: string }) => ({ problem: failureText(params.error, params.fallback) })),
    keepSaved: assign((_, params: { text: string }) => ({ text: params.text, draft: params.text, problem: null })),
  },
  guards: {
    draftReady: ({ context }) => lineTextProblem(context.draft) === null,
  },
}).createMachine({
  id: 'commentaryReview',
  context: ({ input }) => ({ text: input.text, draft: input.text, problem: null }),
  initial: 'queued',
  states: {
    queued: {
      on: {
        'review.edit': { target: 'editing', actions: 'startDraft' },
        'review.approve': { target: 'approving', actions: 'clearProblem' },
        'review.reject': { target: 'rejecting', actions: 'clearProblem' },
      },
    },
    editing: {
      on: {
        'review.change': { target: 'editing', actions: 'setDraft' },
        'review.save': [
          { guard: 'draftReady', target: 'saving', actions: 'clearProblem' },
          { target: 'editing', actions: 'showDraftProblem' },
        ],
        'review.cancel': { target: 'queued', actions: 'clearProblem' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveText',
        src: 'saveText',
        input: ({ context }) => ({ text: context.draft.trim() }),
        onDone: { target: 'queued', actions: { type: 'keepSaved', params: ({ event }) => ({ text: event.output.text }) } },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not save the line.' }) },
        },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approveLine',
        src: 'approveLine',
        onDone: { target: 'published' },
        onError: {
          target: 'queued',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not publish the line.' }) },
        },
      },
    },
    rejecting: {
      tags: ['busy'],
      invoke: {
        id: 'rejectLine',
        src: 'rejectLine',
        onDone: { target: 'rejected' },
        onError: {
          target: 'queued',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not reject the line.' }) },
        },
      },
    },
    published: { type: 'final' },
    rejected: { type: 'final' },
  },
});
