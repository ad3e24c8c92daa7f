import { creatorPayoutMachine } from '#machines/creator-payout.ts';
import { defineSamples } from '../samples.ts';

/** 45.00 available, 20.00 minimum: an amount that fits, one too small, one above the balance, one unreadable. */
export default defineSamples({
  machine: creatorPayoutMachine,
  input: { minCents: 2000, availableCents: 4500 },
  events: {
    'payout.type': [
      { type: 'payout.type', text: '25' },
      { type: 'payout.type', text: '5' },
      { type: 'payout.type', text: '99' },
      { type: 'payout.type', text: 'lots' },
    ],
    'payout.submit': [{ type: 'payout.submit' }],
  },
  actors: {
    requestPayout: { output: { amountCents: 2500 }, error: new Error('That is more than your available balance.') },
  },
  stateContext: (c) => ({ text: c.text, problem: c.problem !== null, done: c.done !== null }),
});
