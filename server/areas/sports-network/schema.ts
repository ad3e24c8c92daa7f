import { date, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { events } from '../events/schema.ts';
import { gyms } from '../gyms/schema.ts';
import { users } from '#server/db/schema.ts';

/** A federation groups leagues (a national or regional body). Names are unique whatever their case. */
export const federations = pgTable(
  'federations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    /** Country or region in words ("Germany", "Nordics"); '' when not given. */
    region: varchar('region', { length: 80 }).notNull().default(''),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('federations_name_lower_idx').on(sql`lower(${t.name})`)],
);

/**
 * A league: member gyms and a set of events over one season. Deleting its federation leaves the
 * league without one; deleting the league removes its memberships (the audit keeps the history).
 */
export const leagues = pgTable(
  'leagues',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    federationId: integer('federation_id').references(() => federations.id, { onDelete: 'set null' }),
    seasonName: varchar('season_name', { length: 80 }).notNull(),
    seasonStartsOn: date('season_starts_on', { mode: 'string' }).notNull(),
    seasonEndsOn: date('season_ends_on', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('leagues_name_lower_idx').on(sql`lower(${t.name})`), index('leagues_federation_idx').on(t.federationId)],
);

/** A league's member gyms. A gym merged away (deleted) leaves its leagues with it. */
export const leagueGyms = pgTable(
  'league_gyms',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    gymId: integer('gym_id')
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.gymId] }), index('league_gyms_gym_idx').on(t.gymId)],
);

/** The events a league's season counts. */
export const leagueEvents = pgTable(
  'league_events',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.eventId] }), index('league_events_event_idx').on(t.eventId)],
);

/**
 * The sports network's audit trail, like gym_changes: every create, update and delete of a
 * federation or league and every gym or event added to or removed from a league. No foreign keys:
 * the history outlives the rows. `subject` is 'federation' or 'league'; `detail` names what changed.
 */
export const sportsNetworkChanges = pgTable(
  'sports_network_changes',
  {
    id: serial('id').primaryKey(),
    subject: varchar('subject', { length: 16 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, number | string | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sports_network_changes_subject_idx').on(t.subject, t.subjectId, t.id)],
);
