import { assertEvent, assign, fromPromise, setup } from 'xstate';

export type EntryDivision = 'rx' | 'scaled';

/** What of an enterable team challenge the form checks against. */
export interface EntryChallenge {
  id: number;
  title: string;
  team_size_max: number;
  /** Team members already in it with another team. */
  members_in_it: { user_id: number }[];
}

/** The body of POST /api/teams/{teamId}/challenges/{challengeId}, with the challenge's id. */
export interface EntryRequest {
  challengeId: number;
  member_ids: number[];
  division: EntryDivision;
}

export interface TeamEntryContext {
  /** The team's name when the entry was sent (it can be renamed on the same page), for what the entry says. */
  teamName: string;
  challenge: EntryChallenge | null;
  chosen: number[];
  division: EntryDivision;
  problem: string | null;
  /** What the last entry said, shown until another challenge is picked. */
  entered: string | null;
}

export type TeamEntryEvent =
  /** `memberIds`: the team's members now, in the order the form lists them. */
  | { type: 'entry.pick'; challenge: EntryChallenge; memberIds: number[] }
  | { type: 'entry.toggle'; userId: number; on: boolean }
  | { type: 'entry.setDivision'; division: EntryDivision }
  /** `teamName`: the team's name now. */
  | { type: 'entry.submit'; teamName: string };

export const ENTRY_NO_CHALLENGE_TEXT = 'Choose a challenge to enter.';
export const ENTRY_NO_MEMBER_TEXT = 'Choose at least one member to compete.';

/** Why the entry cannot be sent as it is, or null. */
export function entryProblem(c: Pick<TeamEntryContext, 'challenge' | 'chosen'>): string | null {
  if (!c.challenge) return ENTRY_NO_CHALLENGE_TEXT;
  if (c.chosen.length === 0) return ENTRY_NO_MEMBER_TEXT;
  if (c.chosen.length > c.challenge.team_size_max)
    return `${c.challenge.title} takes teams of at most ${c.challenge.team_size_max} members: choose fewer.`;
  return null;
}

/** The members picked to start with: those not in the challenge with another team, as many as it takes. */
export const freeMembers = (challenge: EntryChallenge, memberIds: number[]) =>
  memberIds.filter((id) => !challenge.members_in_it.some((m) => m.user_id === id)).slice(0, challenge.team_size_max);

export const entryRequest = (c: TeamEntryContext): EntryRequest => ({
  challengeId: c.challenge?.id ?? 0,
  member_ids: c.chosen,
  division: c.division,
});

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The captain enters the team into a team challenge: pick it (the free members come
 * chosen), choose who competes and the division, then entering → back to editing with
 * what the entry said, or with the server's words.
 */
export const teamEntryMachine = setup({
  types: {
    context: {} as TeamEntryContext,
    events: {} as TeamEntryEvent,
  },
  actors: {
    enterChallenge: fromPromise<{ title: string }, EntryRequest>(async () => {
      throw new Error('enterChallenge not provided');
    }),
  },
  actions: {
    pick: assign(({ event }) => {
      assertEvent(event, 'entry.pick');
      return { challenge: event.challenge, chosen: freeMembers(event.challenge, event.memberIds), problem: null, entered: null };
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'entry.toggle');
      const others = context.chosen.filter((id) => id !== event.userId);
      return { chosen: event.on ? [...others, event.userId] : others };
    }),
    setDivision: assign(({ event }) => {
      assertEvent(event, 'entry.setDivision');
      return { division: event.division };
    }),
    flagProblem: assign(({ context }) => ({ problem: entryProblem(context) })),
    clearProblem: assign({ problem: null }),
    keepTeamName: assign(({ event }) => {
      assertEvent(event, 'entry.submit');
      return { teamName: event.teamName };
    }),
    // The team is in: the form starts over (the division stays), and says so.
    announce: assign(({ context }, params: { title: string }) => ({
      entered: `${context.teamName} entered ${params.title}. Every competitor was told.`,
      challenge: null,
      chosen: [],
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: messageOf(params.error, 'Could not enter the team.') })),
  },
  guards: {
    entryReady: ({ context }) => entryProblem(context) === null,
  },
}).createMachine({
  id: 'teamEntry',
  context: { teamName: '', challenge: null, chosen: [], division: 'rx', problem: null, entered: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'entry.pick': { actions: 'pick' },
        'entry.toggle': { actions: 'toggle' },
        'entry.setDivision': { actions: 'setDivision' },
        'entry.submit': [
          { guard: 'entryReady', target: 'entering', actions: ['clearProblem', 'keepTeamName'] },
          { actions: 'flagProblem' },
        ],
      },
    },
    entering: {
      tags: ['busy'],
      invoke: {
        id: 'enterChallenge',
        src: 'enterChallenge',
        input: ({ context }) => entryRequest(context),
        onDone: { target: 'editing', actions: { type: 'announce', params: ({ event }) => ({ title: event.output.title }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
