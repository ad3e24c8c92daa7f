import { payoutReviewMachine } from '#machines/payout-review.ts';
import { defineSamples } from '../samples.ts';

/** A requested payout: approved, then paid; or turned down with a reason, an empty one, or one too long. */
export default defineSamples({
  machine: payoutReviewMachine,
  input: { status: 'requested' },
  events: {
    'review.approve': [{ type: 'review.approve' }],
    'review.markPaid': [{ type: 'review.markPaid' }],
    'review.startReject': [{ type: 'review.startReject' }],
    'review.type': [
      { type: 'review.type', text: 'The bank details do not match your name.' },
      { type: 'review.type', text: '   ' },
      { type: 'review.type', text: 'x'.repeat(301) },
    ],
    'review.confirmReject': [{ type: 'review.confirmReject' }],
    'review.cancel': [{ type: 'review.cancel' }],
  },
  actors: {
    decide: { output: { status: 'approved' }, error: new Error('This payout is paid; only an unpaid payout can be turned down.') },
  },
  stateContext: (c) => ({ status: c.status, reason: c.reason.length, problem: c.problem !== null }),
});
