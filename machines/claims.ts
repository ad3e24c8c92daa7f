import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { CLAIM_MAX_RESULTS, CLAIM_MESSAGE_MAX } from '../domain/constants.ts';

/** A result the athlete ticked; the page keeps its own fields on it for display. */
export interface ClaimPick {
  id: number;
}

export interface ClaimsContext {
  /** In the order they were ticked. */
  selected: ClaimPick[];
  message: string;
  problem: string | null;
  /** Most results in one claim (CLAIM_MAX_RESULTS; a chart's sample table may lower it to reach the check). */
  maxResults: number;
}

export interface ClaimRequest {
  historical_ids: number[];
  message?: string;
}

export type ClaimsEvent =
  { type: 'claims.toggle'; result: ClaimPick; on: boolean } | { type: 'claims.message'; value: string } | { type: 'claims.submit' };

export const CLAIM_NONE_TEXT = 'Tick at least one result that is yours.';
export const CLAIM_TOO_MANY_TEXT = `Claim at most ${CLAIM_MAX_RESULTS} results at a time.`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export const claimRequest = (c: ClaimsContext): ClaimRequest => ({
  historical_ids: c.selected.map((r) => r.id),
  ...(c.message.trim() ? { message: c.message.trim() } : {}),
});

/** Claiming historical results: selecting → sending → selecting again (cleared), or back with the reason. */
export const claimsMachine = setup({
  types: {
    context: {} as ClaimsContext,
    events: {} as ClaimsEvent,
    input: {} as { maxResults?: number },
  },
  actors: {
    createClaims: fromPromise<{ items: unknown[] }, ClaimRequest>(async () => {
      throw new Error('createClaims not provided');
    }),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'claims.toggle');
      const rest = context.selected.filter((r) => r.id !== event.result.id);
      return { selected: event.on ? [...rest, event.result] : rest };
    }),
    setMessage: assign(({ event }) => {
      assertEvent(event, 'claims.message');
      return { message: event.value.slice(0, CLAIM_MESSAGE_MAX) };
    }),
    flagNone: assign({ problem: CLAIM_NONE_TEXT }),
    flagTooMany: assign({ problem: CLAIM_TOO_MANY_TEXT }),
    clearProblem: assign({ problem: null }),
    clearClaim: assign({ selected: [], message: '', problem: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: messageOf(params.error, 'Could not send your claim.') })),
    /** Provided by the page: */
    notifySent: (_: unknown, _params: { count: number }) => {},
  },
  guards: {
    none: ({ context }) => context.selected.length === 0,
    tooMany: ({ context }) => context.selected.length > context.maxResults,
  },
}).createMachine({
  id: 'claims',
  context: ({ input }) => ({ selected: [], message: '', problem: null, maxResults: input?.maxResults ?? CLAIM_MAX_RESULTS }),
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        'claims.toggle': { actions: 'toggle' },
        'claims.message': { actions: 'setMessage' },
        'claims.submit': [
          { guard: 'none', actions: 'flagNone' },
          { guard: 'tooMany', actions: 'flagTooMany' },
          { target: 'sending', actions: 'clearProblem' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      on: {
        // Ticking stays possible while the claim is on its way, as before.
        'claims.toggle': { actions: 'toggle' },
        'claims.message': { actions: 'setMessage' },
      },
      invoke: {
        id: 'createClaims',
        src: 'createClaims',
        input: ({ context }) => claimRequest(context),
        onDone: {
          target: 'selecting',
          actions: [{ type: 'notifySent', params: ({ event }) => ({ count: event.output.items.length }) }, 'clearClaim'],
        },
        onError: { target: 'selecting', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
