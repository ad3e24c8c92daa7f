import { assign, fromPromise, setup } from 'xstate';

export interface FollowToggleContext {
  /** What the last press asked for: follow (or give kudos) when true, undo when false. */
  want: boolean | null;
  problem: string | null;
}

export type FollowToggleEvent = { type: 'toggle.press'; want: boolean };

/**
 * Follow / unfollow an athlete, or give / take back kudos: a press saves the wanted state; while saving further
 * presses wait; a failure shows the server's reason and the next press tries again. The shown state is the
 * server's answer (the page's query), not the chart's.
 */
export const followToggleMachine = setup({
  types: {
    context: {} as FollowToggleContext,
    events: {} as FollowToggleEvent,
  },
  actors: {
    save: fromPromise<unknown, { want: boolean }>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    remember: assign((_, params: { want: boolean }) => ({ want: params.want, problem: null })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not save that. Try again.',
    })),
  },
}).createMachine({
  id: 'followToggle',
  context: { want: null, problem: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'toggle.press': { target: 'saving', actions: { type: 'remember', params: ({ event }) => ({ want: event.want }) } } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ want: context.want ?? true }),
        onDone: { target: 'idle' },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
