import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { achievementFromMessage, achievementsMachine, displayDuration, type Achievement, type AchievementsEvent } from '../../machines/achievements.ts';
import { CELEBRATION_DURATION_MS, DEFAULT_ACHIEVEMENT_POINTS, PERSONAL_RECORD_CELEBRATION_MS, PERSONAL_RECORD_POINTS } from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './replay.ts';

const firstScore = achievementFromMessage({
  type: 'achievement_unlocked',
  achievement: { id: 1, type: 'first_score', title: 'On the board', description: 'Fran', icon: '🎯', rarity: 'common', points: 100, celebration_level: 'subtle', share_worthy: false },
})!;
const personalRecord = achievementFromMessage({
  type: 'PERSONAL_RECORD_ACHIEVED',
  user_id: 7,
  test_name: 'Back squat 1RM',
  test_id: 3,
  challenge_id: null,
  new_record_value_raw: 140,
  new_record_unit_raw: 'kg',
  achieved_date: '2026-11-20',
  achievement: { id: 2 },
})!;
const century = achievementFromMessage({ type: 'milestone_reached', streak_type: 'daily_submissions', count: 100, achievement: { id: 3 } })!;

const received = (achievement: Achievement) => ({ type: 'achievement.received', achievement }) as AchievementsEvent;
const events = [
  received(firstScore),
  received(personalRecord),
  received(century),
  { type: 'achievement.dismiss' },
  { type: 'xstate.after.DISPLAY_DURATION.achievements.showing' },
] as unknown as AchievementsEvent[];

describe('achievements from real-time messages', () => {
  it('a personal record is epic, 500 points, full-screen for its own length', () => {
    expect(personalRecord).toMatchObject({ rarity: 'epic', points: PERSONAL_RECORD_POINTS, celebration_level: 'epic', share_worthy: true, full_screen: true, id: 2 });
    expect(personalRecord.title).toContain('Back squat 1RM');
    expect(displayDuration(personalRecord)).toBe(PERSONAL_RECORD_CELEBRATION_MS);
  });

  it('a streak takes rarity, points, celebration and sharing from its count', () => {
    const at = (count: number) => achievementFromMessage({ type: 'milestone_reached', streak_type: 'weekly_participation', count })!;
    expect([6, 7, 29, 30, 49, 50, 99, 100].map((n) => at(n).rarity)).toEqual(['common', 'uncommon', 'uncommon', 'rare', 'rare', 'epic', 'epic', 'legendary']);
    expect(at(12).points).toBe(120);
    expect([6, 7].map((n) => at(n).share_worthy)).toEqual([false, true]);
    expect([29, 30].map((n) => at(n).celebration_level)).toEqual(['normal', 'epic']);
    expect(at(7).streak_data).toEqual({ current_streak: 7, streak_type: 'weekly_participation' });
    expect(achievementFromMessage({ type: 'milestone_reached', streak_type: 'naps', count: 3 })).toBeNull();
  });

  it('an achievement without points gets the default; other messages are not achievements', () => {
    expect(achievementFromMessage({ type: 'achievement_unlocked', achievement: { id: 9, title: 'Hello' } })!.points).toBe(DEFAULT_ACHIEVEMENT_POINTS);
    expect(achievementFromMessage({ type: 'streak_updated', streak: {} })).toBeNull();
    expect(achievementFromMessage({ type: 'progress_update' })).toBeNull();
  });

  it('each celebration level has its duration', () => {
    for (const level of ['subtle', 'normal', 'epic', 'legendary'] as const) {
      expect(displayDuration({ celebration_level: level, full_screen: false })).toBe(CELEBRATION_DURATION_MS[level]);
    }
  });
});

describe('achievements machine paths', () => {
  const paths = transitionPaths(achievementsMachine, {
    events,
    stateContext: (c) => ({ queue: c.queue.map((a) => a.id), current: c.current?.id ?? null, shown: [...c.shownIds].sort() }),
  });

  it('covers idle and showing, with queued popups and each kind shown', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'showing']));
    for (const id of [1, 2, 3]) expect(paths.some((p) => p.state.context.current?.id === id)).toBe(true);
    expect(paths.some((p) => p.state.context.queue.length === 2)).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const celebrated: (number | string)[] = [];
      const actor = createActor(achievementsMachine.provide({ actions: { celebrate: (_, { achievement }) => void celebrated.push(achievement.id) } }), { clock }).start();
      // The oracle: popups in arrival order, each at most once.
      const expected: (number | string)[] = [];
      const seen = new Set<number | string>();
      for (const step of path.steps) {
        const type = step.event.type as string;
        if (type === 'achievement.received') {
          const id = (step.event as { achievement: Achievement }).achievement.id;
          if (!seen.has(id)) expected.push(id);
          seen.add(id);
        }
        const shownBefore = celebrated.length;
        // Not before the current popup's duration, and right after it (replayEvent checks both).
        await replayEvent(step.event, { actor, clock, promises: new ControlledPromises(), delayMs: (_, snap) => displayDuration(snap.context.current!) });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (celebrated.length > shownBefore) expect(celebrated.at(-1)).toBe(expected.shift());
        expect(snap.context.current?.id ?? null).toBe(snap.matches('showing') ? celebrated.at(-1) : null);
        expect(snap.context.queue.map((a) => a.id)).toEqual(expected);
      }
      actor.stop();
    });
  }
});
