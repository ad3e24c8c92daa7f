import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { TEAM_NAME_LENGTH } from '../domain/constants.ts';
import type { Division } from '../domain/scoring/types.ts';

export type JoinSex = 'female' | 'male';
export type TeamChoice = 'create' | 'join';

/** What of the challenge and the athlete's entry the form starts from. */
export interface JoinSetup {
  title: string;
  isTeamChallenge: boolean;
  requiresWaiver: boolean;
  /** The athlete's entry, when already in: the form then changes the division. */
  entry: { division: Division; sex?: JoinSex | null } | null;
}

/** The body of POST /api/challenges/{id}/join (the contract's JoinInput). */
export interface JoinBody {
  division: Division;
  sex?: JoinSex;
  waiver_accepted?: boolean;
  team_name?: string;
  team_id?: number;
}

export interface ChallengeJoinContext {
  title: string;
  isTeamChallenge: boolean;
  requiresWaiver: boolean;
  hasEntry: boolean;
  division: Division;
  sex: JoinSex | '';
  waiverAccepted: boolean;
  teamChoice: TeamChoice;
  teamName: string;
  /** The chosen team's id as the select holds it ('' for none). */
  teamId: string;
  problem: string | null;
}

export type ChallengeJoinEvent =
  | { type: 'join.setDivision'; division: Division }
  | { type: 'join.setSex'; sex: JoinSex | '' }
  | { type: 'join.setWaiver'; accepted: boolean }
  | { type: 'join.setTeamChoice'; choice: TeamChoice }
  | { type: 'join.setTeamName'; name: string }
  | { type: 'join.setTeamId'; teamId: string }
  | { type: 'join.submit' };

export const TEAM_NAME_PROBLEM = `A team name has ${TEAM_NAME_LENGTH.min} to ${TEAM_NAME_LENGTH.max} characters.`;
export const TEAM_CHOICE_PROBLEM = 'Choose a team to join.';

/** A team challenge the athlete is not in yet is joined with a team. */
export const needsTeam = (c: Pick<ChallengeJoinContext, 'isTeamChallenge' | 'hasEntry'>) => c.isTeamChallenge && !c.hasEntry;

/** The body that is sent, or what is missing in words. */
export function joinRequest(c: ChallengeJoinContext): { body: JoinBody } | { problem: string } {
  let team: { team_name: string } | { team_id: number } | Record<string, never> = {};
  if (needsTeam(c)) {
    if (c.teamChoice === 'create') {
      const name = c.teamName.trim();
      if (name.length < TEAM_NAME_LENGTH.min || name.length > TEAM_NAME_LENGTH.max) return { problem: TEAM_NAME_PROBLEM };
      team = { team_name: name };
    } else {
      if (!c.teamId) return { problem: TEAM_CHOICE_PROBLEM };
      team = { team_id: Number(c.teamId) };
    }
  }
  return {
    body: {
      division: c.division,
      ...(c.sex ? { sex: c.sex } : {}),
      ...(c.requiresWaiver ? { waiver_accepted: c.waiverAccepted } : {}),
      ...team,
    },
  };
}

/** The words of the success toast: joining, or changing the division of an entry. */
export const joinedText = (c: Pick<ChallengeJoinContext, 'hasEntry' | 'title'>) =>
  c.hasEntry ? 'Division saved.' : `You are in! Good luck in ${c.title}.`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Joining a challenge (or changing the division): editing → joining → editing, in the challenge after a success. */
export const challengeJoinMachine = setup({
  types: {
    context: {} as ChallengeJoinContext,
    events: {} as ChallengeJoinEvent,
    input: {} as JoinSetup,
  },
  actors: {
    joinChallenge: fromPromise<unknown, JoinBody>(async () => {
      throw new Error('joinChallenge not provided');
    }),
  },
  actions: {
    setDivision: assign(({ event }) => {
      assertEvent(event, 'join.setDivision');
      return { division: event.division };
    }),
    setSex: assign(({ event }) => {
      assertEvent(event, 'join.setSex');
      return { sex: event.sex };
    }),
    setWaiver: assign(({ event }) => {
      assertEvent(event, 'join.setWaiver');
      return { waiverAccepted: event.accepted };
    }),
    setTeamChoice: assign(({ event }) => {
      assertEvent(event, 'join.setTeamChoice');
      return { teamChoice: event.choice };
    }),
    setTeamName: assign(({ event }) => {
      assertEvent(event, 'join.setTeamName');
      return { teamName: event.name };
    }),
    setTeamId: assign(({ event }) => {
      assertEvent(event, 'join.setTeamId');
      return { teamId: event.teamId };
    }),
    flagIncomplete: assign(({ context }) => {
      const request = joinRequest(context);
      return { problem: 'problem' in request ? request.problem : null };
    }),
    clearProblem: assign({ problem: null }),
    /** Provided by the app (a toast). */
    notifyJoined: (_: unknown, _params: { text: string }) => {},
  },
  guards: {
    requestComplete: ({ context }) => 'body' in joinRequest(context),
  },
}).createMachine({
  id: 'challengeJoin',
  context: ({ input }) => ({
    title: input.title,
    isTeamChallenge: input.isTeamChallenge,
    requiresWaiver: input.requiresWaiver,
    hasEntry: input.entry !== null,
    division: input.entry?.division ?? 'rx',
    sex: input.entry?.sex ?? '',
    waiverAccepted: false,
    teamChoice: 'create',
    teamName: '',
    teamId: '',
    problem: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'join.setDivision': { actions: 'setDivision' },
        'join.setSex': { actions: 'setSex' },
        'join.setWaiver': { actions: 'setWaiver' },
        'join.setTeamChoice': { actions: 'setTeamChoice' },
        'join.setTeamName': { actions: 'setTeamName' },
        'join.setTeamId': { actions: 'setTeamId' },
        'join.submit': [{ guard: 'requestComplete', target: 'joining', actions: 'clearProblem' }, { actions: 'flagIncomplete' }],
      },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'joinChallenge',
        src: 'joinChallenge',
        input: ({ context }) => {
          const request = joinRequest(context);
          return 'body' in request ? request.body : { division: context.division };
        },
        onDone: {
          target: 'editing',
          // Once in, the same form saves the division; no team is chosen again.
          actions: [{ type: 'notifyJoined', params: ({ context }) => ({ text: joinedText(context) }) }, assign({ hasEntry: true })],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not join the challenge.') })),
        },
      },
    },
  },
});
