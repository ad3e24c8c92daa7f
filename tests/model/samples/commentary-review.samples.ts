import { commentaryReviewMachine } from '#machines/commentary-review.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: commentaryReviewMachine,
  input: { text: 'Bo takes the lead in Fran with 3:59!' },
  events: {
    'review.edit': [{ type: 'review.edit' }],
    // A good edit, and an empty one the chart refuses.
    'review.change': [
      { type: 'review.change', value: 'Bo storms to the top of Fran!' },
      { type: 'review.change', value: '  ' },
    ],
    'review.save': [{ type: 'review.save' }],
    'review.cancel': [{ type: 'review.cancel' }],
    'review.approve': [{ type: 'review.approve' }],
    'review.reject': [{ type: 'review.reject' }],
  },
  actors: {
    saveText: {
      output: { text: 'Bo storms to the top of Fran!' },
      error: new Error('This line is already published; published lines cannot be changed.'),
    },
    approveLine: { output: { id: 1 }, error: new Error('This line was rejected; it can no longer be changed.') },
    rejectLine: { output: { id: 1 }, error: new Error('No commentary line with that id.') },
  },
  stateContext: (c) => ({
    edited: c.text !== 'Bo takes the lead in Fran with 3:59!',
    draftOk: c.draft.trim().length >= 3,
    problem: c.problem !== null,
  }),
});
