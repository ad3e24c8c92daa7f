import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { achievements } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import {
  firstScoreAchievement,
  personalRecordAchievement,
  streakAchievement,
  type AchievementFields,
  type PersonalRecordEvent,
} from '../../src/lib/achievement-rules.ts';
import { publish, type RealtimeEnvelope } from './realtime-events.ts';
import { applySubmission, isTimeZone, listStreaks, presentStreak, setTimeZone } from './streaks.ts';

type AchievementRow = typeof achievements.$inferSelect;

export function presentAchievement(row: AchievementRow) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    icon: row.icon,
    rarity: row.rarity,
    points: row.points,
    unlocked_at: row.unlockedAt.toISOString(),
    progress: 100,
    streak_data: row.streakData ?? null,
    celebration_level: row.celebrationLevel,
    share_worthy: row.shareWorthy,
    full_screen: row.fullScreen,
  };
}

export type AchievementView = ReturnType<typeof presentAchievement>;

/**
 * Stores an achievement once per athlete and key: the second unlock of the same key
 * (a replayed event, a retried request, two nodes racing) inserts nothing and returns null.
 */
export async function unlock(tx: Database, userId: number, key: string, fields: AchievementFields, at: Date): Promise<AchievementView | null> {
  const [row] = await tx
    .insert(achievements)
    .values({
      userId,
      key,
      type: fields.type,
      title: fields.title.slice(0, 160),
      description: fields.description.slice(0, 500),
      icon: fields.icon,
      rarity: fields.rarity,
      points: fields.points,
      celebrationLevel: fields.celebration_level,
      shareWorthy: fields.share_worthy,
      streakData: fields.streak_data,
      fullScreen: fields.full_screen ?? false,
      unlockedAt: at,
    })
    .onConflictDoNothing({ target: [achievements.userId, achievements.key] })
    .returning();
  return row ? presentAchievement(row) : null;
}

/**
 * What a submitted score means for the athlete beyond the board: streaks move, milestones
 * and a first score unlock achievements. Runs in the submission's transaction and
 * publishes there, so the messages leave only if the score is stored.
 */
export async function onScoreSubmitted(
  tx: Database,
  input: { userId: number; at: Date; improved: boolean | null; challengeTitle: string },
): Promise<void> {
  const envelopes: RealtimeEnvelope[] = [];
  const to = { user: input.userId };
  for (const change of await applySubmission(tx, input.userId, { at: input.at, improved: input.improved })) {
    envelopes.push({ to, message: { type: 'streak_updated', streak: presentStreak(change.row, change.row.currentCount) } });
    if (change.milestone === null) continue;
    const achievement = await unlock(tx, input.userId, `streak:${change.type}:${change.milestone}`, streakAchievement(change.type, change.milestone), input.at);
    if (achievement) {
      envelopes.push({ to, message: { type: 'milestone_reached', streak_type: change.type, count: change.milestone, achievement } });
    }
  }
  // Tried on every score: only the first one inserts.
  const first = await unlock(tx, input.userId, 'first_score', firstScoreAchievement(input.challengeTitle), input.at);
  if (first) envelopes.push({ to, message: { type: 'achievement_unlocked', achievement: first } });
  await publish(tx, envelopes);
}

/**
 * The personal-record path: the personal-records service calls this inside the transaction
 * that approves a new best. One achievement per athlete, test and record value, and one
 * PERSONAL_RECORD_ACHIEVED message to the athlete's sockets.
 */
export async function celebratePersonalRecord(tx: Database, event: PersonalRecordEvent, at: Date): Promise<AchievementView | null> {
  const key = `pr:${event.test_id}:${event.new_record_value_raw}:${event.achieved_date}`.slice(0, 120);
  const achievement = await unlock(tx, event.user_id, key, personalRecordAchievement(event), at);
  if (achievement) await publish(tx, [{ to: { user: event.user_id }, message: { type: 'PERSONAL_RECORD_ACHIEVED', ...event, achievement } }]);
  return achievement;
}

export async function listAchievements(ctx: AppContext, userId: number) {
  const rows = await ctx.database.db
    .select()
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(desc(achievements.unlockedAt), desc(achievements.id))
    .limit(200);
  const [total] = await ctx.database.db
    .select({ points: sql<number>`coalesce(sum(${achievements.points}), 0)::int` })
    .from(achievements)
    .where(eq(achievements.userId, userId));
  return { items: rows.map(presentAchievement), total_points: total?.points ?? 0 };
}

export async function myStreaks(ctx: AppContext, userId: number) {
  return { items: await listStreaks(ctx.database.db, userId, ctx.now()) };
}

export async function updateTimeZone(ctx: AppContext, userId: number, zone: string) {
  if (!isTimeZone(zone)) throw badRequest(`${zone} is not a time zone we know; use an IANA name such as Europe/Berlin.`);
  await setTimeZone(ctx.database.db, userId, zone);
  return { time_zone: zone };
}
