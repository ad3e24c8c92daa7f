import { videoInterviewMachine } from '#machines/video-interview.ts';
import { defineSamples } from '../samples.ts';

const open = { id: 7, status: 'open', visibility: 'private', current_question_id: 21 } as const;
const next = { id: 7, status: 'open', visibility: 'private', current_question_id: 22 } as const;
const finished = { id: 7, status: 'finished', visibility: 'private', current_question_id: null } as const;
const onProfile = { id: 7, status: 'finished', visibility: 'profile', current_question_id: null } as const;

export default defineSamples({
  machine: videoInterviewMachine,
  // A new interview, and one resumed by id.
  inputs: [{ resumeId: null }, { resumeId: 7 }],
  events: {
    'record.start': [{ type: 'record.start' }],
    // A take, and a recorder that produced nothing.
    'record.done': [
      { type: 'record.done', bytes: 180_000 },
      { type: 'record.done', bytes: 0 },
    ],
    'record.retake': [{ type: 'record.retake' }],
    'record.send': [{ type: 'record.send' }],
    'camera.retry': [{ type: 'camera.retry' }],
    'interview.retry': [{ type: 'interview.retry' }],
    'interview.show': [{ type: 'interview.show' }],
    'interview.hide': [{ type: 'interview.hide' }],
  },
  actors: {
    // An open interview, a finished private one (resumed), and one on the profile.
    startInterview: { outputs: [open, finished, onProfile], error: new Error('Too many attempts. Please wait a moment and try again.') },
    openCamera: { output: undefined, error: new Error('You did not allow the camera. Allow it in the address bar, then try again.') },
    uploadTake: { output: '3f2c1a7e-0d1b-4c59-9a51-2b7c9f0e8d11', error: new Error('The connection dropped during the upload.') },
    // The next question comes back, or the last clip finishes the interview.
    attachClip: { outputs: [next, finished], error: new Error('That clip could not be processed: record the answer again.') },
    setVisibility: { outputs: [onProfile, finished], error: new Error('Answer every question before publishing the interview.') },
  },
  stateContext: (c) => ({
    question: c.interview?.current_question_id ?? null,
    visibility: c.interview?.visibility ?? null,
    take: c.takeBytes > 0,
    clip: c.clipId !== null,
    problem: c.problem !== null,
  }),
});
