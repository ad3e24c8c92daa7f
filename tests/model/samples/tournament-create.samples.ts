import { tournamentCreateMachine, type TournamentDraft } from '#machines/tournament-create.ts';
import { defineSamples } from '../samples.ts';

const NOW = Date.parse('2026-12-01T10:00:00Z');
export const draft: TournamentDraft = {
  name: 'Winter Cup',
  scoreType: 'reps',
  attemptsPerRound: 2,
  stages: [
    {
      name: 'Qualifier',
      startsAt: '2026-12-02T10:00:00.000Z',
      roundHours: 24,
      cuts: [{ kind: 'cut_percent', percent: 50, minimum: 2 }],
      advance: 4,
    },
    { name: 'Final', startsAt: '2026-12-03T10:00:00.000Z', roundHours: 24, cuts: [{ kind: 'keep_top', keep: 2 }], advance: null },
  ],
};

/** A ready draft, one with no name (step 1 refuses), one whose final opens before the qualifier ends, and the server refusing. */
export default defineSamples({
  machine: tournamentCreateMachine,
  input: { draft },
  events: {
    'tournament.change': [
      { type: 'tournament.change', draft: { name: '' } },
      { type: 'tournament.change', draft: { name: 'Winter Cup' } },
      { type: 'tournament.change', draft: { stages: [draft.stages[0]!, { ...draft.stages[1]!, startsAt: '2026-12-02T12:00:00.000Z' }] } },
      { type: 'tournament.change', draft: { stages: draft.stages } },
    ],
    'tournament.next': [{ type: 'tournament.next' }],
    'tournament.back': [{ type: 'tournament.back' }],
    'tournament.submit': [{ type: 'tournament.submit', now: NOW }],
  },
  actors: { createTournament: { output: { id: 5 }, error: new Error('Stage 1: The first round must open in the future.') } },
  stateContext: (c) => ({
    named: c.draft.name !== '',
    inOrder: Date.parse(c.draft.stages[1]!.startsAt) >= Date.parse('2026-12-03T10:00:00.000Z'),
    problem: c.problem !== null,
    created: c.createdId,
  }),
});
