import { defineSamples } from './samples.ts';
import { timelineHandoffMachine } from './timeline-handoff.ts';

export default defineSamples({
  machine: timelineHandoffMachine,
  events: {
    'timeline.open': [
      { type: 'timeline.open', signedIn: true },
      { type: 'timeline.open', signedIn: false },
    ],
  },
  actors: {
    // A refusal is `{ success: false, message }` (see the model test): one output per actor fits here.
    requestHandoff: { output: { success: true, handoff_url: 'https://community.test/handoff?t=abc' }, error: new Error('Network down') },
  },
});
