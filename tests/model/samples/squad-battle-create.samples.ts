import { squadBattleCreateMachine, type SquadBattleDraft } from '#machines/squad-battle-create.ts';
import { defineSamples } from '../samples.ts';

const NOW = Date.parse('2026-12-01T10:00:00Z');
export const draft: SquadBattleDraft = {
  name: 'Row Squads',
  scoreType: 'calories',
  attemptsPerRound: 2,
  roundHours: 24,
  startsAt: '2026-12-02T10:00:00.000Z',
  rounds: 3,
  squadSize: 4,
  cutPerSquad: 1,
  immunity: true,
  tradesPerRound: 1,
  judgedVideo: false,
};

/** A ready draft, one with a cut as big as the squad, and the server refusing. */
export default defineSamples({
  machine: squadBattleCreateMachine,
  input: { draft },
  events: {
    'squadCreate.change': [
      { type: 'squadCreate.change', draft: { cutPerSquad: 4 } },
      { type: 'squadCreate.change', draft: { cutPerSquad: 1 } },
      { type: 'squadCreate.change', draft: { judgedVideo: true } },
    ],
    'squadCreate.submit': [{ type: 'squadCreate.submit', now: NOW }],
  },
  actors: { createSquadBattle: { output: { id: 9 }, error: new Error('Squads have 2 to 10 members.') } },
  stateContext: (c) => ({
    ready: c.draft.cutPerSquad < c.draft.squadSize,
    judged: c.draft.judgedVideo,
    problem: c.problem !== null,
    created: c.createdId,
  }),
});
