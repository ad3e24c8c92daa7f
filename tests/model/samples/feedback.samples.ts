import { defineSamples } from '../samples.ts';
import { feedbackMachine } from '#machines/feedback.ts';

export default defineSamples({
  machine: feedbackMachine,
  events: {
    'feedback.open': [{ type: 'feedback.open', page_url: 'http://app.test/challenge-detail-page?id=3', browser_info: 'Chromium 156' }],
    'feedback.setType': [{ type: 'feedback.setType', value: 'bug_report' }],
    'feedback.update': [
      { type: 'feedback.update', field: 'subject', value: '  Leaderboard  ' },
      { type: 'feedback.update', field: 'description', value: 'Ties are not shared' },
      { type: 'feedback.update', field: 'steps_to_reproduce', value: '1. open 2. look' },
    ],
    'feedback.submit': [{ type: 'feedback.submit' }],
    'feedback.close': [{ type: 'feedback.close' }],
  },
  actors: { submitFeedback: { output: { id: 1 }, error: new Error('subject is too long') } },
  // Which fields are filled matters, not the exact draft.
  stateContext: (c) => ({
    type: c.fields.type,
    subject: !!c.fields.subject,
    description: !!c.fields.description,
    steps: !!c.fields.steps_to_reproduce,
    error: c.validationError,
  }),
});
