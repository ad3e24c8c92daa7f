import { battleAttemptMachine } from '#machines/battle-attempt.ts';
import { defineSamples } from '../samples.ts';

/**
 * A reps battle, and one whose attempts need a judged video: a readable score, one that is not, the video chosen
 * or not, and the server refusing (limit reached).
 */
export default defineSamples({
  machine: battleAttemptMachine,
  inputs: [{ scoreType: 'reps' }, { scoreType: 'reps', judgedVideo: true }],
  events: {
    'attempt.type': [
      { type: 'attempt.type', text: '42' },
      { type: 'attempt.type', text: 'lots' },
    ],
    'attempt.video': [{ type: 'attempt.video', videoId: '6f1c2d3e-0000-4000-8000-000000000001' }],
    'attempt.submit': [{ type: 'attempt.submit' }],
  },
  actors: {
    submitAttempt: {
      output: { score_text: '42 reps', attempts_left: 1 },
      error: new Error('You have used all 2 attempts of round 1; your best one counts.'),
    },
  },
  stateContext: (c) => ({
    text: c.text,
    judged: c.judgedVideo,
    video: c.video !== '',
    problem: c.problem !== null,
    accepted: c.accepted !== null,
  }),
});
