import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/**
 * A signed-in user's report of one item (kind + id: a profile, challenge, score, team or video; later areas
 * add kinds in server/areas/moderation/moderation-kinds.ts). One open report per reporter per item.
 * status: open → actioned (hidden, warned, suspended) | dismissed.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The item's id as text (videos have UUIDs). */
    itemId: varchar('item_id', { length: 64 }).notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of MODERATION_REASONS (domain/moderation.ts); its severity orders the queue. */
    reason: varchar('reason', { length: 24 }).notNull(),
    details: varchar('details', { length: 1000 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_reports_open_once_idx')
      .on(t.kind, t.itemId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('content_reports_open_idx')
      .on(t.kind, t.itemId)
      .where(sql`${t.status} = 'open'`),
    index('content_reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * Every moderation decision, the audit trail: who did what to which item (and whose it was), why.
 * action: hide | restore | dismiss | warn | suspend. An appeal (once per action) is decided by an
 * administrator who did not act: upheld or reversed.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    /** The item's author at the time (null once their account is gone). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 1000 }).notNull(),
    /** For suspend: how many days, and until when. */
    suspendDays: integer('suspend_days'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** How many open reports the action closed. */
    reportsClosed: integer('reports_closed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('moderation_actions_author_idx').on(t.authorId, t.createdAt.desc()),
    index('moderation_actions_item_idx').on(t.kind, t.itemId, t.createdAt.desc()),
    index('moderation_actions_time_idx').on(t.createdAt.desc()),
  ],
);

/** The author's one appeal of a decision, and an administrator's answer. status: open → upheld | reversed. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 1000 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: varchar('decision_reason', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('moderation_appeals_action_idx').on(t.actionId),
    index('moderation_appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
