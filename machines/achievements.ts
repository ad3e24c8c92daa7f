import { assertEvent, assign, setup } from 'xstate';
import { CELEBRATION_DURATION_MS, PERSONAL_RECORD_CELEBRATION_MS } from '../domain/constants.ts';
import { personalRecordAchievement, streakAchievement, type AchievementFields } from '../domain/achievement-rules.ts';
import type { SocketServerMessage } from '../domain/socket-messages.ts';

export interface Achievement extends AchievementFields {
  id: number | string;
  unlocked_at: string;
  progress?: number;
}

/** How many shown ids are remembered, so the same achievement arriving twice pops up once. */
const REMEMBERED_IDS = 100;

/**
 * Turns a real-time message into the achievement it celebrates, or null if it is not one.
 * PERSONAL_RECORD_ACHIEVED is epic with 500 points; a streak milestone takes its rarity,
 * points, celebration and share-worthiness from the count (spec section 9); both keep the
 * stored achievement's id and time. Any other achievement arrives whole.
 */
export function achievementFromMessage(message: SocketServerMessage): Achievement | null {
  switch (message.type) {
    case 'PERSONAL_RECORD_ACHIEVED':
      return { ...personalRecordAchievement(message), id: message.achievement.id, unlocked_at: message.achievement.unlocked_at };
    case 'milestone_reached':
      return {
        ...streakAchievement(message.streak_type, message.count),
        id: message.achievement.id,
        unlocked_at: message.achievement.unlocked_at,
      };
    case 'achievement_unlocked':
      return message.achievement;
    default:
      return null;
  }
}

/** How long a popup stays: by celebration level; a full-screen personal record has its own length. */
export function displayDuration(a: Pick<Achievement, 'celebration_level' | 'full_screen'>): number {
  if (a.full_screen && a.celebration_level === 'epic') return PERSONAL_RECORD_CELEBRATION_MS;
  return CELEBRATION_DURATION_MS[a.celebration_level];
}

export interface AchievementsContext {
  queue: Achievement[];
  current: Achievement | null;
  shownIds: (number | string)[];
}

export type AchievementsEvent = { type: 'achievement.received'; achievement: Achievement } | { type: 'achievement.dismiss' };

export const achievementsMachine = setup({
  types: {
    context: {} as AchievementsContext,
    events: {} as AchievementsEvent,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => {
        assertEvent(event, 'achievement.received');
        return [...context.queue, event.achievement];
      },
    }),
    takeNext: assign(({ context }) => {
      const [next, ...rest] = context.queue;
      return {
        current: next ?? null,
        queue: rest,
        shownIds: next ? [...context.shownIds, next.id].slice(-REMEMBERED_IDS) : context.shownIds,
      };
    }),
    clearCurrent: assign({ current: null }),
    /** Side effects of showing one (a tone, an announcement); the app provides them. */
    celebrate: (_, _params: { achievement: Achievement }) => {},
  },
  guards: {
    isNew: ({ context, event }) => {
      assertEvent(event, 'achievement.received');
      const id = event.achievement.id;
      return !context.shownIds.includes(id) && context.current?.id !== id && !context.queue.some((a) => a.id === id);
    },
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: {
    DISPLAY_DURATION: ({ context }) => (context.current ? displayDuration(context.current) : 0),
  },
}).createMachine({
  id: 'achievements',
  initial: 'idle',
  context: { queue: [], current: null, shownIds: [] },
  on: {
    'achievement.received': { guard: 'isNew', actions: 'enqueue' },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'showing' },
    },
    showing: {
      entry: ['takeNext', { type: 'celebrate', params: ({ context }) => ({ achievement: context.current! }) }],
      after: { DISPLAY_DURATION: 'cleared' },
      on: { 'achievement.dismiss': 'cleared' },
    },
    cleared: {
      entry: 'clearCurrent',
      always: [{ guard: 'hasQueued', target: 'showing' }, { target: 'idle' }],
    },
  },
});
