import { describe, expect, it } from 'vitest';
import { achievementFromMessage, displayDuration, type Achievement } from '#machines/achievements.ts';
import samples, { firstScore, personalRecord } from './samples/achievements.samples.ts';
import {
  CELEBRATION_DURATION_MS,
  DEFAULT_ACHIEVEMENT_POINTS,
  PERSONAL_RECORD_CELEBRATION_MS,
  PERSONAL_RECORD_POINTS,
} from '#domain/constants.ts';
import { streakAchievement } from '#domain/achievement-rules.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

describe('achievements from real-time messages', () => {
  it('a personal record is epic, 500 points, full-screen for its own length', () => {
    expect(personalRecord).toMatchObject({
      rarity: 'epic',
      points: PERSONAL_RECORD_POINTS,
      celebration_level: 'epic',
      share_worthy: true,
      full_screen: true,
      id: 2,
    });
    expect(personalRecord.title).toContain('Back squat 1RM');
    expect(displayDuration(personalRecord)).toBe(PERSONAL_RECORD_CELEBRATION_MS);
  });

  it('a streak takes rarity, points, celebration and sharing from its count', () => {
    const at = (count: number) =>
      achievementFromMessage({
        type: 'milestone_reached',
        streak_type: 'weekly_participation',
        count,
        achievement: {
          ...streakAchievement('weekly_participation', count),
          id: count,
          progress: 100,
          full_screen: false,
          unlocked_at: '2026-11-20T10:00:00.000Z',
        },
      })!;
    expect([6, 7, 29, 30, 49, 50, 99, 100].map((n) => at(n).rarity)).toEqual([
      'common',
      'uncommon',
      'uncommon',
      'rare',
      'rare',
      'epic',
      'epic',
      'legendary',
    ]);
    expect(at(12).points).toBe(120);
    expect([6, 7].map((n) => at(n).share_worthy)).toEqual([false, true]);
    expect([29, 30].map((n) => at(n).celebration_level)).toEqual(['normal', 'epic']);
    expect(at(7).streak_data).toEqual({ current_streak: 7, streak_type: 'weekly_participation' });
  });

  it('an unlocked achievement arrives whole; other messages are not achievements', () => {
    expect(firstScore).toMatchObject({ id: 1, type: 'first_score', points: DEFAULT_ACHIEVEMENT_POINTS, celebration_level: 'subtle' });
    const streak = {
      type: 'daily_submissions',
      current_count: 2,
      best_count: 2,
      last_updated: '2026-11-20T10:00:00.000Z',
      next_milestone: 3,
      progress_to_next: 66,
    } as const;
    expect(achievementFromMessage({ type: 'streak_updated', streak })).toBeNull();
    expect(
      achievementFromMessage({ type: 'progress_update', challenge_id: 5, challenge_title: 'Fran', place: null, is_best: true }),
    ).toBeNull();
  });

  it('each celebration level has its duration', () => {
    for (const level of ['subtle', 'normal', 'epic', 'legendary'] as const) {
      expect(displayDuration({ celebration_level: level, full_screen: false })).toBe(CELEBRATION_DURATION_MS[level]);
    }
  });
});

describe('achievements chart: generated paths', () => {
  const graph = graphOf({ name: 'achievements', samples: samples as never });

  it('covers idle and showing, with queued popups and each kind shown', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect(new Set(steps.map((s) => s.value))).toEqual(new Set(['idle', 'showing']));
    for (const id of [1, 2, 3]) expect(steps.some((s) => (s.context as { current: unknown }).current === id)).toBe(true);
    expect(steps.some((s) => (s.context as { queue: unknown[] }).queue.length === 2)).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const celebrated: (number | string)[] = [];
      // The oracle: popups in arrival order, each at most once.
      const expected: (number | string)[] = [];
      const seen = new Set<number | string>();
      let shownBefore = 0;
      await drivePath(samples, path, {
        overrides: {
          actions: { celebrate: (_: unknown, { achievement }: { achievement: Achievement }) => void celebrated.push(achievement.id) },
        },
        onStep: ({ type, event, snap, replay }) => {
          if (type === 'achievement.received') {
            const id = (event as unknown as { achievement: Achievement }).achievement.id;
            if (!seen.has(id)) expected.push(id);
            seen.add(id);
          }
          // A new popup is the next one in arrival order.
          if (celebrated.length > shownBefore) expect(celebrated.at(-1)).toBe(expected.shift());
          shownBefore = celebrated.length;
          expect(snap.context.current?.id ?? null).toBe(snap.matches('showing') ? celebrated.at(-1) : null);
          expect(snap.context.queue.map((a) => a.id)).toEqual(expected);
          if (snap.matches('showing')) {
            // Each popup stays for its celebration level's duration (a full-screen record for its own).
            expect(replay.clock.msUntil('xstate.after.DISPLAY_DURATION.achievements.showing')).toBeLessThanOrEqual(
              displayDuration(snap.context.current!),
            );
          }
        },
      });
    });
  });
});
