import { defineSamples } from '../samples.ts';
import { storySubmissionMachine } from '#machines/story-submission.ts';

export default defineSamples({
  machine: storySubmissionMachine,
  inputs: [{}, { fields: { title: 'My first muscle-up', body: 'It took me two years of practice.', challengeId: 3 } }],
  events: {
    'story.update': [
      { type: 'story.update', field: 'title', value: '  My first muscle-up  ' },
      { type: 'story.update', field: 'body', value: 'It took me two years of band work and practice.' },
      { type: 'story.update', field: 'body', value: 'tiny' },
    ],
    'story.setVideo': [
      { type: 'story.setVideo', videoId: '0d4f8a4e-2b7c-4e1a-9a51-6f7c1e0b9d21' },
      { type: 'story.setVideo', videoId: null },
    ],
    'story.setChallenge': [{ type: 'story.setChallenge', challengeId: null }],
    'story.submit': [{ type: 'story.submit' }],
  },
  actors: { publishStory: { output: { id: 7 }, error: new Error('That video is not one of yours.') } },
  // Whether each field would pass matters, not the exact words.
  stateContext: (c) => ({
    title: c.fields.title.trim().length >= 3,
    body: c.fields.body.trim().length >= 10,
    video: c.fields.videoId !== null,
    challenge: c.fields.challengeId !== null,
    problem: c.problem,
  }),
});
