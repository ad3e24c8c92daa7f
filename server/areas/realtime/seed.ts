import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { achievements, challengeScores, challenges, personalRecords, tests } from '#server/db/schema.ts';
import { firstScoreAchievement, personalRecordAchievement, type AchievementFields } from '#domain/achievement-rules.ts';

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
  const add = (userId: number, key: string, f: AchievementFields, at: Date) =>
    rows.push({
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
      poppedAt: at, // history, not news: it does not pop up at the first sign-in
    });
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
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(achievements)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
