import { battleCreateMachine, type BattleDraft } from '#machines/battle-create.ts';
import { defineSamples } from '../samples.ts';

const NOW = Date.parse('2026-12-01T10:00:00Z');
export const draft: BattleDraft = {
  name: 'Burpee Royale',
  scoreType: 'reps',
  attemptsPerRound: 2,
  roundHours: 24,
  startsAt: '2026-12-02T10:00:00.000Z',
  cuts: [{ kind: 'keep_top', keep: 2 }],
  judgedVideo: false,
};

/** A ready draft, one with no name, and the server refusing. */
export default defineSamples({
  machine: battleCreateMachine,
  input: { draft },
  events: {
    'create.change': [
      { type: 'create.change', draft: { name: '' } },
      { type: 'create.change', draft: { name: 'Burpee Royale' } },
      { type: 'create.change', draft: { judgedVideo: true } },
    ],
    'create.submit': [{ type: 'create.submit', now: NOW }],
  },
  actors: { createBattle: { output: { id: 7 }, error: new Error('Round 1: Keep between 1 and 100000 athletes.') } },
  stateContext: (c) => ({ named: c.draft.name !== '', judged: c.draft.judgedVideo, problem: c.problem !== null, created: c.createdId }),
});
