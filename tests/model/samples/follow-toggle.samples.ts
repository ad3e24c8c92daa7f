import { followToggleMachine } from '#machines/follow-toggle.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: followToggleMachine,
  events: {
    'toggle.press': [{ type: 'toggle.press', want: true }],
  },
  actors: { save: { output: { followers: 1 }, error: new Error('No athlete with that id.') } },
  stateContext: (c) => ({ problem: c.problem !== null }),
});
