import { assertEvent, assign, setup } from 'xstate';
import { REPLAY_SPEEDS, REPLAY_STEP_MS } from '../domain/constants.ts';

export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayInput {
  /** How many scores the replay has. */
  total: number;
}

export interface ReplayContext extends ReplayInput {
  /** How many scores the board shows (0 … total). */
  step: number;
  speed: ReplaySpeed;
}

export type ReplayEvent =
  | { type: 'replay.load'; total: number }
  | { type: 'replay.toggle' }
  | { type: 'replay.step' }
  | { type: 'replay.seek'; step: number }
  | { type: 'replay.speed'; speed: ReplaySpeed };

const clampStep = (step: number, total: number) => Math.min(total, Math.max(0, Math.round(step)));

/** The leaderboard replay: paused ⇄ playing, one score every STEP (shorter at higher speeds). */
export const replayPlayerMachine = setup({
  types: {
    context: {} as ReplayContext,
    events: {} as ReplayEvent,
    input: {} as ReplayInput,
  },
  actions: {
    // New history shows the whole board, as when the page opened.
    load: assign(({ event }) => {
      assertEvent(event, 'replay.load');
      const total = Math.max(0, Math.floor(event.total));
      return { total, step: total };
    }),
    advance: assign(({ context }) => ({ step: Math.min(context.total, context.step + 1) })),
    rewind: assign({ step: 0 }),
    seek: assign(({ context, event }) => {
      assertEvent(event, 'replay.seek');
      return { step: clampStep(event.step, context.total) };
    }),
    setSpeed: assign(({ event }) => {
      assertEvent(event, 'replay.speed');
      return { speed: REPLAY_SPEEDS.includes(event.speed) ? event.speed : REPLAY_SPEEDS[0] };
    }),
  },
  guards: {
    atEnd: ({ context }) => context.step >= context.total,
    canAdvance: ({ context }) => context.step < context.total,
    lastStep: ({ context }) => context.step + 1 >= context.total,
  },
  delays: {
    STEP: ({ context }) => REPLAY_STEP_MS / context.speed,
  },
}).createMachine({
  id: 'replayPlayer',
  context: ({ input }) => ({
    total: Math.max(0, Math.floor(input.total)),
    step: Math.max(0, Math.floor(input.total)),
    speed: REPLAY_SPEEDS[0],
  }),
  initial: 'paused',
  on: {
    'replay.load': { target: '.paused', actions: 'load' },
    'replay.seek': { target: '.paused', actions: 'seek' },
  },
  states: {
    paused: {
      on: {
        // Play from the end starts over.
        'replay.toggle': [{ guard: 'atEnd', target: 'playing', actions: 'rewind' }, { target: 'playing' }],
        'replay.step': { guard: 'canAdvance', actions: 'advance' },
        'replay.speed': { actions: 'setSpeed' },
      },
    },
    playing: {
      tags: ['playing'],
      always: { guard: 'atEnd', target: 'paused' },
      after: {
        STEP: [
          { guard: 'lastStep', target: 'paused', actions: 'advance' },
          { target: 'playing', reenter: true, actions: 'advance' },
        ],
      },
      on: {
        'replay.toggle': 'paused',
        'replay.step': { target: 'paused', actions: 'advance' },
        // The wait for the next score restarts at the new speed.
        'replay.speed': { target: 'playing', reenter: true, actions: 'setSpeed' },
      },
    },
  },
});
