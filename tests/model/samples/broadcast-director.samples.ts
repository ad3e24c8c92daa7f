import { broadcastDirectorMachine } from '#machines/broadcast-director.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: broadcastDirectorMachine,
  events: {
    'director.setMode': [
      { type: 'director.setMode', mode: 'auto' },
      { type: 'director.setMode', mode: 'pinned' },
    ],
    'director.pin': [{ type: 'director.pin', attemptId: 7 }],
  },
  actors: {
    setDirector: { output: { mode: 'pinned' }, error: new Error('That attempt is no longer live; pin one that is live now.') },
  },
  // What decides where the panel can go: which change is saving and whether a refusal shows.
  stateContext: (c) => ({ request: c.request, problem: c.problem !== null }),
});
