import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/**
 * One uploaded video: declared at init (size, type, purpose, sha256), received over tus,
 * checked (magic bytes, ffprobe, checksum), then processed into a web rendition and a poster.
 * status: uploading → processing → ready | failed (failure_reason says why).
 */
export const videos = pgTable(
  'videos',
  {
    /** A random UUID: also the tus upload id and the stored files' name. */
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    declaredType: varchar('declared_type', { length: 64 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('uploading'),
    failureReason: varchar('failure_reason', { length: 300 }),
    /** 0..1 while processing. */
    progress: real('progress').notNull().default(0),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    videoCodec: varchar('video_codec', { length: 32 }),
    audioCodec: varchar('audio_codec', { length: 32 }),
    frameRate: real('frame_rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Hidden by moderators (server/areas/moderation/moderation.ts): gone from every public list; the author still sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('videos_user_idx').on(t.userId, t.createdAt.desc()), index('videos_status_created_idx').on(t.status, t.createdAt)],
);

/**
 * Background jobs every node shares: a worker claims the oldest due one with
 * `FOR UPDATE SKIP LOCKED` (PostgreSQL and PGlite alike), so two nodes never run the same job.
 * state: queued → running → done | failed. A running job is leased to one worker (`locked_by`),
 * which renews the lease while it runs (`heartbeat_at`); a job whose lease lapsed, or whose
 * worker's node restarted, goes back to queued (server/lib/jobs.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 48 }).notNull(),
    payload: jsonb('payload').notNull(),
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The worker running it: `<node id>#<boot id>` (server/lib/jobs.ts); null while queued. */
    lockedBy: varchar('locked_by', { length: 120 }),
    /** When its worker last said it is still running it. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * A coalescing job's key (server/lib/jobs.ts, `enqueueCoalesced`): at most one job per key is queued or running;
     * queueing it again while one is marks that one to run again instead of adding a row.
     */
    coalesceKey: varchar('coalesce_key', { length: 120 }),
    /** Queued again for its key while running: it runs once more (from the start) when it ends. */
    runAgain: boolean('run_again').notNull().default(false),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_coalesce_key_idx')
      .on(t.coalesceKey)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);
