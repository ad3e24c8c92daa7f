import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface SquadChoice {
  teamId: number;
  memberIds: number[];
}

export interface SquadEntryContext {
  /** Members a squad of this battle has. */
  size: number;
  teamId: number | null;
  memberIds: number[];
  problem: string | null;
}

export type SquadEntryEvent =
  { type: 'squad.team'; teamId: number } | { type: 'squad.toggle'; userId: number } | { type: 'squad.submit' } | { type: 'squad.retry' };

/** Why the choice cannot be sent, or null. */
export function squadChoiceProblem(c: Pick<SquadEntryContext, 'size' | 'teamId' | 'memberIds'>): string | null {
  if (c.teamId === null) return 'Choose the team to enter.';
  if (c.memberIds.length !== c.size) return `Choose exactly ${c.size} members; you chose ${c.memberIds.length}.`;
  return null;
}

/**
 * A captain enters a team as a squad: choose the team, tick exactly the squad size of its members, enter → entered,
 * or the server's reason and another go.
 */
export const squadEntryMachine = setup({
  types: {
    context: {} as SquadEntryContext,
    events: {} as SquadEntryEvent,
    input: {} as { size: number },
  },
  actors: {
    enterSquad: fromPromise<{ id: number }, SquadChoice>(async () => {
      throw new Error('enterSquad not provided');
    }),
  },
  actions: {
    pickTeam: assign(({ event }) => {
      assertEvent(event, 'squad.team');
      return { teamId: event.teamId, memberIds: [], problem: null };
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'squad.toggle');
      const has = context.memberIds.includes(event.userId);
      return {
        memberIds: has ? context.memberIds.filter((id) => id !== event.userId) : [...context.memberIds, event.userId],
        problem: null,
      };
    }),
    flagProblem: assign(({ context }) => ({ problem: squadChoiceProblem(context) })),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not enter the squad.',
    })),
  },
  guards: {
    choiceReady: ({ context }) => squadChoiceProblem(context) === null,
  },
}).createMachine({
  id: 'squadEntry',
  context: ({ input }) => ({ size: input.size, teamId: null, memberIds: [], problem: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'squad.team': { actions: 'pickTeam' },
        'squad.toggle': { actions: 'toggle' },
        'squad.submit': [{ guard: 'choiceReady', target: 'entering' }, { actions: 'flagProblem' }],
      },
    },
    entering: {
      tags: ['busy'],
      entry: 'clearProblem',
      invoke: {
        id: 'enterSquad',
        src: 'enterSquad',
        input: ({ context }) => ({ teamId: context.teamId!, memberIds: context.memberIds }),
        onDone: { target: 'entered' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'squad.retry': { target: 'entering' },
        'squad.team': { target: 'choosing', actions: 'pickTeam' },
        'squad.toggle': { target: 'choosing', actions: 'toggle' },
      },
    },
    entered: { type: 'final' },
  },
});
