/**
 * Streak rules. Days and weeks are the athlete's own (their time zone, weeks Monday to Sunday).
 *
 * - daily_submissions: consecutive days with at least one submitted score. Another score the
 *   same day changes nothing; a score the next day adds one; a missed day starts again at 1.
 * - weekly_participation: consecutive weeks with at least one submitted score, counted the same way.
 * - consistency_streak: consecutive weeks in which the athlete submitted on at least
 *   CONSISTENCY_DAYS_PER_WEEK different days; a week counts the moment it reaches that.
 * - improvement_streak: consecutive submissions that beat the athlete's own best in that
 *   challenge. A score that does not beat it resets the streak to 0; a first score in a
 *   challenge, or one held for review, leaves it as it is.
 *
 * Reading a streak after a gap shows 0 (a daily streak whose last day was before yesterday is over).
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { streaks, users } from '#server/db/schema.ts';
import { STREAK_TYPES, isMilestone, nextMilestone, progressToNext, type StreakType } from '#domain/achievement-rules.ts';

export const CONSISTENCY_DAYS_PER_WEEK = 3;
const DAY_MS = 86_400_000;

export type StreakRow = typeof streaks.$inferSelect;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Days since 1970-01-01 of the calendar date it is at `at` in `zone`. */
export function localDay(at: Date, zone: string): number {
  let f = dayFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: isTimeZone(zone) ? zone : 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return Math.round(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY_MS);
}

/** Monday-to-Sunday weeks numbered from the week of 1970-01-01 (a Thursday). */
export const weekOf = (day: number) => Math.floor((day + 3) / 7);

export interface StreakView {
  type: StreakType;
  current_count: number;
  best_count: number;
  last_updated: string;
  next_milestone: number;
  progress_to_next: number;
}

/** What a submission did to one streak: its new state, and the count reached if it was a milestone. */
export interface StreakChange {
  type: StreakType;
  row: StreakRow;
  milestone: number | null;
}

export interface Submission {
  at: Date;
  /** true: beat the athlete's previous best in the challenge; false: did not; null: first score or held for review. */
  improved: boolean | null;
}

function advance(row: StreakRow, type: StreakType, today: number, s: Submission): StreakRow | null {
  const week = weekOf(today);
  const next = { ...row, lastUpdated: s.at };
  const step = (period: number) => {
    if (row.period === period) return false;
    next.currentCount = row.period === period - 1 ? row.currentCount + 1 : 1;
    next.period = period;
    return true;
  };
  switch (type) {
    case 'daily_submissions':
      return step(today) ? next : null;
    case 'weekly_participation':
      return step(week) ? next : null;
    case 'consistency_streak': {
      if (row.lastDay === today) return null;
      next.lastDay = today;
      next.trackCount = row.trackPeriod === week ? row.trackCount + 1 : 1;
      next.trackPeriod = week;
      if (next.trackCount === CONSISTENCY_DAYS_PER_WEEK) step(week);
      return next;
    }
    case 'improvement_streak': {
      if (s.improved === null) return null;
      next.currentCount = s.improved ? row.currentCount + 1 : 0;
      return next;
    }
  }
}

/**
 * What one submission does to an athlete's streaks (rows as locked by the caller, one per
 * type): the rows to store, and the changes worth telling the athlete about.
 */
export function planSubmission(rows: StreakRow[], timeZone: string, s: Submission): { updates: StreakRow[]; changes: StreakChange[] } {
  const today = localDay(s.at, timeZone);
  const updates: StreakRow[] = [];
  const changes: StreakChange[] = [];
  for (const row of rows) {
    const type = row.type as StreakType;
    const next = advance(row, type, today, s);
    if (!next) continue;
    next.bestCount = Math.max(row.bestCount, next.currentCount);
    updates.push(next);
    if (next.currentCount === row.currentCount) continue;
    changes.push({ type, row: next, milestone: isMilestone(type, next.currentCount) ? next.currentCount : null });
  }
  return { updates, changes };
}

/** Planned streak rows as the one JSON document `saveStreaks` reads. */
export function streakRowsJson(updates: StreakRow[]): string {
  return JSON.stringify(
    updates.map((u) => ({
      type: u.type,
      current_count: u.currentCount,
      best_count: u.bestCount,
      period: u.period,
      track_period: u.trackPeriod,
      track_count: u.trackCount,
      last_day: u.lastDay,
      last_updated: u.lastUpdated.toISOString(),
    })),
  );
}

/**
 * One statement that stores planned streak rows, given as `streakRowsJson` (one document,
 * so the text never varies; none stores nothing), both bound through placeholders.
 */
export function saveStreaks(userId: Placeholder, rowsJson: Placeholder): SQL {
  return sql`update ${streaks} as s set current_count = v.current_count, best_count = v.best_count, period = v.period,
      track_period = v.track_period, track_count = v.track_count, last_day = v.last_day, last_updated = v.last_updated
    from jsonb_to_recordset(${rowsJson}::jsonb) as v(type varchar, current_count int, best_count int, period int,
      track_period int, track_count int, last_day int, last_updated timestamptz)
    where s.user_id = ${userId}::int and s.type = v.type`;
}

/** Makes sure an athlete has a row for every streak type (a first submission creates them). */
export async function ensureStreakRows(tx: Database, userId: number, at: Date) {
  await tx
    .insert(streaks)
    .values(STREAK_TYPES.map((type) => ({ userId, type, lastUpdated: at })))
    .onConflictDoNothing();
}

/** A streaks row as `row_to_json` writes it. */
export function streakFromJson(j: Record<string, unknown>): StreakRow {
  return {
    userId: Number(j.user_id),
    type: String(j.type),
    currentCount: Number(j.current_count),
    bestCount: Number(j.best_count),
    period: j.period === null ? null : Number(j.period),
    trackPeriod: j.track_period === null ? null : Number(j.track_period),
    trackCount: Number(j.track_count),
    lastDay: j.last_day === null ? null : Number(j.last_day),
    lastUpdated: new Date(String(j.last_updated)),
  };
}

/** The count as it stands now: a streak whose last day or week is past the next one has ended. */
export function currentCount(row: StreakRow, zone: string, now: Date): number {
  const today = localDay(now, zone);
  const type = row.type as StreakType;
  if (type === 'improvement_streak') return row.currentCount;
  const period = type === 'daily_submissions' ? today : weekOf(today);
  return row.period !== null && row.period >= period - 1 ? row.currentCount : 0;
}

export function presentStreak(row: StreakRow, count: number): StreakView {
  const type = row.type as StreakType;
  return {
    type,
    current_count: count,
    best_count: row.bestCount,
    last_updated: row.lastUpdated.toISOString(),
    next_milestone: nextMilestone(type, count),
    progress_to_next: progressToNext(type, count),
  };
}

export async function listStreaks(db: Database, userId: number, now: Date): Promise<StreakView[]> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const rows = await db.select().from(streaks).where(eq(streaks.userId, userId));
  const zone = user?.timeZone ?? 'UTC';
  return STREAK_TYPES.map((type) => {
    const row = rows.find((r) => r.type === type) ?? {
      userId,
      type,
      currentCount: 0,
      bestCount: 0,
      period: null,
      trackPeriod: null,
      trackCount: 0,
      lastDay: null,
      lastUpdated: now,
    };
    return presentStreak(row, currentCount(row, zone, now));
  });
}

export async function setTimeZone(db: Database, userId: number, zone: string) {
  await db.update(users).set({ timeZone: zone }).where(eq(users.id, userId));
}
