import { defineSamples } from '../samples.ts';
import { achievementFromMessage, achievementsMachine } from '#machines/achievements.ts';
import { firstScoreAchievement, personalRecordAchievement, streakAchievement, type AchievementFields } from '#domain/achievement-rules.ts';

/** An achievement as the server stores and sends it (openapi/realtime.yaml's Achievement). */
const stored = (id: number, fields: AchievementFields) => ({
  ...fields,
  id,
  full_screen: fields.full_screen ?? false,
  progress: 100,
  unlocked_at: '2026-11-20T10:00:00.000Z',
});

export const firstScore = achievementFromMessage({
  type: 'achievement_unlocked',
  achievement: stored(1, { ...firstScoreAchievement('Fran'), description: 'Fran' }),
})!;
const record = {
  test_name: 'Back squat 1RM',
  new_record_value_raw: 140,
  new_record_unit_raw: 'kg',
};
export const personalRecord = achievementFromMessage({
  type: 'PERSONAL_RECORD_ACHIEVED',
  user_id: 7,
  test_id: 3,
  challenge_id: null,
  achieved_date: '2026-11-20',
  ...record,
  achievement: stored(2, personalRecordAchievement(record)),
})!;
export const century = achievementFromMessage({
  type: 'milestone_reached',
  streak_type: 'daily_submissions',
  count: 100,
  achievement: stored(3, streakAchievement('daily_submissions', 100)),
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
