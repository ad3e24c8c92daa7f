import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * An admin act that needs a reason (reject a record or claim, delete a
 * challenge, change a feedback status): idle → confirming with a reason →
 * submitting → done or failed. Failed keeps the reason so it can be sent again.
 */
export interface ActWithReasonInput {
  /** Fewest characters the trimmed reason needs (0: optional). */
  minReason: number;
  /** Most characters kept. */
  maxReason: number;
  /** Whether a choice (e.g. the new status) must be made too. */
  needsChoice: boolean;
}

export interface ActWithReasonContext extends ActWithReasonInput {
  reason: string;
  choice: string | null;
  /** Submit was pressed without a valid reason: the hint turns into an error. */
  tried: boolean;
}

/** What the act is called with: the trimmed reason, and the choice if any. */
export interface ActRequest {
  reason: string;
  choice: string | null;
}

export type ActWithReasonEvent =
  | { type: 'reason.open' }
  | { type: 'reason.edit'; value: string }
  | { type: 'reason.choose'; value: string }
  | { type: 'reason.submit' }
  | { type: 'reason.cancel' };

/** Whether the form can be sent as it is. */
export const reasonReady = (c: Pick<ActWithReasonContext, 'reason' | 'choice' | 'minReason' | 'needsChoice'>) =>
  c.reason.trim().length >= c.minReason && (!c.needsChoice || !!c.choice);

const editing = {
  'reason.edit': { target: 'confirming', actions: 'setReason' },
  'reason.choose': { target: 'confirming', actions: 'setChoice' },
  'reason.submit': [
    { guard: 'ready', target: 'submitting' },
    { target: 'confirming', actions: 'markTried' },
  ],
  'reason.cancel': { target: 'idle', actions: 'clear' },
} as const;

export const actWithReasonMachine = setup({
  types: {
    context: {} as ActWithReasonContext,
    events: {} as ActWithReasonEvent,
    input: {} as ActWithReasonInput,
  },
  actors: {
    act: fromPromise<unknown, ActRequest>(async () => {
      throw new Error('act not provided');
    }),
  },
  actions: {
    setReason: assign(({ context, event }) => {
      assertEvent(event, 'reason.edit');
      return { reason: event.value.slice(0, context.maxReason) };
    }),
    setChoice: assign(({ event }) => {
      assertEvent(event, 'reason.choose');
      return { choice: event.value || null };
    }),
    markTried: assign({ tried: true }),
    clear: assign({ reason: '', choice: null, tried: false }),
    /** Provided by the page: */
    notifyDone: (_: unknown, _params: { request: ActRequest }) => {},
    notifyFailed: (_: unknown, _params: { error: unknown }) => {},
  },
  guards: {
    ready: ({ context }) => reasonReady(context),
  },
}).createMachine({
  id: 'actWithReason',
  context: ({ input }) => ({ ...input, reason: '', choice: null, tried: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reason.open': { target: 'confirming', actions: 'clear' },
        // A form that is always shown (the feedback status) starts editing from idle.
        'reason.edit': editing['reason.edit'],
        'reason.choose': editing['reason.choose'],
      },
    },
    confirming: { on: editing },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ reason: context.reason.trim(), choice: context.choice }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'notifyDone', params: ({ context }) => ({ request: { reason: context.reason.trim(), choice: context.choice } }) },
            'clear',
          ],
        },
        onError: { target: 'failed', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The reason that failed to send was ready, and editing leaves failed: sending again needs no check.
    failed: { on: { ...editing, 'reason.submit': { target: 'submitting' } } },
    done: {
      on: {
        'reason.open': { target: 'confirming', actions: 'clear' },
        'reason.edit': editing['reason.edit'],
        'reason.choose': editing['reason.choose'],
      },
    },
  },
});
