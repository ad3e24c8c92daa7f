import { assign, fromPromise, setup } from 'xstate';

export interface CreatorSubscribeContext {
  problem: string | null;
  /** Stripe's checkout page when the provider asks the athlete to pay there. */
  checkoutUrl: string | null;
}

export type CreatorSubscribeEvent = { type: 'subscribe.confirm' } | { type: 'subscribe.retry' };

/**
 * An athlete subscribes to a tier: subscribing → subscribed (the local test provider charged at once) or
 * checkout (Stripe's page to visit), or the server's reason and a retry.
 */
export const creatorSubscribeMachine = setup({
  types: { context: {} as CreatorSubscribeContext, events: {} as CreatorSubscribeEvent },
  actors: {
    subscribe: fromPromise<{ checkoutUrl: string | null }, void>(async () => {
      throw new Error('subscribe not provided');
    }),
    openCheckout: fromPromise<void, { url: string }>(async () => {
      throw new Error('openCheckout not provided');
    }),
  },
  guards: { needsCheckout: (_, params: { url: string | null }) => params.url !== null },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not subscribe.',
    })),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'creatorSubscribe',
  context: { problem: null, checkoutUrl: null },
  initial: 'ready',
  states: {
    ready: { on: { 'subscribe.confirm': { target: 'subscribing', actions: 'clearProblem' } } },
    subscribing: {
      tags: ['busy'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        onDone: [
          {
            guard: { type: 'needsCheckout', params: ({ event }) => ({ url: event.output.checkoutUrl }) },
            target: 'checkout',
            actions: assign({ checkoutUrl: ({ event }) => event.output.checkoutUrl }),
          },
          { target: 'subscribed' },
        ],
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkout: {
      tags: ['busy'],
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) => ({ url: context.checkoutUrl ?? '' }),
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'subscribe.retry': { target: 'subscribing', actions: 'clearProblem' } } },
    subscribed: { type: 'final' },
  },
});
