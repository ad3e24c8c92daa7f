import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SIGNOUT_COMMENT_MAX, SIGNOUT_RATING_MAX } from '../domain/constants.ts';

export interface SignoutRatingContext {
  /** 0 until one is chosen. */
  rating: number;
  comment: string;
  problem: string | null;
}

export interface SignoutRatingPayload {
  rating: number;
  comment?: string;
}

export type SignoutRatingEvent =
  { type: 'rating.choose'; rating: number } | { type: 'rating.comment'; value: string } | { type: 'rating.submit' };

export const RATING_MISSING_TEXT = `Choose a rating from 1 to ${SIGNOUT_RATING_MAX}.`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** What is sent: the rating, and the comment only when there is one. */
export const ratingPayload = (c: SignoutRatingContext): SignoutRatingPayload => ({
  rating: c.rating,
  ...(c.comment.trim() ? { comment: c.comment.trim() } : {}),
});

/** The rating after signing out: rating → sending → thanked, or back with the reason. */
export const signoutRatingMachine = setup({
  types: {
    context: {} as SignoutRatingContext,
    events: {} as SignoutRatingEvent,
  },
  actors: {
    sendRating: fromPromise<unknown, SignoutRatingPayload>(async () => {
      throw new Error('sendRating not provided');
    }),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'rating.choose');
      return { rating: Number.isInteger(event.rating) && event.rating >= 1 && event.rating <= SIGNOUT_RATING_MAX ? event.rating : 0 };
    }),
    comment: assign(({ event }) => {
      assertEvent(event, 'rating.comment');
      return { comment: event.value.slice(0, SIGNOUT_COMMENT_MAX) };
    }),
    flagMissing: assign({ problem: RATING_MISSING_TEXT }),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: messageOf(params.error, 'We could not save your rating. Please try again.'),
    })),
  },
  guards: {
    unrated: ({ context }) => context.rating < 1,
  },
}).createMachine({
  id: 'signoutRating',
  context: { rating: 0, comment: '', problem: null },
  initial: 'rating',
  states: {
    rating: {
      on: {
        'rating.choose': { actions: 'choose' },
        'rating.comment': { actions: 'comment' },
        'rating.submit': [
          { guard: 'unrated', actions: 'flagMissing' },
          { target: 'sending', actions: 'clearProblem' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendRating',
        src: 'sendRating',
        input: ({ context }) => ratingPayload(context),
        onDone: 'thanked',
        onError: { target: 'rating', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    thanked: { type: 'final' },
  },
});
