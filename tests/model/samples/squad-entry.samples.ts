import { squadEntryMachine } from '#machines/squad-entry.ts';
import { defineSamples } from '../samples.ts';

/** A squad of two: a team chosen, members ticked on and off, the server accepting or refusing. */
export default defineSamples({
  machine: squadEntryMachine,
  input: { size: 2 },
  events: {
    'squad.team': [{ type: 'squad.team', teamId: 4 }],
    'squad.toggle': [
      { type: 'squad.toggle', userId: 11 },
      { type: 'squad.toggle', userId: 12 },
    ],
    'squad.submit': [{ type: 'squad.submit' }],
    'squad.retry': [{ type: 'squad.retry' }],
  },
  actors: { enterSquad: { output: { id: 3 }, error: new Error('Wolves has already entered this battle.') } },
  stateContext: (c) => ({ team: c.teamId !== null, chosen: c.memberIds.length, problem: c.problem !== null }),
});
