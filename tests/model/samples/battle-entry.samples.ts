import { battleEntryMachine } from '#machines/battle-entry.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: battleEntryMachine,
  events: {
    'entry.enter': [{ type: 'entry.enter' }],
    'entry.retry': [{ type: 'entry.retry' }],
  },
  actors: { enterBattle: { output: { id: 3 }, error: new Error('Entry closed when the first round opened.') } },
  stateContext: (c) => ({ problem: c.problem !== null }),
});
