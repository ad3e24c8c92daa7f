import { judgingMachine, verdictFormProblem } from '#machines/judging.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: judgingMachine,
  events: {
    'judging.claim': [{ type: 'judging.claim' }],
    'judging.review': [{ type: 'judging.review' }],
    'judging.rep': [{ type: 'judging.rep', by: 1 }],
    'judging.mark': [{ type: 'judging.mark', atMs: 12_000 }],
    'judging.unmark': [{ type: 'judging.unmark', atMs: 12_000 }],
    'judging.choose': [
      { type: 'judging.choose', verdict: 'valid' },
      { type: 'judging.choose', verdict: 'minor_penalty' },
      { type: 'judging.choose', verdict: 'invalid' },
    ],
    'judging.percent': [
      { type: 'judging.percent', value: '10' },
      { type: 'judging.percent', value: '45' },
    ],
    'judging.reason': [{ type: 'judging.reason', value: 'Chest not to the floor at 0:12' }],
    'judging.submit': [{ type: 'judging.submit' }],
    'judging.confirm': [
      { type: 'judging.confirm', agree: true },
      { type: 'judging.confirm', agree: false },
    ],
    'judging.release': [{ type: 'judging.release' }],
    'judging.next': [{ type: 'judging.next' }],
  },
  actors: {
    claim: { output: { score_id: 1 }, error: new Error('Another judge is judging this score until 23:40 UTC.') },
    sendVerdict: {
      outputs: [{ state: 'judged' }, { state: 'confirming' }],
      error: new Error('Claim this score before giving a verdict (a claim lasts 30 minutes).'),
    },
    confirm: { output: { state: 'judged' }, error: new Error('A second judge confirms this verdict, not the one who gave it.') },
  },
  stateContext: (c) => ({
    reps: Math.min(c.reps, 1),
    marks: Math.min(c.marks.length, 1),
    verdict: c.verdict,
    ready: verdictFormProblem(c) === null,
    tried: c.tried,
    problem: c.problem !== null,
  }),
});
