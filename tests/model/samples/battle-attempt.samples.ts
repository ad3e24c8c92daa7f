import { battleAttemptMachine } from '#machines/battle-attempt.ts';
import { defineSamples } from '../samples.ts';

/** A reps battle: a readable score, one that is not, and the server refusing (limit reached). */
export default defineSamples({
  machine: battleAttemptMachine,
  input: { scoreType: 'reps' },
  events: {
    'attempt.type': [
      { type: 'attempt.type', text: '42' },
      { type: 'attempt.type', text: 'lots' },
    ],
    'attempt.submit': [{ type: 'attempt.submit' }],
  },
  actors: {
    submitAttempt: {
      output: { score_text: '42 reps', attempts_left: 1 },
      error: new Error('You have used all 2 attempts of round 1; your best one counts.'),
    },
  },
  stateContext: (c) => ({ text: c.text, problem: c.problem !== null, accepted: c.accepted !== null }),
});
