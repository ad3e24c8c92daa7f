import { boolean, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/**
 * Per-account settings that have no other home (units live on the athlete profile, the time zone on users).
 * No row means every default: each event kind goes on the timeline, every popup shows, silently.
 */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Community timeline posting per event kind. */
  timelinePersonalRecord: boolean('timeline_personal_record').notNull().default(true),
  timelineChallengeJoined: boolean('timeline_challenge_joined').notNull().default(true),
  timelineFinalPlace: boolean('timeline_final_place').notNull().default(true),
  /** In-app popups per kind (domain/notifications.ts); the popup sound is off unless chosen. */
  popupAchievementUnlocked: boolean('popup_achievement_unlocked').notNull().default(true),
  popupMilestoneReached: boolean('popup_milestone_reached').notNull().default(true),
  popupPersonalRecord: boolean('popup_personal_record').notNull().default(true),
  popupSound: boolean('popup_sound').notNull().default(false),
  /** Mail per inbox notification kind, only the kinds the athlete chose ({ kind: on }); the rest follow their default. */
  emailKinds: jsonb('email_kinds').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
