import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';

/**
 * Gyms athletes train at and teams belong to. One row per gym: the name and city are unique
 * whatever their case; `name_key` (domain/gyms.ts gymNameKey) finds near-duplicates on an index.
 * A merge moves every pointer to the surviving gym and deletes the other (gym_changes remembers it).
 */
export const gyms = pgTable(
  'gyms',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    nameKey: varchar('name_key', { length: 120 }).notNull(),
    city: varchar('city', { length: 80 }).notNull().default(''),
    /** ISO 3166-1 alpha-2, upper case; '' when unknown. */
    country: varchar('country', { length: 2 }).notNull().default(''),
    website: varchar('website', { length: 300 }).notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gyms_name_city_lower_idx').on(sql`lower(${t.name})`, sql`lower(${t.city})`),
    // Autocomplete: `lower(name) like 'prefix%'` on an index whatever the database's collation.
    index('gyms_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('gyms_name_key_idx').on(t.nameKey),
    index('gyms_verified_idx').on(t.verified, t.id),
  ],
);

/**
 * The gyms audit trail: create, edit (detail: `<field>_before`/`<field>_after`), verify, unverify, merge.
 * `gym_id` is the gym acted on (the survivor of a merge); `other_gym_id`/`other_name` the merged-away gym. No foreign keys: the history outlives
 * the rows, and a merged gym's old id still leads to its survivor.
 */
export const gymChanges = pgTable(
  'gym_changes',
  {
    id: serial('id').primaryKey(),
    gymId: integer('gym_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    otherGymId: integer('other_gym_id'),
    otherName: varchar('other_name', { length: 120 }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, number | string | boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('gym_changes_gym_idx').on(t.gymId, t.id), index('gym_changes_other_idx').on(t.otherGymId)],
);
