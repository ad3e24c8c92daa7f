import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';

/** Feedback sent through the footer dialog. user_id is null for signed-out visitors. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull(),
    pageUrl: varchar('page_url', { length: 500 }),
    browserInfo: varchar('browser_info', { length: 200 }),
    stepsToReproduce: varchar('steps_to_reproduce', { length: 1000 }),
    status: varchar('status', { length: 16 }).notNull().default('new'),
    adminNote: varchar('admin_note', { length: 2000 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('feedback_status_idx').on(t.status, t.createdAt.desc()),
    index('feedback_type_idx').on(t.type, t.createdAt.desc()),
  ],
);

/** Every status change of a piece of feedback: who, when, from what to what, and why. */
export const feedbackChanges = pgTable(
  'feedback_changes',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }).notNull(),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    note: varchar('note', { length: 2000 }),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_changes_feedback_idx').on(t.feedbackId, t.changedAt)],
);

/** The rating given on the signed-out page. */
export const signoutFeedback = pgTable(
  'signout_feedback',
  {
    id: serial('id').primaryKey(),
    rating: smallint('rating').notNull(),
    comment: varchar('comment', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signout_feedback_created_idx').on(t.createdAt.desc())],
);

export const feedbackSearchExpression = sql`lower(${feedback.subject} || ' ' || ${feedback.description})`;
