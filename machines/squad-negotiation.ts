import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NEGOTIATION_LIMITS, type PactKind } from '#domain/battles/negotiation.ts';

export type PactAnswer = 'accept' | 'decline' | 'withdraw';

export interface SquadNegotiationContext {
  to: number | null;
  kind: PactKind;
  note: string;
  /** The member a token is about to protect. */
  member: number | null;
  /** The proposal being answered. */
  answer: { pactId: number; answer: PactAnswer } | null;
  problem: string | null;
  /** What the last move did, in words. */
  done: string | null;
}

export type SquadNegotiationEvent =
  | { type: 'pact.to'; teamId: number }
  | { type: 'pact.kind'; kind: PactKind }
  | { type: 'pact.note'; note: string }
  | { type: 'pact.propose' }
  | { type: 'pact.answer'; pactId: number; answer: PactAnswer }
  | { type: 'immunity.pick'; userId: number }
  | { type: 'immunity.use' }
  | { type: 'immunity.confirm' }
  | { type: 'immunity.cancel' };

/** Why the proposal cannot be sent, or null. */
export function proposalChoiceProblem(c: Pick<SquadNegotiationContext, 'to' | 'note'>): string | null {
  if (c.to === null) return 'Choose the squad to propose the pact to.';
  if (c.note.length > NEGOTIATION_LIMITS.maxNoteLength) return `Keep the note to ${NEGOTIATION_LIMITS.maxNoteLength} characters.`;
  return null;
}

export const PROPOSED_TEXT = 'Proposal sent: it waits for the other captain.';
export const ANSWERED_TEXT: Record<PactAnswer, string> = {
  accept: 'Pact accepted: the token has moved.',
  decline: 'Proposal declined.',
  withdraw: 'Proposal withdrawn.',
};
export const PROTECTED_TEXT = 'Token spent: that member cannot fall in this round’s cut.';

const failure = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * A captain's negotiation: compose a pact (squad, offer or request, a note) and propose it; answer a proposal
 * (accept, decline, withdraw); pick a member and spend a token on them after a confirmation (it is final). Each call
 * ends back in `ready` with what it did, or the server's reason.
 */
export const squadNegotiationMachine = setup({
  types: {
    context: {} as SquadNegotiationContext,
    events: {} as SquadNegotiationEvent,
  },
  actors: {
    proposePact: fromPromise<{ id: number }, { to: number; kind: PactKind; note: string }>(async () => {
      throw new Error('proposePact not provided');
    }),
    answerPact: fromPromise<{ id: number }, { pactId: number; answer: PactAnswer }>(async () => {
      throw new Error('answerPact not provided');
    }),
    useToken: fromPromise<{ id: number }, { userId: number }>(async () => {
      throw new Error('useToken not provided');
    }),
  },
  actions: {
    setTo: assign(({ event }) => {
      assertEvent(event, 'pact.to');
      return { to: event.teamId, problem: null, done: null };
    }),
    setKind: assign(({ event }) => {
      assertEvent(event, 'pact.kind');
      return { kind: event.kind, problem: null, done: null };
    }),
    setNote: assign(({ event }) => {
      assertEvent(event, 'pact.note');
      return { note: event.note, problem: null };
    }),
    setAnswer: assign(({ event }) => {
      assertEvent(event, 'pact.answer');
      return { answer: { pactId: event.pactId, answer: event.answer }, problem: null, done: null };
    }),
    pickMember: assign(({ event }) => {
      assertEvent(event, 'immunity.pick');
      return { member: event.userId, problem: null, done: null };
    }),
    flagProposal: assign(({ context }) => ({ problem: proposalChoiceProblem(context), done: null })),
    flagMember: assign({ problem: 'Choose the member to protect.', done: null }),
    clearProblem: assign({ problem: null, done: null }),
    proposed: assign({ to: null, note: '', done: PROPOSED_TEXT }),
    answered: assign(({ context }) => ({ done: context.answer ? ANSWERED_TEXT[context.answer.answer] : null, answer: null })),
    protectedMember: assign({ member: null, done: PROTECTED_TEXT }),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: failure(params.error, 'That did not go through.'), answer: null })),
  },
  guards: {
    proposalReady: ({ context }) => proposalChoiceProblem(context) === null,
    memberChosen: ({ context }) => context.member !== null,
  },
}).createMachine({
  id: 'squadNegotiation',
  context: { to: null, kind: 'offer', note: '', member: null, answer: null, problem: null, done: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'pact.to': { actions: 'setTo' },
        'pact.kind': { actions: 'setKind' },
        'pact.note': { actions: 'setNote' },
        'pact.propose': [{ guard: 'proposalReady', target: 'proposing' }, { actions: 'flagProposal' }],
        'pact.answer': { target: 'answering', actions: 'setAnswer' },
        'immunity.pick': { actions: 'pickMember' },
        'immunity.use': [{ guard: 'memberChosen', target: 'confirming' }, { actions: 'flagMember' }],
      },
    },
    confirming: {
      entry: 'clearProblem',
      on: {
        'immunity.confirm': { target: 'declaring' },
        'immunity.cancel': { target: 'ready' },
      },
    },
    proposing: {
      tags: ['busy'],
      entry: 'clearProblem',
      invoke: {
        id: 'proposePact',
        src: 'proposePact',
        input: ({ context }) => ({ to: context.to!, kind: context.kind, note: context.note.trim() }),
        onDone: { target: 'ready', actions: 'proposed' },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    answering: {
      tags: ['busy'],
      invoke: {
        id: 'answerPact',
        src: 'answerPact',
        input: ({ context }) => context.answer!,
        onDone: { target: 'ready', actions: 'answered' },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    declaring: {
      tags: ['busy'],
      invoke: {
        id: 'useToken',
        src: 'useToken',
        input: ({ context }) => ({ userId: context.member! }),
        onDone: { target: 'ready', actions: 'protectedMember' },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
