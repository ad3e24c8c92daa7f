import { defineSamples } from '../samples.ts';
import { timelineHandoffMachine } from '#machines/timeline-handoff.ts';

export default defineSamples({
  machine: timelineHandoffMachine,
  events: {
    'timeline.open': [
      { type: 'timeline.open', signedIn: true },
      { type: 'timeline.open', signedIn: false },
    ],
  },
  actors: {
    // A handoff link, and a refusal.
    requestHandoff: {
      outputs: [
        { success: true, handoff_url: 'https://community.test/handoff?t=abc' },
        { success: false, message: 'The community site refused the sign-in.' },
      ],
      error: new Error('Network down'),
    },
  },
});
