import { campaignPauseMachine } from '#machines/campaign-pause.ts';
import { defineSamples } from '../samples.ts';

/** A running campaign paused and resumed, one that ended meanwhile (the server's 409), and an ended one that takes neither. */
export default defineSamples({
  machine: campaignPauseMachine,
  inputs: [{ status: 'running' }, { status: 'ended' }],
  events: {
    'campaign.pause': [{ type: 'campaign.pause' }],
    'campaign.resume': [{ type: 'campaign.resume' }],
  },
  actors: {
    setPaused: {
      outputs: [{ status: 'paused' }, { status: 'running' }],
      error: new Error('This campaign has ended; it can no longer be paused or resumed.'),
    },
  },
  stateContext: (c) => ({ status: c.status, problem: c.problem !== null }),
});
