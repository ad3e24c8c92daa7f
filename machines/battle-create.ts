import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { BATTLE_LIMITS, cutRuleProblem, type CutRule } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';

export interface BattleDraft {
  name: string;
  scoreType: ScoreType;
  attemptsPerRound: number;
  roundHours: number;
  /** When the first round opens (ISO), entry closing then. */
  startsAt: string;
  cuts: CutRule[];
  /** Attempts need a judged video (domain/battles/judged.ts). */
  judgedVideo: boolean;
}

export interface BattleCreateContext {
  draft: BattleDraft;
  problem: string | null;
  createdId: number | null;
}

export type BattleCreateEvent = { type: 'create.change'; draft: Partial<BattleDraft> } | { type: 'create.submit'; now: number };

/** Why the draft cannot be sent as it is, or null. */
export function draftProblem(d: BattleDraft, now: number): string | null {
  if (d.name.trim().length < 3) return 'Give the battle a name of at least 3 characters.';
  const starts = Date.parse(d.startsAt);
  if (Number.isNaN(starts) || starts <= now) return 'The first round must open in the future: entry closes when it opens.';
  if (d.cuts.length < BATTLE_LIMITS.minRounds || d.cuts.length > BATTLE_LIMITS.maxRounds)
    return `A battle has ${BATTLE_LIMITS.minRounds} to ${BATTLE_LIMITS.maxRounds} rounds.`;
  for (const [i, cut] of d.cuts.entries()) {
    const problem = cutRuleProblem(cut);
    if (problem) return `Round ${i + 1}: ${problem}`;
  }
  if (!Number.isInteger(d.roundHours) || d.roundHours < BATTLE_LIMITS.minRoundHours || d.roundHours > BATTLE_LIMITS.maxRoundHours)
    return `Each round is open ${BATTLE_LIMITS.minRoundHours} to ${BATTLE_LIMITS.maxRoundHours} hours.`;
  return null;
}

/** A creator sets up a battle royale: edit the draft, create → the new battle's id, or the reason back on the form. */
export const battleCreateMachine = setup({
  types: {
    context: {} as BattleCreateContext,
    events: {} as BattleCreateEvent,
    input: {} as { draft: BattleDraft },
  },
  actors: {
    createBattle: fromPromise<{ id: number }, BattleDraft>(async () => {
      throw new Error('createBattle not provided');
    }),
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'create.change');
      return { draft: { ...context.draft, ...event.draft }, problem: null };
    }),
    flagProblem: assign(({ context, event }) => {
      assertEvent(event, 'create.submit');
      return { problem: draftProblem(context.draft, event.now) };
    }),
    keepId: assign((_, params: { id: number }) => ({ createdId: params.id })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not create the battle.',
    })),
  },
  guards: {
    draftReady: ({ context, event }) => {
      assertEvent(event, 'create.submit');
      return draftProblem(context.draft, event.now) === null;
    },
  },
}).createMachine({
  id: 'battleCreate',
  context: ({ input }) => ({ draft: input.draft, problem: null, createdId: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'create.change': { actions: 'change' },
        'create.submit': [{ guard: 'draftReady', target: 'creating' }, { actions: 'flagProblem' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createBattle',
        src: 'createBattle',
        input: ({ context }) => context.draft,
        onDone: { target: 'created', actions: { type: 'keepId', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final' },
  },
});
