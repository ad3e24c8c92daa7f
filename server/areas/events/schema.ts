import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { challenges } from '../challenges/schema.ts';
import { users } from '#server/db/schema.ts';

/** A competition of several workouts (challenges) with one overall standing per division (domain/events.ts). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    description: varchar('description', { length: 5000 }).notNull().default(''),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sum_of_places', 'points_table' or 'p_score'. */
    rule: varchar('rule', { length: 16 }).notNull(),
    /** Points per place for 'points_table' (1st first); empty for the other rules. */
    pointsTable: jsonb('points_table').$type<number[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_ends_idx').on(t.endsAt, t.id), index('events_creator_idx').on(t.creatorId, t.createdAt.desc())],
);

/** The workouts of an event, in order (position 1 …). */
export const eventWorkouts = pgTable(
  'event_workouts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.challengeId] }),
    uniqueIndex('event_workouts_position_idx').on(t.eventId, t.position),
    index('event_workouts_challenge_idx').on(t.challengeId),
  ],
);
