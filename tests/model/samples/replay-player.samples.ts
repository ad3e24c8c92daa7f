import { replayPlayerMachine } from '#machines/replay-player.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: replayPlayerMachine,
  input: { total: 2 },
  events: {
    // A history that grows, and one that is empty (Play does nothing).
    'replay.load': [
      { type: 'replay.load', total: 2 },
      { type: 'replay.load', total: 0 },
    ],
    'replay.toggle': [{ type: 'replay.toggle' }],
    'replay.step': [{ type: 'replay.step' }],
    'replay.seek': [
      { type: 'replay.seek', step: 0 },
      { type: 'replay.seek', step: 1 },
    ],
    'replay.speed': [
      { type: 'replay.speed', speed: 1 },
      { type: 'replay.speed', speed: 4 },
    ],
  },
});
