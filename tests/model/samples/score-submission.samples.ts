import { defineSamples } from '../samples.ts';
import { readScore, scoreSubmissionMachine, scoreVideoFields } from '#machines/score-submission.ts';

/** A capped time challenge with a tie-break: every field of the form is in play. */
export const scoreSubmissionSamples = defineSamples({
  machine: scoreSubmissionMachine,
  input: { rules: { score_type: 'time', time_cap_seconds: 1200, has_tiebreak: true } },
  events: {
    'score.update': [
      { type: 'score.update', field: 'time', value: '7:45' },
      { type: 'score.update', field: 'time', value: '7:75' },
      { type: 'score.update', field: 'reps', value: '84' },
      { type: 'score.update', field: 'tiebreak', value: 'soon' },
      { type: 'score.update', field: 'tiebreak', value: '3:10' },
      { type: 'score.update', field: 'note', value: '  Felt strong  ' },
    ],
    'score.setCapped': [
      { type: 'score.setCapped', capped: true },
      { type: 'score.setCapped', capped: false },
    ],
    'score.setLoadUnit': [{ type: 'score.setLoadUnit', unit: 'lb' }],
    'score.setDistanceUnit': [{ type: 'score.setDistanceUnit', unit: 'mi' }],
    'score.setVideo': [
      { type: 'score.setVideo', video: { kind: 'upload', videoId: '', url: '' } },
      { type: 'score.setVideo', video: { kind: 'link', videoId: '', url: 'not a link' } },
      { type: 'score.setVideo', video: { kind: 'link', videoId: '', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      { type: 'score.setVideo', video: { kind: 'none', videoId: '', url: '' } },
    ],
    'score.submit': [{ type: 'score.submit' }],
    'score.another': [{ type: 'score.another' }],
  },
  actors: {
    submitScore: {
      output: { score: { display: '7:45', verification: 'verified' }, is_best: true, rank: 3, message: 'Nice work.' },
      error: new Error('This challenge has closed.'),
    },
  },
  // Whether the typed fields and the video can be sent, not the keystrokes, makes a state.
  stateContext: (c) => ({
    readable: 'body' in readScore(c.rules, c.fields),
    videoReady: !('problem' in scoreVideoFields(c.video)),
    videoProblem: c.videoProblem,
    capped: c.fields.capped,
    problem: c.problem,
    saved: c.saved !== null,
  }),
});

export default scoreSubmissionSamples;
