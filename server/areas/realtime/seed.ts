import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { achievements, challengeScores, challenges, personalRecords, streaks, tests, users } from '#server/db/schema.ts';
import {
  firstScoreAchievement,
  personalRecordAchievement,
  STREAK_TYPES,
  streakAchievement,
  type AchievementFields,
} from '#domain/achievement-rules.ts';
import { planSubmission, type StreakRow } from './streaks.ts';

/** How many of an athlete's latest approved records show as personal-record achievements. */
const RECORD_ACHIEVEMENTS_EACH = 2;

/**
 * The demo athletes' earned achievements, as their seeded history would have unlocked them: "On the
 * board" at each one's first score, and their latest approved personal records. Same keys as live
 * unlocks (first_score, pr:<test>:<value>:<date>), so a demo athlete's next record does not repeat one.
 */
export async function seedDemoAchievements(tx: Database, userIds: number[]) {
  if (userIds.length === 0) return;
  const rows: (typeof achievements.$inferInsert)[] = [];
  const add = (userId: number, key: string, f: AchievementFields, at: Date) => rows.push(achievementRow(userId, key, f, at));
  const scores = await tx
    .select({ userId: challengeScores.userId, at: challengeScores.submittedAt, title: challenges.title })
    .from(challengeScores)
    .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
    .where(inArray(challengeScores.userId, userIds))
    .orderBy(asc(challengeScores.submittedAt));
  const first = new Set<number>();
  for (const s of scores) {
    if (first.has(s.userId)) continue;
    first.add(s.userId);
    add(s.userId, 'first_score', firstScoreAchievement(s.title), s.at);
  }
  const records = await tx
    .select({
      userId: personalRecords.userId,
      testId: personalRecords.testId,
      name: tests.name,
      rawValue: personalRecords.rawValue,
      rawUnit: personalRecords.rawUnit,
      achievedOn: personalRecords.achievedOn,
    })
    .from(personalRecords)
    .innerJoin(tests, eq(tests.id, personalRecords.testId))
    .where(and(inArray(personalRecords.userId, userIds), eq(personalRecords.status, 'approved')))
    .orderBy(desc(personalRecords.achievedOn), asc(personalRecords.id));
  const shown = new Map<number, number>();
  for (const r of records) {
    const n = shown.get(r.userId) ?? 0;
    if (n >= RECORD_ACHIEVEMENTS_EACH) continue;
    shown.set(r.userId, n + 1);
    const fields = personalRecordAchievement({ test_name: r.name, new_record_value_raw: r.rawValue, new_record_unit_raw: r.rawUnit });
    add(r.userId, `pr:${r.testId}:${r.rawValue}:${r.achievedOn}`, fields, new Date(`${r.achievedOn}T18:00:00Z`));
  }
  await insertAchievements(tx, rows);
}

/** An earned achievement as the seed stores it: history, not news (it does not pop up at the first sign-in). */
function achievementRow(userId: number, key: string, f: AchievementFields, at: Date): typeof achievements.$inferInsert {
  return {
    userId,
    key: key.slice(0, 120),
    type: f.type,
    title: f.title.slice(0, 160),
    description: f.description.slice(0, 500),
    icon: f.icon,
    rarity: f.rarity,
    points: f.points,
    celebrationLevel: f.celebration_level,
    shareWorthy: f.share_worthy,
    streakData: f.streak_data,
    fullScreen: f.full_screen ?? false,
    unlockedAt: at,
    poppedAt: at,
  };
}

async function insertAchievements(tx: Database, rows: (typeof achievements.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(achievements)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

/**
 * The demo athletes' streaks as their seeded scores made them: each athlete's submissions, oldest first, go through
 * the same rules a live submission does (`planSubmission`, in the athlete's time zone; a score that beats their best
 * in that challenge extends the improvement streak), and each milestone reached on the way is an earned achievement
 * with the live key (streak:<type>:<count>), so the next live milestone does not repeat one.
 */
export async function seedDemoStreaks(tx: Database, userIds: number[]) {
  if (userIds.length === 0) return;
  const zones = new Map(
    (await tx.select({ id: users.id, zone: users.timeZone }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.zone]),
  );
  const scores = await tx
    .select({
      userId: challengeScores.userId,
      challengeId: challengeScores.challengeId,
      sortKey: challengeScores.sortKey,
      verification: challengeScores.verification,
      at: challengeScores.submittedAt,
    })
    .from(challengeScores)
    .where(inArray(challengeScores.userId, userIds))
    .orderBy(asc(challengeScores.submittedAt), asc(challengeScores.id));
  const state = new Map<number, { rows: StreakRow[]; best: Map<number, bigint> }>();
  const earned: (typeof achievements.$inferInsert)[] = [];
  const keys = new Set<string>();
  for (const s of scores) {
    let athlete = state.get(s.userId);
    if (!athlete) {
      const blank = (type: string): StreakRow => ({
        userId: s.userId,
        type,
        currentCount: 0,
        bestCount: 0,
        period: null,
        trackPeriod: null,
        trackCount: 0,
        lastDay: null,
        lastUpdated: s.at,
      });
      athlete = { rows: STREAK_TYPES.map(blank), best: new Map() };
      state.set(s.userId, athlete);
    }
    // As on a live submission: a score held for review, or the first in a challenge, leaves the improvement streak be.
    const before = athlete.best.get(s.challengeId);
    const held = s.verification !== 'verified';
    const improved = held || before === undefined ? null : s.sortKey < before;
    if (!held && (before === undefined || s.sortKey < before)) athlete.best.set(s.challengeId, s.sortKey);
    const { updates, changes } = planSubmission(athlete.rows, zones.get(s.userId) ?? 'UTC', { at: s.at, improved });
    athlete.rows = athlete.rows.map((r) => updates.find((u) => u.type === r.type) ?? r);
    for (const c of changes) {
      const key = `streak:${c.type}:${c.milestone}`;
      // A milestone reached again after a streak ended was earned the first time.
      if (c.milestone === null || keys.has(`${s.userId}:${key}`)) continue;
      keys.add(`${s.userId}:${key}`);
      earned.push(achievementRow(s.userId, key, streakAchievement(c.type, c.milestone), s.at));
    }
  }
  const rows = [...state.values()].flatMap((a) => a.rows);
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(streaks)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  await insertAchievements(tx, earned);
}
