import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/** One group of errors with the same fingerprint (kind + normalized message + top frame). */
export const errorGroups = pgTable(
  'error_groups',
  {
    id: serial('id').primaryKey(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    topFrame: varchar('top_frame', { length: 300 }).notNull().default(''),
    /** The latest stack seen for the group. */
    stack: text('stack'),
    lastRelease: varchar('last_release', { length: 64 }),
    lastUrl: varchar('last_url', { length: 500 }),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    occurrences: integer('occurrences').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /** When it was resolved or ignored, and by whom. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** How often a resolved group came back. */
    reopenedCount: integer('reopened_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('error_groups_fingerprint_idx').on(t.fingerprint),
    index('error_groups_last_seen_idx').on(t.lastSeen.desc(), t.id.desc()),
    index('error_groups_status_idx').on(t.status, t.lastSeen.desc()),
  ],
);

/** Each report of a group: when, from which release and page, by whom (null for visitors and the server). */
export const errorEvents = pgTable(
  'error_events',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => errorGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    release: varchar('release', { length: 64 }),
    url: varchar('url', { length: 500 }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('error_events_group_idx').on(t.groupId, t.occurredAt.desc()), index('error_events_time_idx').on(t.occurredAt)],
);

/** Every authentication event, with the address and browser it came from. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The email as typed (failures against unknown accounts have no user). */
    email: varchar('email', { length: 254 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    /** Who did it, for administrators' actions (role change, unlock, revoke). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: varchar('detail', { length: 200 }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_events_time_idx').on(t.occurredAt.desc(), t.id.desc()),
    index('auth_events_user_idx').on(t.userId, t.occurredAt.desc()),
    index('auth_events_ip_idx').on(t.ip, t.occurredAt.desc()),
    index('auth_events_kind_idx').on(t.kind, t.occurredAt.desc()),
  ],
);

/** A rate limit an administrator changed at run time (per route group: an operation of the contract). */
export const rateLimitSettings = pgTable('rate_limit_settings', {
  routeGroup: varchar('route_group', { length: 80 }).primaryKey(),
  max: integer('max').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every change of a rate limit: the audit trail. */
export const rateLimitChanges = pgTable(
  'rate_limit_changes',
  {
    id: serial('id').primaryKey(),
    routeGroup: varchar('route_group', { length: 80 }).notNull(),
    oldMax: integer('old_max').notNull(),
    newMax: integer('new_max').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_changes_time_idx').on(t.changedAt.desc())],
);

/** Each request a rate limit turned away: which group, which key (the caller's address), when. */
export const rateLimitRejections = pgTable(
  'rate_limit_rejections',
  {
    id: serial('id').primaryKey(),
    routeGroup: varchar('route_group', { length: 80 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_rejections_time_idx').on(t.occurredAt),
    index('rate_limit_rejections_group_idx').on(t.routeGroup, t.occurredAt),
  ],
);
