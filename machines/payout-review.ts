import { assign, fromPromise, setup } from 'xstate';
import { PAYOUT_REASON_MAX, type PayoutDecision, type PayoutStatus } from '#domain/creators.ts';

export interface PayoutReviewInput {
  status: PayoutStatus;
}

export interface PayoutReviewContext extends PayoutReviewInput {
  reason: string;
  problem: string | null;
}

export type PayoutReviewEvent =
  | { type: 'review.approve' }
  | { type: 'review.markPaid' }
  | { type: 'review.startReject' }
  | { type: 'review.type'; text: string }
  | { type: 'review.confirmReject' }
  | { type: 'review.cancel' };

/**
 * An administrator decides one payout: approve a requested one, mark an approved one paid, or turn an unpaid one
 * down with a reason the creator reads (typed, checked, then sent). The server's refusal is shown and the row stays.
 */
export const payoutReviewMachine = setup({
  types: { input: {} as PayoutReviewInput, context: {} as PayoutReviewContext, events: {} as PayoutReviewEvent },
  actors: {
    decide: fromPromise<{ status: PayoutStatus }, { decision: PayoutDecision; reason: string }>(async () => {
      throw new Error('decide not provided');
    }),
  },
  guards: {
    requested: ({ context }) => context.status === 'requested',
    approved: ({ context }) => context.status === 'approved',
    unpaid: ({ context }) => context.status === 'requested' || context.status === 'approved',
    reasonProblem: ({ context }) => reasonProblem(context.reason) !== null,
  },
  actions: {
    setReason: assign((_, params: { text: string }) => ({ reason: params.text, problem: null })),
    showReasonProblem: assign(({ context }) => ({ problem: reasonProblem(context.reason) })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not record the decision.',
    })),
    takeStatus: assign((_, params: { status: PayoutStatus }) => ({ status: params.status, problem: null, reason: '' })),
    forget: assign({ reason: '', problem: null }),
  },
}).createMachine({
  id: 'payoutReview',
  context: ({ input }) => ({ ...input, reason: '', problem: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'review.approve': { guard: 'requested', target: 'approving' },
        'review.markPaid': { guard: 'approved', target: 'markingPaid' },
        'review.startReject': { guard: 'unpaid', target: 'rejecting', actions: 'forget' },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        src: 'decide',
        input: () => ({ decision: 'approve' as const, reason: '' }),
        onDone: { target: 'ready', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    markingPaid: {
      tags: ['busy'],
      invoke: {
        src: 'decide',
        input: () => ({ decision: 'paid' as const, reason: '' }),
        onDone: { target: 'ready', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The reason is typed in the row; Cancel goes back without sending anything. */
    rejecting: {
      on: {
        'review.type': { actions: { type: 'setReason', params: ({ event }) => ({ text: event.text }) } },
        'review.confirmReject': [{ guard: 'reasonProblem', actions: 'showReasonProblem' }, { target: 'sendingRejection' }],
        'review.cancel': { target: 'ready', actions: 'forget' },
      },
    },
    sendingRejection: {
      tags: ['busy'],
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ decision: 'reject' as const, reason: context.reason.trim() }),
        onDone: { target: 'ready', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'rejecting', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

/** Why a typed reason cannot be sent, or null. */
export function reasonProblem(reason: string): string | null {
  if (!reason.trim()) return 'Say why the payout is turned down (the creator reads it).';
  if (reason.trim().length > PAYOUT_REASON_MAX) return `Say it in ${PAYOUT_REASON_MAX} characters or fewer.`;
  return null;
}
