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
    // For subscribers (of one tier), and back to everyone.
    'story.setAudience': [
      { type: 'story.setAudience', subscribersOnly: true, tierId: 12 },
      { type: 'story.setAudience', subscribersOnly: false, tierId: null },
    ],
    'story.addFiles': [
      { type: 'story.addFiles', files: [new Blob(['png'], { type: 'image/png' })] },
      { type: 'story.addFiles', files: Array.from({ length: 11 }, () => new Blob(['png'], { type: 'image/png' })) },
    ],
    'story.setAlt': [
      { type: 'story.setAlt', index: 0, alt: 'The bar at lockout' },
      { type: 'story.setAlt', index: 0, alt: '   ' },
    ],
    'story.moveImage': [{ type: 'story.moveImage', index: 1, to: 0 }],
    'story.removeImage': [{ type: 'story.removeImage', index: 0 }],
    'story.submit': [{ type: 'story.submit' }],
  },
  actors: {
    publishStory: { output: { id: 7 }, error: new Error('That video is not one of yours.') },
    uploadImages: {
      output: {
        images: [
          {
            id: '5b0e7c4a-1d2f-4e3a-8b9c-0d1e2f3a4b5c',
            url: '/api/images/5b0e7c4a-1d2f-4e3a-8b9c-0d1e2f3a4b5c/480',
            width: 1280,
            height: 960,
          },
        ],
        problem: null,
      },
      error: new Error('That file is not an image we can read: send a JPEG, PNG or WebP picture.'),
    },
  },
  // Whether each field would pass matters, not the exact words.
  stateContext: (c) => ({
    title: c.fields.title.trim().length >= 3,
    body: c.fields.body.trim().length >= 10,
    video: c.fields.videoId !== null,
    challenge: c.fields.challengeId !== null,
    images: Math.min(c.fields.images.length, 2),
    described: c.fields.images.every((i) => i.alt.trim().length > 0),
    problem: c.problem,
  }),
});
