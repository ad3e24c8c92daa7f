import { assertEvent, assign, setup } from 'xstate';
import { CELEBRATION_DURATION_MS, DEFAULT_ACHIEVEMENT_POINTS, PERSONAL_RECORD_CELEBRATION_MS } from '../domain/constants.ts';
import {
  CELEBRATION_LEVELS,
  RARITIES,
  STREAK_TYPES,
  personalRecordAchievement,
  streakAchievement,
  type AchievementFields,
  type StreakType,
} from '../domain/achievement-rules.ts';

export interface Achievement extends AchievementFields {
  id: number | string;
  unlocked_at: string;
  progress?: number;
}

/** How many shown ids are remembered, so the same achievement arriving twice pops up once. */
const REMEMBERED_IDS = 100;

type Message = { type: string } & Record<string, unknown>;

const isStreakType = (v: unknown): v is StreakType => STREAK_TYPES.includes(v as StreakType);
const idOf = (message: Message, fallback: string): number | string => {
  const stored = (message.achievement as { id?: unknown } | undefined)?.id;
  return typeof stored === 'number' || typeof stored === 'string' ? stored : fallback;
};
const unlockedAtOf = (message: Message): string => {
  const stored = (message.achievement as { unlocked_at?: unknown } | undefined)?.unlocked_at;
  return typeof stored === 'string' ? stored : new Date().toISOString();
};

/**
 * Turns a real-time message into the achievement it celebrates, or null if it is not one.
 * PERSONAL_RECORD_ACHIEVED is epic with 500 points; a streak milestone takes its rarity,
 * points, celebration and share-worthiness from the count (spec section 9).
 */
export function achievementFromMessage(message: Message): Achievement | null {
  switch (message.type) {
    case 'PERSONAL_RECORD_ACHIEVED': {
      if (typeof message.test_name !== 'string') return null;
      const fields = personalRecordAchievement({
        test_name: message.test_name,
        new_record_value_raw: message.new_record_value_raw as string | number,
        new_record_unit_raw: String(message.new_record_unit_raw ?? ''),
      });
      return {
        ...fields,
        id: idOf(message, `pr-${String(message.test_id)}-${String(message.new_record_value_raw)}`),
        unlocked_at: unlockedAtOf(message),
      };
    }
    case 'milestone_reached':
    case 'streak_milestone': {
      const count = Number(message.count);
      if (!isStreakType(message.streak_type) || !Number.isInteger(count) || count < 1) return null;
      return {
        ...streakAchievement(message.streak_type, count),
        id: idOf(message, `streak-${message.streak_type}-${count}`),
        unlocked_at: unlockedAtOf(message),
      };
    }
    case 'achievement_unlocked': {
      const a = message.achievement as Partial<Achievement> | undefined;
      if (!a || typeof a.title !== 'string') return null;
      return {
        id: a.id ?? `achievement-${a.title}`,
        type: a.type ?? 'achievement',
        title: a.title,
        description: a.description ?? '',
        icon: a.icon ?? '🏅',
        rarity: RARITIES.includes(a.rarity!) ? a.rarity! : 'common',
        points: typeof a.points === 'number' ? a.points : DEFAULT_ACHIEVEMENT_POINTS,
        celebration_level: CELEBRATION_LEVELS.includes(a.celebration_level!) ? a.celebration_level! : 'normal',
        share_worthy: a.share_worthy === true,
        streak_data: a.streak_data ?? null,
        full_screen: a.full_screen === true,
        unlocked_at: a.unlocked_at ?? new Date().toISOString(),
      };
    }
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
