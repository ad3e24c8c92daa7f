import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { BATTLE_LIMITS, squadParamsProblem } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';

export interface SquadBattleDraft {
  name: string;
  scoreType: ScoreType;
  attemptsPerRound: number;
  roundHours: number;
  /** When the first round opens (ISO), entry closing then. */
  startsAt: string;
  rounds: number;
  squadSize: number;
  cutPerSquad: number;
  /** Immunity tokens (negotiation), and the trades each squad may make per round. */
  immunity: boolean;
  tradesPerRound: number;
  /** Attempts need a judged video (domain/battles/judged.ts). */
  judgedVideo: boolean;
}

export interface SquadBattleCreateContext {
  draft: SquadBattleDraft;
  problem: string | null;
  createdId: number | null;
}

export type SquadBattleCreateEvent =
  { type: 'squadCreate.change'; draft: Partial<SquadBattleDraft> } | { type: 'squadCreate.submit'; now: number };

/** Why the draft cannot be sent as it is, or null. */
export function squadDraftProblem(d: SquadBattleDraft, now: number): string | null {
  if (d.name.trim().length < 3) return 'Give the battle a name of at least 3 characters.';
  const starts = Date.parse(d.startsAt);
  if (Number.isNaN(starts) || starts <= now) return 'The first round must open in the future: entry closes when it opens.';
  const shape = squadParamsProblem(d);
  if (shape) return shape;
  if (!Number.isInteger(d.attemptsPerRound) || d.attemptsPerRound < 1 || d.attemptsPerRound > BATTLE_LIMITS.maxAttemptsPerRound)
    return `Allow 1 to ${BATTLE_LIMITS.maxAttemptsPerRound} attempts per round.`;
  if (!Number.isInteger(d.roundHours) || d.roundHours < BATTLE_LIMITS.minRoundHours || d.roundHours > BATTLE_LIMITS.maxRoundHours)
    return `Each round is open ${BATTLE_LIMITS.minRoundHours} to ${BATTLE_LIMITS.maxRoundHours} hours.`;
  if (
    d.immunity &&
    (!Number.isInteger(d.tradesPerRound) || d.tradesPerRound < 0 || d.tradesPerRound > BATTLE_LIMITS.maxImmunityTradesPerRound)
  )
    return `Allow 0 to ${BATTLE_LIMITS.maxImmunityTradesPerRound} trades per squad and round.`;
  return null;
}

/** A creator sets up a squad decimation: edit the draft, create → the new battle's id, or the reason back on the form. */
export const squadBattleCreateMachine = setup({
  types: {
    context: {} as SquadBattleCreateContext,
    events: {} as SquadBattleCreateEvent,
    input: {} as { draft: SquadBattleDraft },
  },
  actors: {
    createSquadBattle: fromPromise<{ id: number }, SquadBattleDraft>(async () => {
      throw new Error('createSquadBattle not provided');
    }),
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'squadCreate.change');
      return { draft: { ...context.draft, ...event.draft }, problem: null };
    }),
    flagProblem: assign(({ context, event }) => {
      assertEvent(event, 'squadCreate.submit');
      return { problem: squadDraftProblem(context.draft, event.now) };
    }),
    keepId: assign((_, params: { id: number }) => ({ createdId: params.id })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not create the battle.',
    })),
  },
  guards: {
    draftReady: ({ context, event }) => {
      assertEvent(event, 'squadCreate.submit');
      return squadDraftProblem(context.draft, event.now) === null;
    },
  },
}).createMachine({
  id: 'squadBattleCreate',
  context: ({ input }) => ({ draft: input.draft, problem: null, createdId: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'squadCreate.change': { actions: 'change' },
        'squadCreate.submit': [{ guard: 'draftReady', target: 'creating' }, { actions: 'flagProblem' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createSquadBattle',
        src: 'createSquadBattle',
        input: ({ context }) => context.draft,
        onDone: { target: 'created', actions: { type: 'keepId', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final' },
  },
});
