import { assertEvent, assign, setup } from 'xstate';
import { spectatorStart } from '../domain/live-stream.ts';

// The spectator's player of a live attempt's camera stream (Media Source Extensions): it waits for the first
// segment, starts a couple behind the newest, appends them in order as they are announced (the socket's
// live_segment, or a poll signed out), plays, buffers again when it runs dry, and ends after the last one.
// The page does the fetching and appending; the chart says which segment is next and what to show.

export interface StreamPlayerInput {
  /** The newest segment the server has (0: none yet). */
  lastSeq: number;
  /** The attempt has ended: nothing more will come. */
  ended: boolean;
}

export interface StreamPlayerContext {
  lastSeq: number;
  /** The segment to append next (0 until playing starts somewhere). */
  nextSeq: number;
  ended: boolean;
  error: string | null;
}

export type StreamPlayerEvent =
  | { type: 'stream.known'; lastSeq: number }
  | { type: 'stream.appended'; seq: number }
  | { type: 'stream.ended' }
  | { type: 'player.playing' }
  | { type: 'player.waiting' }
  | { type: 'player.failed'; detail: string }
  | { type: 'player.retry' };

export const streamPlayerMachine = setup({
  types: {
    context: {} as StreamPlayerContext,
    events: {} as StreamPlayerEvent,
    input: {} as StreamPlayerInput,
  },
  actions: {
    know: assign(({ context, event }) => {
      assertEvent(event, 'stream.known');
      return { lastSeq: Math.max(context.lastSeq, Math.floor(event.lastSeq)) };
    }),
    // Start a couple of segments behind the newest, so there is something buffered to play.
    begin: assign(({ context }) => ({ nextSeq: spectatorStart(context.lastSeq) })),
    appended: assign(({ context, event }) => {
      assertEvent(event, 'stream.appended');
      return event.seq === context.nextSeq && event.seq <= context.lastSeq ? { nextSeq: context.nextSeq + 1 } : {};
    }),
    end: assign({ ended: true }),
    fail: assign(({ event }) => {
      assertEvent(event, 'player.failed');
      return { error: event.detail };
    }),
    reset: assign({ nextSeq: 0, error: null }),
  },
  guards: {
    hasSegments: ({ context }) => context.lastSeq > 0,
    drained: ({ context }) => context.ended && context.nextSeq > context.lastSeq,
    nothingCame: ({ context }) => context.ended && context.lastSeq === 0,
  },
}).createMachine({
  id: 'streamPlayer',
  context: ({ input }) => ({ lastSeq: Math.max(0, Math.floor(input.lastSeq)), nextSeq: 0, ended: input.ended, error: null }),
  initial: 'waiting',
  states: {
    waiting: {
      always: [
        { guard: 'nothingCame', target: 'ended' },
        { guard: 'hasSegments', target: 'buffering', actions: 'begin' },
      ],
      on: {
        'player.failed': { target: 'failed', actions: 'fail' },
        'stream.known': { target: 'waiting', reenter: true, actions: 'know' },
        'stream.ended': { target: 'waiting', reenter: true, actions: 'end' },
      },
    },
    buffering: {
      tags: ['fetching'],
      on: {
        'stream.known': { actions: 'know' },
        'stream.appended': { actions: 'appended' },
        'stream.ended': { actions: 'end' },
        'player.failed': { target: 'failed', actions: 'fail' },
        'player.playing': 'playing',
        // Dry after the last segment of an ended stream: it is over.
        'player.waiting': { guard: 'drained', target: 'ended' },
      },
    },
    playing: {
      tags: ['fetching'],
      on: {
        'stream.known': { actions: 'know' },
        'stream.appended': { actions: 'appended' },
        'stream.ended': { actions: 'end' },
        'player.waiting': [{ guard: 'drained', target: 'ended' }, { target: 'buffering' }],
        'player.failed': { target: 'failed', actions: 'fail' },
      },
    },
    ended: {},
    failed: {
      on: { 'player.retry': { target: 'waiting', actions: 'reset' } },
    },
  },
});
