import { streamPlayerMachine } from '#machines/stream-player.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: streamPlayerMachine,
  input: { lastSeq: 0, ended: false },
  events: {
    // The first segments announced, then more while playing.
    'stream.known': [
      { type: 'stream.known', lastSeq: 1 },
      { type: 'stream.known', lastSeq: 4 },
    ],
    'stream.appended': [
      { type: 'stream.appended', seq: 1 },
      { type: 'stream.appended', seq: 2 },
    ],
    'stream.ended': [{ type: 'stream.ended' }],
    'player.playing': [{ type: 'player.playing' }],
    'player.waiting': [{ type: 'player.waiting' }],
    'player.failed': [{ type: 'player.failed', detail: 'This browser cannot play the stream.' }],
    'player.retry': [{ type: 'player.retry' }],
  },
});
