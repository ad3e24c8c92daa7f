import { fromPromise, setup, assign } from 'xstate';

export interface BattleEntryContext {
  problem: string | null;
}

export type BattleEntryEvent = { type: 'entry.enter' } | { type: 'entry.retry' };

/** An athlete enters a battle before its first round opens: enter → entered, or the server's reason and a retry. */
export const battleEntryMachine = setup({
  types: {
    context: {} as BattleEntryContext,
    events: {} as BattleEntryEvent,
  },
  actors: {
    enterBattle: fromPromise<{ id: number }, void>(async () => {
      throw new Error('enterBattle not provided');
    }),
  },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not enter the battle.',
    })),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'battleEntry',
  context: { problem: null },
  initial: 'ready',
  states: {
    ready: { on: { 'entry.enter': { target: 'entering', actions: 'clearProblem' } } },
    entering: {
      tags: ['busy'],
      invoke: {
        id: 'enterBattle',
        src: 'enterBattle',
        onDone: { target: 'entered' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'entry.retry': { target: 'entering', actions: 'clearProblem' } } },
    entered: { type: 'final' },
  },
});
