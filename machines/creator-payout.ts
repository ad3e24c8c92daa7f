import { assign, fromPromise, setup } from 'xstate';
import { parsePriceText } from '#domain/creators.ts';

export interface CreatorPayoutInput {
  minCents: number;
  availableCents: number;
}

export interface CreatorPayoutContext extends CreatorPayoutInput {
  text: string;
  problem: string | null;
  done: string | null;
}

export type CreatorPayoutEvent = { type: 'payout.type'; text: string } | { type: 'payout.submit' };

/** A creator asks for a payout: the amount typed, checked against the minimum and the available balance, then requested. */
export const creatorPayoutMachine = setup({
  types: {
    input: {} as CreatorPayoutInput,
    context: {} as CreatorPayoutContext,
    events: {} as CreatorPayoutEvent,
  },
  actors: {
    requestPayout: fromPromise<{ amountCents: number }, { amountCents: number }>(async () => {
      throw new Error('requestPayout not provided');
    }),
  },
  guards: {
    amountProblem: ({ context }) => amountProblem(context) !== null,
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text, problem: null })),
    showAmountProblem: assign(({ context }) => ({ problem: amountProblem(context) })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not request the payout.',
    })),
    showDone: assign((_, params: { amountCents: number }) => ({
      done: `Payout of ${(params.amountCents / 100).toFixed(2)} requested.`,
      text: '',
    })),
  },
}).createMachine({
  id: 'creatorPayout',
  context: ({ input }) => ({ ...input, text: '', problem: null, done: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'payout.type': { actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        'payout.submit': [{ guard: 'amountProblem', actions: 'showAmountProblem' }, { target: 'requesting' }],
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestPayout',
        src: 'requestPayout',
        input: ({ context }) => ({ amountCents: parsePriceText(context.text) ?? 0 }),
        onDone: { target: 'requested', actions: { type: 'showDone', params: ({ event }) => ({ amountCents: event.output.amountCents }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    requested: { type: 'final' },
  },
});

/** Why the typed amount cannot be paid out, or null. */
export function amountProblem(c: { text: string; minCents: number; availableCents: number }): string | null {
  const cents = parsePriceText(c.text);
  if (cents === null) return 'Enter an amount such as 25 or 25.50.';
  if (cents < c.minCents) return `A payout is at least ${(c.minCents / 100).toFixed(2)}.`;
  if (cents > c.availableCents) return 'That is more than your available balance.';
  return null;
}
