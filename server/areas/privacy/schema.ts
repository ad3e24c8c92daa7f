import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/** Privacy choices that are not profile fields: who may invite the athlete, and anonymity on boards. */
export const privacySettings = pgTable('privacy_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** One of domain/privacy.ts INVITATION_AUDIENCES. */
  invitations: varchar('invitations', { length: 16 }).notNull().default('everyone'),
  /** Others see "Athlete #N" instead of the name on every board. */
  boardAnonymous: boolean('board_anonymous').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Requested copies of everything held about an athlete (GDPR art. 15 and 20); the ZIP is kept until it expires. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued → building → ready (or failed). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** Percent of the areas written so far. */
    progress: integer('progress').notNull().default(0),
    /** The ZIP, base64 (same on PGlite and PostgreSQL); emptied when the link expires. */
    archive: text('archive'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt.desc())],
);

/**
 * An account deletion: confirming (a code was mailed) → scheduled (grace period) → erased,
 * or cancelled (signing in during the grace period). One row per account, reused.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull(),
    /** Keyed hash of the mailed confirmation code (confirming only). */
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('account_deletions_due_idx').on(t.status, t.eraseAfter)],
);
