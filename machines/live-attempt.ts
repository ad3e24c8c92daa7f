import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { counterPending, freshCounter, reconcileCounter, tapCounter, type LiveCounter, type LocalCounter } from '#domain/live.ts';

/** What the chart needs of an attempt (the contract's LiveAttempt has more). */
export interface LiveAttemptSummary {
  id: number;
  status: 'live' | 'ended' | 'abandoned';
  seq: number;
  count: number;
}

export interface LiveAttemptContext {
  challengeId: number;
  attempt: LiveAttemptSummary | null;
  counter: LocalCounter;
  /** The end asked for: a for-time workout finished (its time is the score). */
  finished: boolean;
  error: string | null;
}

export type LiveAttemptEvent =
  | { type: 'live.start' }
  | { type: 'live.tap' }
  | { type: 'live.undo' }
  | { type: 'live.end'; finished: boolean }
  | { type: 'live.abandon' }
  /** The clock passed the cap, or the server said it ended: read what the server has. */
  | { type: 'live.check' };

export interface LiveEcho extends LiveCounter {
  status: 'live' | 'ended' | 'abandoned';
}

/** How long the counter waits before resending after the connection dropped. */
export const LIVE_RETRY_MS = 2000;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
/** The API client's errors carry the HTTP status; 0 when the server was not reached. */
const statusOf = (error: unknown) => (error && typeof error === 'object' && 'status' in error ? Number(error.status) : -1);

/**
 * The athlete's live attempt on the tap screen: ready → starting → counting (taps shown at once, each
 * sent as seq + absolute count; a dropped connection pauses sending and retries, never double counting)
 * → ending → over. A refused update or end reads the server's attempt again: still live, the count is
 * taken from it; ended (the cap, another tab), the attempt is over.
 */
export const liveAttemptMachine = setup({
  types: {
    context: {} as LiveAttemptContext,
    events: {} as LiveAttemptEvent,
    input: {} as { challengeId: number; attempt: LiveAttemptSummary | null },
  },
  actors: {
    startAttempt: fromPromise<LiveAttemptSummary, { challengeId: number }>(async () => {
      throw new Error('startAttempt not provided');
    }),
    sendUpdate: fromPromise<LiveEcho, { attemptId: number; seq: number; count: number }>(async () => {
      throw new Error('sendUpdate not provided');
    }),
    endAttempt: fromPromise<LiveAttemptSummary, { attemptId: number; finished: boolean; seq: number; count: number }>(async () => {
      throw new Error('endAttempt not provided');
    }),
    abandonAttempt: fromPromise<LiveAttemptSummary, { attemptId: number }>(async () => {
      throw new Error('abandonAttempt not provided');
    }),
    loadAttempt: fromPromise<LiveAttemptSummary, { attemptId: number }>(async () => {
      throw new Error('loadAttempt not provided');
    }),
  },
  delays: { LIVE_RETRY_MS },
  actions: {
    tap: assign(({ context, event }) => ({ counter: tapCounter(context.counter, event.type === 'live.undo' ? -1 : 1), error: null })),
    setAttempt: assign((_, params: { attempt: LiveAttemptSummary }) => ({
      attempt: params.attempt,
      counter: freshCounter(params.attempt.count, params.attempt.seq),
    })),
    reconcile: assign(({ context }, params: { echo: LiveEcho }) => ({ counter: reconcileCounter(context.counter, params.echo) })),
    setFinished: assign(({ event }) => {
      assertEvent(event, 'live.end');
      return { finished: event.finished };
    }),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, 'The server did not answer.') })),
    showOffline: assign({ error: 'Connection lost: your count is kept and sent when it returns.' }),
  },
  guards: {
    hasLiveAttempt: ({ context }) => context.attempt?.status === 'live',
    pending: ({ context }) => counterPending(context.counter),
    unreachable: (_, params: { error: unknown }) => statusOf(params.error) === 0,
    over: (_, params: { attempt: LiveAttemptSummary }) => params.attempt.status !== 'live',
  },
}).createMachine({
  id: 'liveAttempt',
  context: ({ input }) => ({
    challengeId: input.challengeId,
    attempt: input.attempt,
    counter: freshCounter(input.attempt?.count ?? 0, input.attempt?.seq ?? 0),
    finished: false,
    error: null,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasLiveAttempt', target: 'counting' }, { target: 'ready' }] },
    ready: { on: { 'live.start': 'starting' } },
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startAttempt',
        input: ({ context }) => ({ challengeId: context.challengeId }),
        onDone: {
          target: 'counting',
          actions: [{ type: 'setAttempt', params: ({ event }) => ({ attempt: event.output }) }, assign({ error: null })],
        },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    counting: {
      initial: 'synced',
      on: {
        'live.tap': { actions: 'tap' },
        'live.undo': { actions: 'tap' },
        'live.end': { target: 'ending', actions: 'setFinished' },
        'live.abandon': 'abandoning',
        'live.check': 'resyncing',
      },
      states: {
        synced: { always: { guard: 'pending', target: 'sending' } },
        sending: {
          invoke: {
            src: 'sendUpdate',
            input: ({ context }) => ({ attemptId: context.attempt!.id, seq: context.counter.seq, count: context.counter.count }),
            onDone: { target: 'synced', actions: { type: 'reconcile', params: ({ event }) => ({ echo: event.output }) } },
            onError: [
              {
                guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
                target: 'offline',
                actions: 'showOffline',
              },
              { target: '#liveAttempt.resyncing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        offline: { tags: ['offline'], after: { LIVE_RETRY_MS: 'sending' } },
      },
    },
    resyncing: {
      tags: ['busy'],
      invoke: {
        src: 'loadAttempt',
        input: ({ context }) => ({ attemptId: context.attempt!.id }),
        onDone: [
          {
            guard: { type: 'over', params: ({ event }) => ({ attempt: event.output }) },
            target: 'over',
            actions: assign(({ event }) => ({ attempt: event.output })),
          },
          { target: 'counting', actions: { type: 'setAttempt', params: ({ event }) => ({ attempt: event.output }) } },
        ],
        onError: { target: 'counting.offline', actions: 'showOffline' },
      },
    },
    ending: {
      tags: ['busy'],
      invoke: {
        src: 'endAttempt',
        input: ({ context }) => ({
          attemptId: context.attempt!.id,
          finished: context.finished,
          seq: context.counter.seq,
          count: context.counter.count,
        }),
        onDone: { target: 'over', actions: assign(({ event }) => ({ attempt: event.output, error: null })) },
        onError: [
          {
            guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'counting.offline',
            actions: 'showOffline',
          },
          { target: 'resyncing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    abandoning: {
      tags: ['busy'],
      invoke: {
        src: 'abandonAttempt',
        input: ({ context }) => ({ attemptId: context.attempt!.id }),
        onDone: { target: 'over', actions: assign(({ event }) => ({ attempt: event.output, error: null })) },
        onError: { target: 'resyncing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    over: { type: 'final' },
  },
});
