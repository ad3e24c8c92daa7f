import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { stories } from '../stories/schema.ts';
import { videos } from '../videos/schema.ts';
import type { QuestionTopic } from '#domain/interviews.ts';

/**
 * An athlete's AI interview (domain/interviews.ts): 'open' while questions wait for answers, 'finished'
 * once every question is answered. It stays private unless the athlete publishes it as a story (story_id).
 */
export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'open' or 'finished'. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The story it was published as (once only); deleting the story makes the interview private again. */
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('interviews_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()), uniqueIndex('interviews_story_idx').on(t.storyId)],
);

/** One question of an interview, in order, with the athlete's answer once given. */
export const interviewQuestions = pgTable(
  'interview_questions',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** The interview's athlete (their data export finds the answers by it). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The public facts (or, for a follow-up, the question and answer) it was built from. */
    topic: jsonb('topic').$type<QuestionTopic>().notNull(),
    text: varchar('text', { length: 200 }).notNull(),
    /** 'template' or 'model'. */
    source: varchar('source', { length: 12 }).notNull(),
    /** Why the templates wrote it although a model is set up. */
    fallbackReason: varchar('fallback_reason', { length: 200 }),
    answer: varchar('answer', { length: 600 }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('interview_questions_position_idx').on(t.interviewId, t.position),
    index('interview_questions_user_idx').on(t.userId),
  ],
);

/**
 * An athlete's video interview: the same questions as the AI interview (no follow-ups), each answered by one
 * clip uploaded through the video pipeline. 'open' until every question has a clip, then 'finished'; the athlete
 * shows it on their profile ('profile') or keeps it to themselves ('private').
 */
export const videoInterviews = pgTable(
  'video_interviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'open' or 'finished'. */
    status: varchar('status', { length: 12 }).notNull(),
    /** 'private' or 'profile'. */
    visibility: varchar('visibility', { length: 12 }).notNull().default('private'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When it was last put on the profile (null while private). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('video_interviews_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/** One question of a video interview with the clip that answers it (a re-take replaces the clip). */
export const videoInterviewQuestions = pgTable(
  'video_interview_questions',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => videoInterviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    topic: jsonb('topic').$type<QuestionTopic>().notNull(),
    text: varchar('text', { length: 200 }).notNull(),
    source: varchar('source', { length: 12 }).notNull(),
    fallbackReason: varchar('fallback_reason', { length: 200 }),
    /** The answering clip; deleting the video leaves the question unanswered again. */
    videoId: varchar('video_id', { length: 36 }).references(() => videos.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('video_interview_questions_position_idx').on(t.interviewId, t.position),
    uniqueIndex('video_interview_questions_video_idx').on(t.videoId),
    index('video_interview_questions_user_idx').on(t.userId),
  ],
);
