import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { liveAttempts, users } from '#server/db/schema.ts';

/**
 * A site-wide broadcast (domain/live-broadcasts.ts): scheduled, live, then ended. It features one live
 * attempt or an external stream (its canonical YouTube/Twitch address). One is live at a time.
 */
export const liveBroadcasts = pgTable(
  'live_broadcasts',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    /** 'scheduled', 'live' or 'ended'. */
    status: varchar('status', { length: 12 }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    featuredAttemptId: integer('featured_attempt_id').references(() => liveAttempts.id, { onDelete: 'set null' }),
    streamUrl: varchar('stream_url', { length: 300 }),
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** 'pinned' (the featured attempt stays, an administrator's or editor's choice) or 'auto' (the director picks; live-director.ts). */
    directorMode: varchar('director_mode', { length: 8 }).notNull().default('pinned'),
    /** When the featured attempt last changed (the director waits its minimum interval after it). */
    switchedAt: timestamp('switched_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One broadcast live at a time, across nodes.
    uniqueIndex('live_broadcasts_one_live_idx')
      .on(t.status)
      .where(sql`status = 'live'`),
    index('live_broadcasts_status_idx').on(t.status, t.id),
  ],
);

/** Who watched a broadcast lately: one row per viewer's page (a random key), refreshed by its heartbeat. */
export const liveBroadcastViewers = pgTable(
  'live_broadcast_viewers',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => liveBroadcasts.id, { onDelete: 'cascade' }),
    viewer: varchar('viewer', { length: 64 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.viewer] }), index('live_broadcast_viewers_seen_idx').on(t.broadcastId, t.seenAt)],
);
