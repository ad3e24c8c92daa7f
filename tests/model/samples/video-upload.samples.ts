import { fromCallback } from 'xstate';
import { videoUploadMachine } from '#machines/video-upload.ts';
import { defineSamples } from '../samples.ts';

const file = { name: 'deadlift.mp4', size: 3_000_000, type: 'video/mp4' };

export default defineSamples({
  machine: videoUploadMachine,
  events: {
    'upload.choose': [{ type: 'upload.choose', file }],
    'upload.progress': [{ type: 'upload.progress', sent: 1_000_000 }],
    'upload.finished': [{ type: 'upload.finished' }],
    'upload.failed': [
      { type: 'upload.failed', message: 'The connection dropped. Resume to continue where it stopped.', retryable: true },
      { type: 'upload.failed', message: 'deadlift.mp4 is not a video file; it was deleted.', retryable: false },
    ],
    'upload.pause': [{ type: 'upload.pause' }],
    'upload.resume': [{ type: 'upload.resume' }],
    'upload.cancel': [{ type: 'upload.cancel' }],
  },
  actors: {
    prepare: {
      output: {
        videoId: '6f1c2a9e-0000-4000-8000-000000000001',
        uploadUrl: '/api/videos/upload/chunk/6f1c2a9e-0000-4000-8000-000000000001',
        offset: 0,
      },
      error: new Error('This video does not fit in your storage: 4.9 GB of 5 GB used.'),
    },
    transfer: { logic: fromCallback(() => {}) },
  },
  stateContext: (c) => ({ file: c.file !== null, target: c.target !== null, sent: c.sent, problem: c.problem }),
});
