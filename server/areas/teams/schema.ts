import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { gyms } from '../gyms/schema.ts';
import { challengeParticipants, challengeTeams, challenges } from '../challenges/schema.ts';

/** The in-app inbox: one row per thing an account was told (invitations, requests, approvals, later every area's events). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    title: varchar('title', { length: 160 }).notNull(),
    body: varchar('body', { length: 1000 }).notNull().default(''),
    /** An in-app path (e.g. /team-dashboard-page?id=3), or empty. */
    link: varchar('link', { length: 300 }).notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Lasting teams: they outlive any one challenge (per-challenge teams stay in challenge_teams). */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    tag: varchar('tag', { length: 6 }).notNull().default(''),
    gym: varchar('gym', { length: 80 }).notNull().default(''),
    /** The gym the `gym` text names, when one matches (server/areas/gyms/gyms.ts). */
    gymId: integer('gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    /** public (anyone may ask to join) or invite_only. */
    visibility: varchar('visibility', { length: 16 }).notNull().default('invite_only'),
    maxSize: integer('max_size').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Hidden by moderators (server/areas/moderation/moderation.ts): gone from every public list; the author still sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Part of the calendar link's key (teams-calendar.ts): a new one when a member leaves or is removed, or the captain asks, so old links stop working. */
    calendarSalt: varchar('calendar_salt', { length: 32 }).notNull().default(''),
  },
  (t) => [uniqueIndex('teams_name_lower_idx').on(sql`lower(${t.name})`), index('teams_gym_id_idx').on(t.gymId)],
);

/** Who is in a team and as what: one captain, any co-captains, members. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16 }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/**
 * Invitations (a captain asks an athlete or an email address) and join requests (an athlete asks a
 * public team). An email invitation has no user until that address signs up.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** invite or request. */
    kind: varchar('kind', { length: 8 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased address of an email invitation (kept after sign-up, for the record). */
    email: varchar('email', { length: 254 }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** pending, accepted, declined, revoked or expired. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_invitations_pending_user_idx')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} = 'pending' and ${t.userId} is not null`),
    uniqueIndex('team_invitations_pending_email_idx')
      .on(t.teamId, t.email)
      .where(sql`${t.status} = 'pending' and ${t.userId} is null`),
    index('team_invitations_user_idx').on(t.userId, t.status),
    index('team_invitations_email_idx')
      .on(t.email)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * A lasting team entered into a team challenge as a unit: the challenge's own team (challenge_teams) is
 * created for it, so every team board reads it unchanged; this row links the two.
 */
export const teamChallengeEntries = pgTable(
  'team_challenge_entries',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    challengeTeamId: integer('challenge_team_id')
      .notNull()
      .references(() => challengeTeams.id, { onDelete: 'cascade' }),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('team_challenge_entries_team_challenge_idx').on(t.teamId, t.challengeId),
    uniqueIndex('team_challenge_entries_challenge_team_idx').on(t.challengeTeamId),
    index('team_challenge_entries_challenge_idx').on(t.challengeId),
  ],
);

/**
 * Alliances: two or more lasting teams that agreed to stand together (multi-gym events, later battles).
 * pending until every invited team's captain accepts, then active; ended once fewer than two teams remain.
 */
export const alliances = pgTable(
  'alliances',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    /** pending, active or ended. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    proposedByTeam: integer('proposed_by_team').references(() => teams.id, { onDelete: 'set null' }),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activeAt: timestamp('active_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('alliances_status_idx').on(t.status)],
);

/** One team's place in an alliance: invited (waiting for its captain), accepted, or left (declined or left later). */
export const allianceMembers = pgTable(
  'alliance_members',
  {
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 10 }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.allianceId, t.teamId] }), index('alliance_members_team_idx').on(t.teamId, t.state)],
);

/**
 * The alliances an athlete counts for in a challenge (the alliance board of a multi-gym event): every alliance
 * that was active with one of their lasting teams accepted in it when they joined, written in the join's
 * transaction, so teams or alliances changing later move no past result. Goes with the participation.
 */
export const challengeParticipantAlliances = pgTable(
  'challenge_participant_alliances',
  {
    challengeId: integer('challenge_id').notNull(),
    userId: integer('user_id').notNull(),
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId, t.allianceId] }),
    foreignKey({
      columns: [t.challengeId, t.userId],
      foreignColumns: [challengeParticipants.challengeId, challengeParticipants.userId],
      name: 'challenge_participant_alliances_participant_fk',
    }).onDelete('cascade'),
    index('challenge_participant_alliances_alliance_idx').on(t.challengeId, t.allianceId),
    /** The challenges an alliance stands on (migration 0077: a renamed alliance or team tells those boards). */
    index('challenge_participant_alliances_by_alliance_idx').on(t.allianceId, t.challengeId),
  ],
);
