import { defineSamples } from '../samples.ts';
import { achievementFromMessage, achievementsMachine } from '../../../machines/achievements.ts';

export const firstScore = achievementFromMessage({
  type: 'achievement_unlocked',
  achievement: {
    id: 1,
    type: 'first_score',
    title: 'On the board',
    description: 'Fran',
    icon: '🎯',
    rarity: 'common',
    points: 100,
    celebration_level: 'subtle',
    share_worthy: false,
    unlocked_at: '2026-11-20T10:00:00.000Z',
  },
})!;
export const personalRecord = achievementFromMessage({
  type: 'PERSONAL_RECORD_ACHIEVED',
  user_id: 7,
  test_name: 'Back squat 1RM',
  test_id: 3,
  challenge_id: null,
  new_record_value_raw: 140,
  new_record_unit_raw: 'kg',
  achieved_date: '2026-11-20',
  achievement: { id: 2, unlocked_at: '2026-11-20T10:00:00.000Z' },
})!;
export const century = achievementFromMessage({
  type: 'milestone_reached',
  streak_type: 'daily_submissions',
  count: 100,
  achievement: { id: 3, unlocked_at: '2026-11-20T10:00:00.000Z' },
})!;

export default defineSamples({
  machine: achievementsMachine,
  events: {
    'achievement.received': [firstScore, personalRecord, century].map((achievement) => ({
      type: 'achievement.received' as const,
      achievement,
    })),
    'achievement.dismiss': [{ type: 'achievement.dismiss' }],
  },
  stateContext: (c) => ({ queue: c.queue.map((a) => a.id), current: c.current?.id ?? null, shown: [...c.shownIds].sort() }),
});
