import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { BATTLE_LIMITS, tournamentProblem, type CutRule, type StageFormat, type StageSpec } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';

export interface StageDraft {
  name: string;
  /** A battle royale when absent; a bracket (after stage 1) has no cuts: its rounds follow from its seeds. */
  format?: StageFormat;
  /** When the stage's first round opens (ISO). */
  startsAt: string;
  roundHours: number;
  cuts: CutRule[];
  /** How many go through to the next stage; null for the final. */
  advance: number | null;
}

export interface TournamentDraft {
  name: string;
  scoreType: ScoreType;
  attemptsPerRound: number;
  stages: StageDraft[];
}

export interface TournamentCreateContext {
  draft: TournamentDraft;
  problem: string | null;
  createdId: number | null;
}

export type TournamentCreateEvent =
  | { type: 'tournament.change'; draft: Partial<TournamentDraft> }
  | { type: 'tournament.next' }
  | { type: 'tournament.back' }
  | { type: 'tournament.submit'; now: number };

/** Step 1 (the tournament and its workout): why it cannot go on, or null. */
export function detailsProblem(d: TournamentDraft): string | null {
  if (d.name.trim().length < 3) return 'Give the tournament a name of at least 3 characters.';
  if (d.name.trim().length > 70) return 'Keep the tournament name to 70 characters.';
  if (!Number.isInteger(d.attemptsPerRound) || d.attemptsPerRound < 1 || d.attemptsPerRound > BATTLE_LIMITS.maxAttemptsPerRound)
    return `Allow 1 to ${BATTLE_LIMITS.maxAttemptsPerRound} attempts per round.`;
  return null;
}

export const stageSpecsOf = (d: TournamentDraft): StageSpec[] =>
  d.stages.map((s) => ({
    name: s.name,
    format: s.format ?? 'battle_royale',
    startsAt: Date.parse(s.startsAt),
    roundHours: s.roundHours,
    cuts: s.cuts,
    advance: s.advance,
  }));

/** Step 2 (the stages): why the tournament cannot be created as it is, or null. */
export function stagesProblem(d: TournamentDraft, now: number): string | null {
  const first = d.stages[0];
  if (first && !(Date.parse(first.startsAt) > now)) return 'Stage 1 must open in the future: entry closes when it opens.';
  return tournamentProblem(stageSpecsOf(d))?.message ?? null;
}

/**
 * An administrator sets up a tournament in two steps: the tournament and its workout, then its stages (dates,
 * a battle royale's rounds and cut rules or a bracket, how many advance); create → the new tournament's id, or the reason back on the stages step.
 */
export const tournamentCreateMachine = setup({
  types: {
    context: {} as TournamentCreateContext,
    events: {} as TournamentCreateEvent,
    input: {} as { draft: TournamentDraft },
  },
  actors: {
    createTournament: fromPromise<{ id: number }, TournamentDraft>(async () => {
      throw new Error('createTournament not provided');
    }),
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'tournament.change');
      return { draft: { ...context.draft, ...event.draft }, problem: null };
    }),
    flagDetails: assign(({ context }) => ({ problem: detailsProblem(context.draft) })),
    flagStages: assign(({ context, event }) => {
      assertEvent(event, 'tournament.submit');
      return { problem: stagesProblem(context.draft, event.now) };
    }),
    clearProblem: assign({ problem: null }),
    keepId: assign((_, params: { id: number }) => ({ createdId: params.id })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not create the tournament.',
    })),
  },
  guards: {
    detailsReady: ({ context }) => detailsProblem(context.draft) === null,
    stagesReady: ({ context, event }) => {
      assertEvent(event, 'tournament.submit');
      return stagesProblem(context.draft, event.now) === null;
    },
  },
}).createMachine({
  id: 'tournamentCreate',
  context: ({ input }) => ({ draft: input.draft, problem: null, createdId: null }),
  initial: 'details',
  states: {
    details: {
      on: {
        'tournament.change': { actions: 'change' },
        'tournament.next': [{ guard: 'detailsReady', target: 'stages', actions: 'clearProblem' }, { actions: 'flagDetails' }],
      },
    },
    stages: {
      on: {
        'tournament.change': { actions: 'change' },
        'tournament.back': { target: 'details', actions: 'clearProblem' },
        'tournament.submit': [{ guard: 'stagesReady', target: 'creating' }, { actions: 'flagStages' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createTournament',
        src: 'createTournament',
        input: ({ context }) => context.draft,
        onDone: { target: 'created', actions: { type: 'keepId', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'stages', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final' },
  },
});
