import { liveAttemptMachine, type LiveAttemptSummary } from '#machines/live-attempt.ts';
import { counterPending } from '#domain/live.ts';
import { defineSamples } from '../samples.ts';

const live: LiveAttemptSummary = { id: 7, status: 'live', seq: 0, count: 0 };
const resumed: LiveAttemptSummary = { id: 7, status: 'live', seq: 12, count: 12 };
const ended: LiveAttemptSummary = { id: 7, status: 'ended', seq: 12, count: 12 };
/** The API client's errors: status 0 when the server was not reached. */
const unreachable = Object.assign(new Error('Network error. Please check your connection.'), { status: 0 });
const refused = Object.assign(new Error('Update 3 is older than update 5, which is already counted.'), { status: 409 });

/** A fresh start and a reload mid-attempt; the server answers, refuses, or is out of reach. */
export default defineSamples({
  machine: liveAttemptMachine,
  inputs: [
    { challengeId: 3, attempt: null },
    { challengeId: 3, attempt: resumed },
  ],
  events: {
    'live.start': [{ type: 'live.start' }],
    'live.tap': [{ type: 'live.tap' }],
    'live.undo': [{ type: 'live.undo' }],
    'live.end': [
      { type: 'live.end', finished: false },
      { type: 'live.end', finished: true },
    ],
    'live.abandon': [{ type: 'live.abandon' }],
    'live.check': [{ type: 'live.check' }],
  },
  actors: {
    startAttempt: { output: live, error: Object.assign(new Error('Join this challenge before going live.'), { status: 409 }) },
    sendUpdate: { output: { status: 'live', seq: 1, count: 1 }, errors: [unreachable, refused] },
    endAttempt: { output: ended, errors: [unreachable, refused] },
    abandonAttempt: { output: { ...ended, status: 'abandoned' }, error: refused },
    loadAttempt: { outputs: [resumed, ended], error: unreachable },
  },
  stateContext: (c) => ({
    attempt: c.attempt?.status ?? null,
    pending: counterPending(c.counter),
    zero: c.counter.count === 0,
    finished: c.finished,
    error: c.error !== null,
  }),
});
