import { date, index, integer, pgTable, primaryKey, real, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { challenges } from '../challenges/schema.ts';

// Business intelligence (server/areas/admin/admin-bi*.ts). Two narrow fact tables written at most once
// per person per day (an in-memory "already recorded today" set in front of insert … on conflict
// do nothing), and rollup tables a scheduled job rebuilds; the admin page reads only the rollups.

/** A day (UTC) on which the account made an authenticated call. */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('user_activity_days_day_idx').on(t.day)],
);

/**
 * A visitor who opened a challenge's page on a day (UTC). `visitor` is `u<id>` for an account, or for a
 * visitor without one a keyed hash of address and browser that changes every day (no lasting identifier).
 */
export const challengeViewDays = pgTable(
  'challenge_view_days',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: varchar('visitor', { length: 32 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.day, t.visitor] }),
    index('challenge_view_days_day_idx').on(t.day),
    index('challenge_view_days_user_idx').on(t.userId),
  ],
);

/** Per day (UTC): signups, and accounts active that day, in the 7 and in the 30 days ending that day. */
export const biDaily = pgTable('bi_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  signups: integer('signups').notNull(),
  dailyActive: integer('daily_active').notNull(),
  weeklyActive: integer('weekly_active').notNull(),
  monthlyActive: integer('monthly_active').notNull(),
});

/** Weekly signup cohorts (weeks start Monday, UTC): of the accounts made that week, how many were active `weeks_after` weeks later. */
export const biCohorts = pgTable(
  'bi_cohorts',
  {
    cohortWeek: date('cohort_week', { mode: 'string' }).notNull(),
    weeksAfter: smallint('weeks_after').notNull(),
    cohortSize: integer('cohort_size').notNull(),
    activeUsers: integer('active_users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohortWeek, t.weeksAfter] })],
);

/** The challenge funnel over each offered range: distinct viewers, joiners and submitters; challenge 0 is every challenge together. */
export const biFunnel = pgTable(
  'bi_funnel',
  {
    rangeDays: smallint('range_days').notNull(),
    challengeId: integer('challenge_id').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    viewers: integer('viewers').notNull(),
    joiners: integer('joiners').notNull(),
    submitters: integer('submitters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rangeDays, t.challengeId] }), index('bi_funnel_viewers_idx').on(t.rangeDays, t.viewers.desc())],
);

/** One row: when the rollups were last rebuilt, for which day, and how long it took. */
export const biRollupState = pgTable('bi_rollup_state', {
  id: smallint('id').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  throughDay: date('through_day', { mode: 'string' }).notNull(),
  durationMs: real('duration_ms').notNull(),
});
