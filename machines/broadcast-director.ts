import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DirectorMode } from '#domain/director.ts';

// The director panel of a broadcast (editors and administrators): hand the broadcast to the director
// (Auto), pin what it features (Pinned), or pin another live attempt. One change at a time; a refusal
// (the attempt ended, the broadcast ended) is shown in plain words and the panel stays usable.

export interface DirectorRequest {
  mode: DirectorMode;
  /** The attempt to pin (pinned only; null pins the featured one). */
  attempt_id: number | null;
}

export interface BroadcastDirectorContext {
  /** The change being saved (its button shows busy). */
  request: DirectorRequest | null;
  problem: string | null;
}

export type BroadcastDirectorEvent = { type: 'director.setMode'; mode: DirectorMode } | { type: 'director.pin'; attemptId: number };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export const broadcastDirectorMachine = setup({
  types: {
    context: {} as BroadcastDirectorContext,
    events: {} as BroadcastDirectorEvent,
  },
  actors: {
    setDirector: fromPromise<unknown, DirectorRequest>(async () => {
      throw new Error('setDirector not provided');
    }),
  },
  actions: {
    /** Provided by the page (the board is read again). */
    changed: (_: unknown, _params: DirectorRequest) => {},
  },
}).createMachine({
  id: 'broadcastDirector',
  context: { request: null, problem: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'director.setMode': {
          target: 'saving',
          actions: assign(({ event }) => {
            assertEvent(event, 'director.setMode');
            return { request: { mode: event.mode, attempt_id: null }, problem: null };
          }),
        },
        'director.pin': {
          target: 'saving',
          actions: assign(({ event }) => {
            assertEvent(event, 'director.pin');
            return { request: { mode: 'pinned' as const, attempt_id: event.attemptId }, problem: null };
          }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'setDirector',
        src: 'setDirector',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'ready',
          actions: [{ type: 'changed', params: ({ context }) => context.request! }, assign({ request: null })],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not change the director.'), request: null })),
        },
      },
    },
  },
});
