import { creatorSubscribeMachine } from '#machines/creator-subscribe.ts';
import { defineSamples } from '../samples.ts';

/** Paid at once by the local test provider, or sent to Stripe's checkout; refused (already subscribed); checkout failing to open. */
export default defineSamples({
  machine: creatorSubscribeMachine,
  events: {
    'subscribe.confirm': [{ type: 'subscribe.confirm' }],
    'subscribe.retry': [{ type: 'subscribe.retry' }],
  },
  actors: {
    subscribe: {
      outputs: [{ checkoutUrl: null }, { checkoutUrl: 'https://checkout.stripe.test/cs_1' }],
      error: new Error('You already have an active subscription to this creator.'),
    },
    openCheckout: { output: undefined, error: new Error('Could not open the checkout page.') },
  },
  stateContext: (c) => ({ problem: c.problem !== null, checkout: c.checkoutUrl !== null }),
});
