import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CelebrationLevel, Rarity, StreakType } from '#domain/achievement-rules.ts';
import { users } from '#server/db/schema.ts';

/**
 * One row per athlete and streak type. `period` is the last day or week that counted
 * (days and ISO weeks numbered from 1970-01-01 in the athlete's time zone);
 * `trackPeriod`/`trackCount` follow the week being filled for the consistency streak;
 * `lastDay` is the last local day with a submission.
 */
export const streaks = pgTable(
  'streaks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 32 }).notNull(),
    currentCount: integer('current_count').notNull().default(0),
    bestCount: integer('best_count').notNull().default(0),
    period: integer('period'),
    trackPeriod: integer('track_period'),
    trackCount: integer('track_count').notNull().default(0),
    lastDay: integer('last_day'),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Unlocked achievements: `key` names what was earned, unique per athlete, so the same event unlocks once.
 * `poppedAt` is when one of the athlete's tabs took it to pop up (null: not yet), so it pops up once.
 */
export const achievements = pgTable(
  'achievements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 120 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    title: varchar('title', { length: 160 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    icon: varchar('icon', { length: 16 }).notNull(),
    rarity: varchar('rarity', { length: 16 }).$type<Rarity>().notNull(),
    points: integer('points').notNull(),
    celebrationLevel: varchar('celebration_level', { length: 16 }).$type<CelebrationLevel>().notNull(),
    shareWorthy: boolean('share_worthy').notNull().default(false),
    streakData: jsonb('streak_data').$type<{ current_streak: number; streak_type: StreakType } | null>(),
    fullScreen: boolean('full_screen').notNull().default(false),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
    poppedAt: timestamp('popped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('achievements_user_key_idx').on(t.userId, t.key),
    index('achievements_user_unlocked_idx').on(t.userId, t.unlockedAt.desc()),
  ],
);
