/**
 * How streaks, milestones and personal records become achievements (spec sections 3 and 9).
 * Pure and shared: the server stores achievements with these rules, the client turns
 * socket events into popups with the same ones.
 */
import {
  DEFAULT_ACHIEVEMENT_POINTS,
  PERSONAL_RECORD_POINTS,
  PERSONAL_RECORD_RARITY,
  STREAK_EPIC_CELEBRATION_MIN,
  STREAK_POINTS_PER_COUNT,
  STREAK_RARITY_THRESHOLDS,
  STREAK_SHARE_WORTHY_MIN,
} from './constants.ts';
import { placeText, type Place } from './places.ts';

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];
export const CELEBRATION_LEVELS = ['subtle', 'normal', 'epic', 'legendary'] as const;
export type CelebrationLevel = (typeof CELEBRATION_LEVELS)[number];
export const STREAK_TYPES = ['daily_submissions', 'weekly_participation', 'improvement_streak', 'consistency_streak'] as const;
export type StreakType = (typeof STREAK_TYPES)[number];

export const STREAK_NAMES: Record<StreakType, string> = {
  daily_submissions: 'Daily submissions',
  weekly_participation: 'Weekly participation',
  improvement_streak: 'Improvement streak',
  consistency_streak: 'Consistency streak',
};

/** What one count means, for "7 days", "3 weeks", "5 bests in a row". */
export const STREAK_UNITS: Record<StreakType, [string, string]> = {
  daily_submissions: ['day', 'days'],
  weekly_participation: ['week', 'weeks'],
  improvement_streak: ['improvement', 'improvements'],
  consistency_streak: ['week', 'weeks'],
};

/** The counts at which a streak unlocks a milestone achievement; past the last, every further step of the last gap. */
export const STREAK_MILESTONES: Record<StreakType, readonly number[]> = {
  daily_submissions: [3, 7, 14, 30, 50, 100, 200, 365],
  weekly_participation: [2, 4, 8, 12, 26, 52, 104],
  improvement_streak: [3, 5, 7, 10, 20, 30, 50, 100],
  consistency_streak: [2, 4, 8, 12, 26, 52, 104],
};

export function nextMilestone(type: StreakType, count: number): number {
  const list = STREAK_MILESTONES[type];
  const found = list.find((m) => m > count);
  if (found !== undefined) return found;
  const last = list[list.length - 1]!;
  const step = last - list[list.length - 2]!;
  return last + step * (Math.floor((count - last) / step) + 1);
}

export function isMilestone(type: StreakType, count: number): boolean {
  if (count <= 0) return false;
  const list = STREAK_MILESTONES[type];
  if (list.includes(count)) return true;
  const last = list[list.length - 1]!;
  const step = last - list[list.length - 2]!;
  return count > last && (count - last) % step === 0;
}

/** Percent of the way from zero to the next milestone, 0–100. */
export function progressToNext(type: StreakType, count: number): number {
  const next = nextMilestone(type, count);
  return Math.max(0, Math.min(100, Math.round((count / next) * 100)));
}

export function streakRarity(count: number): Rarity {
  return (STREAK_RARITY_THRESHOLDS.find((t) => count >= t.min) ?? STREAK_RARITY_THRESHOLDS.at(-1)!).rarity;
}

/** The fields every achievement carries, whatever made it. */
export interface AchievementFields {
  type: string;
  title: string;
  description: string;
  icon: string;
  rarity: Rarity;
  points: number;
  celebration_level: CelebrationLevel;
  share_worthy: boolean;
  streak_data: { current_streak: number; streak_type: StreakType } | null;
  /** A personal record at epic level gets the full-screen celebration. */
  full_screen?: boolean;
}

export function streakAchievement(type: StreakType, count: number): AchievementFields {
  const [one, many] = STREAK_UNITS[type];
  return {
    type: 'streak',
    title: `${count}-${one} ${STREAK_NAMES[type].toLowerCase()}`,
    description: `${count} ${count === 1 ? one : many} in a row. Keep it going!`,
    icon: count >= STREAK_EPIC_CELEBRATION_MIN ? '🔥' : '⚡',
    rarity: streakRarity(count),
    points: count * STREAK_POINTS_PER_COUNT,
    celebration_level: count >= STREAK_EPIC_CELEBRATION_MIN ? 'epic' : 'normal',
    share_worthy: count >= STREAK_SHARE_WORTHY_MIN,
    streak_data: { current_streak: count, streak_type: type },
  };
}

/** The personal-record event of spec section 3. */
export interface PersonalRecordEvent {
  user_id: number;
  test_name: string;
  test_id: number;
  challenge_id: number | null;
  new_record_value_raw: number | string;
  new_record_unit_raw: string;
  achieved_date: string;
}

export function personalRecordAchievement(
  event: Pick<PersonalRecordEvent, 'test_name' | 'new_record_value_raw' | 'new_record_unit_raw'>,
): AchievementFields {
  return {
    type: 'personal_record',
    title: `New personal record: ${event.test_name}`,
    description: `${event.new_record_value_raw} ${event.new_record_unit_raw}`.trim(),
    icon: '🏆',
    rarity: PERSONAL_RECORD_RARITY,
    points: PERSONAL_RECORD_POINTS,
    celebration_level: 'epic',
    share_worthy: true,
    streak_data: null,
    full_screen: true,
  };
}

export function firstScoreAchievement(challengeTitle: string): AchievementFields {
  return {
    type: 'first_score',
    title: 'On the board',
    description: `Your first score is in: ${challengeTitle}.`,
    icon: '🎯',
    rarity: 'common',
    points: DEFAULT_ACHIEVEMENT_POINTS,
    celebration_level: 'subtle',
    share_worthy: false,
    streak_data: null,
  };
}

/** The places a closed challenge's board celebrates with an achievement. */
export const PODIUM_PLACES = 3;
const PODIUM_ICONS = ['🥇', '🥈', '🥉'] as const;

/**
 * A podium finish on a closed challenge's board, in the words every page uses for a place:
 * "Podium: 3rd of 40 · Women Rx in Fran". Only places 1 to PODIUM_PLACES have one.
 */
export function podiumAchievement(place: Place, challengeTitle: string): AchievementFields {
  const where = `${placeText(place)} in ${challengeTitle}`;
  const first = place.rank === 1;
  return {
    type: 'podium',
    title: `Podium: ${where}`,
    description: first ? `You won your board: ${where}.` : `You finished on the podium: ${where}.`,
    icon: PODIUM_ICONS[Math.min(Math.max(place.rank, 1), PODIUM_PLACES) - 1]!,
    rarity: first ? 'epic' : 'rare',
    points: DEFAULT_ACHIEVEMENT_POINTS * (PODIUM_PLACES + 1 - Math.min(place.rank, PODIUM_PLACES)),
    celebration_level: first ? 'epic' : 'normal',
    share_worthy: true,
    streak_data: null,
  };
}
