import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export * from '../areas/feedback/schema.ts';
export * from '../areas/challenges/schema.ts';
export * from '../areas/realtime/schema.ts';
export * from '../areas/athletes/schema.ts';
export * from '../areas/privacy/schema.ts';
export * from '../areas/settings/schema.ts';
export * from '../areas/legal/schema.ts';
export * from '../areas/teams/schema.ts';
export * from '../areas/videos/schema.ts';
export * from '../areas/admin/schema.ts';
export * from '../areas/moderation/schema.ts';
export * from '../areas/events/schema.ts';
export * from '../areas/judging/schema.ts';
export * from '../areas/theater/schema.ts';
export * from '../areas/gyms/schema.ts';
export * from '../areas/admin/schema-bi.ts';
export * from '../areas/sports-network/schema.ts';
export * from '../areas/stories/schema.ts';
export * from '../areas/battles/schema.ts';
export * from '../areas/battles/schema-negotiation.ts';
export * from '../areas/commentary/schema.ts';
export * from '../areas/creators/schema.ts';
export * from '../areas/follows/schema.ts';
export * from '../areas/live/schema.ts';
export * from '../areas/live/schema-broadcasts.ts';
export * from '../areas/interviews/schema.ts';
export * from '../areas/live/schema-streaming.ts';
export * from '../areas/images/schema.ts';

/** Small key/value facts about this database (e.g. the token signing key, when demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts. wp_user_id is id; the role names follow the community site's. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    /** Lower-cased email: unique, what sign-in looks up. */
    emailNormalized: varchar('email_normalized', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: varchar('display_name', { length: 80 }).notNull(),
    role: varchar('role', { length: 16 }).notNull().default('subscriber'),
    /** IANA zone the athlete's days and weeks are counted in (streaks). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    /** Consecutive failed sign-in steps (wrong password or wrong code); reset by a successful sign-in. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Suspended by a moderator: no sign-in until then (server/areas/moderation/moderation.ts). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_normalized_idx').on(t.emailNormalized),
    index('users_created_idx').on(t.createdAt.desc()),
    // Finding people on Global Ranks: the start of the name, or of its second word, on an index whatever the collation.
    index('users_name_prefix_idx').on(sql`lower(${t.displayName}) text_pattern_ops`),
    index('users_second_name_prefix_idx').on(sql`lower(regexp_replace(${t.displayName}, '^\\S+\\s+', '')) text_pattern_ops`),
  ],
);

/** One-time sign-in codes, stored hashed; one live code per account. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the sign-in attempt cookie of the browser that passed the password step. */
    attemptHash: varchar('attempt_hash', { length: 64 }),
    /** Wrong tries from that browser. */
    attempts: integer('attempts').notNull().default(0),
    /** Wrong tries from anywhere else: enough of them spend the code for everyone but that browser. */
    strangerAttempts: integer('stranger_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_codes_user_idx').on(t.userId, t.createdAt.desc())],
);

/** A session family: one sign-in, its rotating refresh token and its CSRF token. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    previousRefreshHash: varchar('previous_refresh_hash', { length: 64 }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, cut to 300 characters: names the device in the settings' session list. */
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [
    uniqueIndex('sessions_refresh_idx').on(t.refreshHash),
    index('sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('sessions_user_idx').on(t.userId),
    // Active today (the admin dashboard).
    index('sessions_created_idx').on(t.createdAt),
    index('sessions_rotated_idx').on(t.rotatedAt),
  ],
);

/**
 * Every refresh token a session family has rotated away, hashed, for the family's life:
 * presenting any of them again (beyond the immediate parent's short grace) ends the family.
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: varchar('session_id', { length: 36 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Password reset links, stored hashed, single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Single-use codes the community site exchanges for the signed-in user. */
export const communityAuthCodes = pgTable('community_auth_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
