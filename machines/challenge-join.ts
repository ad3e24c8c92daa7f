import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { TEAM_NAME_LENGTH } from '../domain/constants.ts';
import type { Division } from '../domain/scoring/types.ts';
import { WAIVER_AGREE_PROBLEM, WAIVER_NAME_PROBLEM } from '../domain/legal.ts';

export type JoinSex = 'female' | 'male';
export type TeamChoice = 'create' | 'join';

/** What of the challenge and the athlete's entry the form starts from. */
export interface JoinSetup {
  title: string;
  isTeamChallenge: boolean;
  requiresWaiver: boolean;
  /** The current waiver's version and whether the athlete signed it (when the challenge requires it). */
  waiver?: { version: number; signed: boolean } | null;
  /** The athlete's entry, when already in: the form then changes the division. */
  entry: { division: Division; sex?: JoinSex | null } | null;
  /** The challenge ranks women and men on boards of their own: a new athlete says which before joining. */
  sexBoards?: boolean;
  /** The sex the athlete's profile states (the form's default), null when it says none. */
  profileSex?: JoinSex | null;
}

/** The body of POST /api/challenges/{id}/join (the contract's JoinInput). */
export interface JoinBody {
  division: Division;
  sex?: JoinSex;
  waiver_accepted?: boolean;
  team_name?: string;
  team_id?: number;
  /** Also store the chosen sex on the athlete's profile (they ticked the box). */
  save_sex_to_profile?: boolean;
}

/** The body of POST /api/legal/waiver/signatures, signed inline while joining. */
export interface WaiverSignatureBody {
  version: number;
  full_name: string;
  agreed: true;
}

export interface ChallengeJoinContext {
  title: string;
  isTeamChallenge: boolean;
  requiresWaiver: boolean;
  hasEntry: boolean;
  division: Division;
  sex: JoinSex | '';
  sexBoards: boolean;
  profileSex: JoinSex | null;
  /** The athlete agreed to store the chosen sex on their profile. */
  saveSex: boolean;
  /** The agreement box: on a challenge that needs the waiver, ticking it (with a typed name) signs the current version. */
  waiverAccepted: boolean;
  waiverVersion: number | null;
  /** Signed the current version (before, or inline in this flow). */
  waiverSigned: boolean;
  waiverName: string;
  teamChoice: TeamChoice;
  teamName: string;
  /** The chosen team's id as the select holds it ('' for none). */
  teamId: string;
  problem: string | null;
}

export type ChallengeJoinEvent =
  | { type: 'join.setDivision'; division: Division }
  | { type: 'join.setSex'; sex: JoinSex | '' }
  | { type: 'join.setSaveSex'; save: boolean }
  | { type: 'join.setWaiver'; accepted: boolean }
  | { type: 'join.setWaiverName'; name: string }
  | { type: 'join.setTeamChoice'; choice: TeamChoice }
  | { type: 'join.setTeamName'; name: string }
  | { type: 'join.setTeamId'; teamId: string }
  | { type: 'join.submit' };

export const TEAM_NAME_PROBLEM = `A team name has ${TEAM_NAME_LENGTH.min} to ${TEAM_NAME_LENGTH.max} characters.`;
export const TEAM_CHOICE_PROBLEM = 'Choose a team to join.';
export const BOARD_PROBLEM = 'This challenge ranks women and men on separate boards: choose your board (Women or Men).';

/** A new athlete on a challenge with women's and men's boards says which one before joining. */
export const needsBoard = (c: Pick<ChallengeJoinContext, 'sexBoards' | 'hasEntry'>) => c.sexBoards && !c.hasEntry;

/** The box "save it to my profile" is offered when the chosen sex is not the profile's. */
export const offersSaveSex = (c: Pick<ChallengeJoinContext, 'sex' | 'profileSex'>) => c.sex !== '' && c.sex !== c.profileSex;

/** A team challenge the athlete is not in yet is joined with a team. */
export const needsTeam = (c: Pick<ChallengeJoinContext, 'isTeamChallenge' | 'hasEntry'>) => c.isTeamChallenge && !c.hasEntry;

/** A new athlete on a challenge that needs the waiver, without a signature of its current version: signs in the form first. */
export const needsSignature = (c: Pick<ChallengeJoinContext, 'requiresWaiver' | 'hasEntry' | 'waiverSigned'>) =>
  c.requiresWaiver && !c.hasEntry && !c.waiverSigned;

/** The signature sent before joining, or what is missing in words. */
export function signatureRequest(c: ChallengeJoinContext): { body: WaiverSignatureBody } | { problem: string } {
  const name = c.waiverName.trim();
  if (!name) return { problem: WAIVER_NAME_PROBLEM };
  if (!c.waiverAccepted) return { problem: WAIVER_AGREE_PROBLEM };
  return { body: { version: c.waiverVersion ?? 0, full_name: name, agreed: true } };
}

/** The body that is sent, or what is missing in words. */
export function joinRequest(c: ChallengeJoinContext): { body: JoinBody } | { problem: string } {
  if (needsBoard(c) && !c.sex) return { problem: BOARD_PROBLEM };
  if (needsSignature(c)) {
    const signature = signatureRequest(c);
    if ('problem' in signature) return signature;
  }
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
      ...(c.saveSex && offersSaveSex(c) ? { save_sex_to_profile: true } : {}),
      ...(c.requiresWaiver ? { waiver_accepted: c.waiverSigned || c.waiverAccepted } : {}),
      ...team,
    },
  };
}

/** The words of the success toast: joining, or changing the division of an entry. */
export const joinedText = (c: Pick<ChallengeJoinContext, 'hasEntry' | 'title'>) =>
  c.hasEntry ? 'Division saved.' : `You are in! Good luck in ${c.title}.`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * Joining a challenge (or changing the division): editing → joining → editing, in the challenge after a success;
 * on a challenge that needs the waiver, a new athlete without a signature of its current version signs it first.
 */
export const challengeJoinMachine = setup({
  types: {
    context: {} as ChallengeJoinContext,
    events: {} as ChallengeJoinEvent,
    input: {} as JoinSetup,
  },
  actors: {
    signWaiver: fromPromise<unknown, WaiverSignatureBody>(async () => {
      throw new Error('signWaiver not provided');
    }),
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
    setSaveSex: assign(({ event }) => {
      assertEvent(event, 'join.setSaveSex');
      return { saveSex: event.save };
    }),
    setWaiver: assign(({ event }) => {
      assertEvent(event, 'join.setWaiver');
      return { waiverAccepted: event.accepted };
    }),
    setWaiverName: assign(({ event }) => {
      assertEvent(event, 'join.setWaiverName');
      return { waiverName: event.name };
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
    signatureNeeded: ({ context }) => needsSignature(context),
  },
}).createMachine({
  id: 'challengeJoin',
  context: ({ input }) => ({
    title: input.title,
    isTeamChallenge: input.isTeamChallenge,
    requiresWaiver: input.requiresWaiver,
    hasEntry: input.entry !== null,
    division: input.entry?.division ?? 'rx',
    // The entry's sex, else the profile's: the form asks only what is not known yet.
    sex: input.entry?.sex ?? input.profileSex ?? '',
    sexBoards: input.sexBoards ?? false,
    profileSex: input.profileSex ?? null,
    saveSex: false,
    waiverAccepted: false,
    waiverVersion: input.waiver?.version ?? null,
    waiverSigned: input.waiver?.signed ?? false,
    waiverName: '',
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
        'join.setSaveSex': { actions: 'setSaveSex' },
        'join.setWaiver': { actions: 'setWaiver' },
        'join.setWaiverName': { actions: 'setWaiverName' },
        'join.setTeamChoice': { actions: 'setTeamChoice' },
        'join.setTeamName': { actions: 'setTeamName' },
        'join.setTeamId': { actions: 'setTeamId' },
        'join.submit': [
          { guard: and(['requestComplete', 'signatureNeeded']), target: 'signingWaiver', actions: 'clearProblem' },
          { guard: 'requestComplete', target: 'joining', actions: 'clearProblem' },
          { actions: 'flagIncomplete' },
        ],
      },
    },
    /** The typed name and ticked box sign the current waiver; joining follows at once. */
    signingWaiver: {
      tags: ['busy'],
      invoke: {
        id: 'signWaiver',
        src: 'signWaiver',
        input: ({ context }) => {
          const request = signatureRequest(context);
          return 'body' in request ? request.body : { version: 0, full_name: '', agreed: true as const };
        },
        onDone: { target: 'joining', actions: assign({ waiverSigned: true }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not sign the waiver.') })),
        },
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
