import { bigint, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { liveAttempts } from './schema.ts';

/**
 * A live attempt's camera stream: the id its segments and its recording are stored under in the video store
 * (the recording becomes the video with this id), the newest segment, and what became of the recording.
 * recording: 'streaming' → 'queued' (the attempt ended as a score) → 'made' | 'failed' (recording_problem), or
 * 'none' (abandoned: no recording is made) → 'removed' (the cleanup job deleted its segments, bytes 0).
 * `bytes` counts toward the athlete's video storage quota until the recording replaces the segments ('made').
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    attemptId: integer('attempt_id')
      .primaryKey()
      .references(() => liveAttempts.id, { onDelete: 'cascade' }),
    videoId: varchar('video_id', { length: 36 }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastSha256: varchar('last_sha256', { length: 64 }),
    /** Where the newest segment's recording ended, in ms from the attempt's start. */
    lastEndMs: integer('last_end_ms').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    recording: varchar('recording', { length: 12 }).notNull().default('streaming'),
    recordingProblem: varchar('recording_problem', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('live_streams_video_idx').on(t.videoId),
    // Abandoned streams whose segments the cleanup job has yet to remove.
    index('live_streams_unremoved_idx')
      .on(t.attemptId)
      .where(sql`recording = 'none'`),
  ],
);

/** One received segment (its bytes are in the video store as media/<video id>/seg-<seq>.webm). */
export const liveSegments = pgTable(
  'live_segments',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => liveAttempts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** When its recording began and how long it lasts (ms; the athlete's clock, from the attempt's start). */
    atMs: integer('at_ms').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The hole before it (0: none), shown to judges as "gap of N s". */
    gapMs: integer('gap_ms').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.seq] }),
    index('live_segments_gap_idx')
      .on(t.attemptId)
      .where(sql`gap_ms > 0`),
  ],
);

/**
 * The stored segments of a stream whose attempt was deleted (with its challenge or account): a trigger on
 * live_streams writes the video id here as the row goes (migration 0068), and the cleanup job removes the
 * segments from the video store, then the row.
 */
export const liveStreamLeftovers = pgTable('live_stream_leftovers', {
  videoId: varchar('video_id', { length: 36 }).primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
