import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { battles, challengeScores, challenges, liveAttempts, users } from '#server/db/schema.ts';
import type { CommentaryFacts } from '#domain/commentary.ts';

/**
 * What a line is about, the same columns (and keys) in the lines and in the drafts waiting for one: a fresh set of
 * column builders per table.
 */
const subjectColumns = () => ({
  /** The challenge of a board move or a live moment (null for a battle's line). */
  challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'cascade' }),
  /** The battle of a round's moment (gone with the battle). */
  battleId: integer('battle_id').references(() => battles.id, { onDelete: 'cascade' }),
  /**
   * The athlete the line is about (erasing the account removes the line); a battle's line about a squad has
   * none, a battle's line naming several athletes has the first one named.
   */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The score that made the move: one line per score (a retried submission writes none), gone with the score. */
  scoreId: integer('score_id').references(() => challengeScores.id, { onDelete: 'cascade' }),
  /** The live attempt a live moment's line is about (gone with the attempt). */
  attemptId: integer('attempt_id').references(() => liveAttempts.id, { onDelete: 'cascade' }),
  /** Which moment of the attempt ('round:5', 'leader', 'pace', …) or battle ('battle_cut:2', …): each is written once. */
  eventKey: varchar('event_key', { length: 40 }),
});

/**
 * Commentary lines (domain/commentary.ts): written for a challenge's board when it moves, or for a battle
 * when a round closes, queued for editors unless the challenge (or battle) auto-publishes; a published line
 * went to the challenge's room (and a live attempt's line to the attempt's room too), a battle's to the battle's.
 */
export const commentaryLines = pgTable(
  'commentary_lines',
  {
    id: serial('id').primaryKey(),
    ...subjectColumns(),
    kind: varchar('kind', { length: 24 }).notNull(),
    /** The public facts the line was written from. */
    facts: jsonb('facts').$type<CommentaryFacts>().notNull(),
    text: varchar('text', { length: 280 }).notNull(),
    /** 'template' or 'model'. */
    source: varchar('source', { length: 12 }).notNull(),
    /** Why the templates wrote it when a model was set up (timed out, refused, over budget…). */
    fallbackReason: varchar('fallback_reason', { length: 200 }),
    /** 'queued', 'published' or 'rejected'. */
    status: varchar('status', { length: 12 }).notNull(),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('commentary_lines_challenge_idx').on(t.challengeId, t.status, t.id),
    index('commentary_lines_status_idx').on(t.status, t.id),
    uniqueIndex('commentary_lines_score_idx').on(t.scoreId),
    uniqueIndex('commentary_lines_event_idx').on(t.attemptId, t.eventKey),
    uniqueIndex('commentary_lines_battle_event_idx').on(t.battleId, t.eventKey),
    index('commentary_lines_battle_idx').on(t.battleId, t.status, t.id),
  ],
);

/** A challenge's commentary stream: whether its lines publish without an editor. */
export const commentaryStreams = pgTable('commentary_streams', {
  challengeId: integer('challenge_id')
    .primaryKey()
    .references(() => challenges.id, { onDelete: 'cascade' }),
  /** Template lines publish at once. */
  autoPublish: boolean('auto_publish').notNull().default(false),
  /** A model's lines publish at once too (they quote athlete-written names, so this is a separate opt-in). */
  autoPublishModel: boolean('auto_publish_model').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A battle's commentary stream: the same two opt-ins as a challenge's. */
export const commentaryBattleStreams = pgTable('commentary_battle_streams', {
  battleId: integer('battle_id')
    .primaryKey()
    .references(() => battles.id, { onDelete: 'cascade' }),
  autoPublish: boolean('auto_publish').notNull().default(false),
  autoPublishModel: boolean('auto_publish_model').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A line waiting for a model (LLM_BASE_URL set): the move's (or moment's) public facts, kept until the board's one
 * coalesced `commentary_drafts` job writes it (server/areas/commentary/drafts.ts) and deletes it in the line's
 * transaction. The same unique keys as the lines, so a moment is waiting once; gone with its subject.
 */
export const commentaryDrafts = pgTable(
  'commentary_drafts',
  {
    id: serial('id').primaryKey(),
    ...subjectColumns(),
    facts: jsonb('facts').$type<CommentaryFacts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('commentary_drafts_challenge_idx').on(t.challengeId, t.id),
    index('commentary_drafts_battle_idx').on(t.battleId, t.id),
    uniqueIndex('commentary_drafts_score_idx').on(t.scoreId),
    uniqueIndex('commentary_drafts_event_idx').on(t.attemptId, t.eventKey),
    uniqueIndex('commentary_drafts_battle_event_idx').on(t.battleId, t.eventKey),
  ],
);
