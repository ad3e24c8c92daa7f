import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { interviewQuestions, interviews, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { formatMeasure } from '#domain/measures.ts';
import { STREAK_NAMES, STREAK_UNITS } from '#domain/achievement-rules.ts';
import {
  ANSWER_LIMITS,
  MAX_FOLLOW_UPS,
  answerProblem,
  interviewStory,
  planTopics,
  wantsFollowUp,
  type AthleteFacts,
  type QuestionKind,
  type QuestionTopic,
} from '#domain/interviews.ts';
import { myPersonalRecords } from '../athletes/index.ts';
import { myParticipating, mySubmissions } from '../challenges/index.ts';
import { listStreaks } from '../realtime/index.ts';
import { createStoryIn } from '../stories/index.ts';
import { questionWriterFor } from './writer.ts';

// An athlete's AI interviews: questions from their public history, their answers, follow-ups, and the
// athlete's own publish step (with consent) that turns a finished interview into a story.

export const NO_INTERVIEW = 'No interview with that id.';
export const NOT_YOUR_INTERVIEW = 'This interview belongs to another athlete: only they can answer or publish it.';

/** The signed-in athlete as the security handlers found them. */
export interface Interviewee {
  id: number;
  suspendedUntil: Date | null;
}

/** Base questions sit this far apart, so a follow-up slots in right after the answer it follows. */
const POSITION_STEP = 10;
const FACTS_PER_KIND = 3;

type InterviewRow = typeof interviews.$inferSelect;
type QuestionRow = typeof interviewQuestions.$inferSelect;

async function displayName(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'Athlete';
}

/** The public facts of the athlete's history, read through the athletes, challenges and realtime areas. */
export async function historyFacts(ctx: AppContext, userId: number): Promise<AthleteFacts> {
  const db = ctx.database.db;
  const [athlete, records, results, streaks, joined] = await Promise.all([
    displayName(db, userId),
    myPersonalRecords(ctx, userId, { status: 'approved' }),
    mySubmissions(ctx, userId),
    listStreaks(db, userId, ctx.now()),
    myParticipating(ctx, userId),
  ]);
  const seenTests = new Set<number>();
  const bestRecords = records.items.filter((r) => !seenTests.has(r.test_id) && seenTests.add(r.test_id));
  return {
    athlete,
    records: bestRecords.slice(0, FACTS_PER_KIND).map((r) => ({ test: r.test_name, value: formatMeasure(r.value, r.unit) })),
    results: results.items
      .filter((r) => r.is_best && r.score.verification !== 'rejected')
      .slice(0, FACTS_PER_KIND)
      .map((r) => ({ challenge: r.challenge.title, score: r.score.display, place: r.rank ?? null })),
    streaks: streaks.map((s) => ({
      name: STREAK_NAMES[s.type],
      count: s.current_count,
      unit: STREAK_UNITS[s.type][s.current_count === 1 ? 0 : 1],
      best: s.best_count,
    })),
    challenges: joined.items.slice(0, FACTS_PER_KIND).map((c) => c.title),
  };
}

function present(row: InterviewRow, questions: QuestionRow[], writer: 'template' | 'model') {
  const ordered = [...questions].sort((a, b) => a.position - b.position);
  const current = ordered.find((q) => q.answer === null) ?? null;
  const followUps = ordered.filter((q) => q.kind === 'follow_up').length;
  return {
    id: row.id,
    status: row.status as 'open' | 'finished',
    writer,
    from_templates: ordered.every((q) => q.source === 'template'),
    fallback_reason: ordered.find((q) => q.fallbackReason)?.fallbackReason ?? null,
    questions: ordered.map((q) => ({
      id: q.id,
      kind: q.kind as QuestionKind,
      text: q.text,
      source: q.source as 'template' | 'model',
      answer: q.answer,
    })),
    current_question_id: current?.id ?? null,
    follow_ups_left: Math.max(0, MAX_FOLLOW_UPS - followUps),
    story_id: row.storyId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

const questionsOf = (db: Database, id: number) =>
  db.select().from(interviewQuestions).where(eq(interviewQuestions.interviewId, id)).orderBy(asc(interviewQuestions.position));

/** The caller's own interview (404 missing, 403 someone else's), optionally locked for a change. */
async function ownInterview(db: Database, id: number, userId: number, lock = false) {
  const query = db.select().from(interviews).where(eq(interviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_INTERVIEW);
  if (row.userId !== userId) throw new ApiError(403, NOT_YOUR_INTERVIEW);
  return row;
}

function refuseSuspended(ctx: AppContext, who: Interviewee) {
  if (who.suspendedUntil && who.suspendedUntil > ctx.now())
    throw new ApiError(403, 'Your account is suspended, so you cannot give interviews until the suspension ends.');
}

export async function startInterview(ctx: AppContext, who: Interviewee) {
  refuseSuspended(ctx, who);
  const facts = await historyFacts(ctx, who.id);
  const writer = questionWriterFor(ctx);
  const db = ctx.database.db;
  const now = ctx.now();
  const topics = planTopics(facts);
  // Seeds vary the templates' phrasing between interviews yet repeat for the same interview.
  const seedBase = now.getTime() % 1_000_003;
  const written = await Promise.all(topics.map((t, i) => writer.write(t, facts.athlete, seedBase + i * 7919)));
  const { row, questions } = await db.transaction(async (tx) => {
    const [row] = await tx.insert(interviews).values({ userId: who.id, status: 'open', createdAt: now }).returning();
    const questions = await tx
      .insert(interviewQuestions)
      .values(
        topics.map((topic, i) => ({
          interviewId: row!.id,
          userId: who.id,
          position: (i + 1) * POSITION_STEP,
          kind: topic.kind,
          topic,
          text: written[i]!.text,
          source: written[i]!.source,
          fallbackReason: written[i]!.fallbackReason,
        })),
      )
      .returning();
    return { row: row!, questions };
  });
  return present(row, questions, writer.kind);
}

export async function getInterview(ctx: AppContext, userId: number, id: number) {
  const db = ctx.database.db;
  const row = await ownInterview(db, id, userId);
  return present(row, await questionsOf(db, id), questionWriterFor(ctx).kind);
}

export async function myInterviews(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(interviews)
    .where(eq(interviews.userId, userId))
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(50);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({
          id: interviewQuestions.interviewId,
          questions: count(),
          answered: sql<number>`count(${interviewQuestions.answer})`.mapWith(Number),
        })
        .from(interviewQuestions)
        .where(inArray(interviewQuestions.interviewId, ids))
        .groupBy(interviewQuestions.interviewId)
    : [];
  const firsts = ids.length
    ? await db
        .select({ id: interviewQuestions.interviewId, text: interviewQuestions.text, position: interviewQuestions.position })
        .from(interviewQuestions)
        .where(and(inArray(interviewQuestions.interviewId, ids), isNotNull(interviewQuestions.text)))
        .orderBy(asc(interviewQuestions.position))
    : [];
  return {
    items: rows.map((r) => {
      const c = counts.find((x) => x.id === r.id);
      return {
        id: r.id,
        status: r.status as 'open' | 'finished',
        first_question: firsts.find((f) => f.id === r.id)?.text ?? '',
        questions: Number(c?.questions ?? 0),
        answered: Number(c?.answered ?? 0),
        story_id: r.storyId,
        created_at: r.createdAt.toISOString(),
        finished_at: r.finishedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** The question being answered, checked before any model is asked (so a refused answer costs nothing). */
function answerable(row: InterviewRow, questions: QuestionRow[], questionId: number) {
  if (row.status !== 'open') throw conflict('This interview is finished: its answers can no longer change.');
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw notFound('No question with that id in this interview.');
  if (question.answer !== null) throw conflict('This question is already answered.');
  const current = questions.find((q) => q.answer === null);
  if (current?.id !== question.id) throw conflict('Answer the questions in order: this one is not next.');
  return question;
}

export async function answerQuestion(ctx: AppContext, who: Interviewee, id: number, questionId: number, raw: string) {
  refuseSuspended(ctx, who);
  const problem = answerProblem(raw);
  if (problem) throw badRequest(problem, 'text');
  const answer = raw.trim().slice(0, ANSWER_LIMITS.max);
  const db = ctx.database.db;
  const writer = questionWriterFor(ctx);
  const before = await ownInterview(db, id, who.id);
  const beforeQuestions = await questionsOf(db, id);
  const question = answerable(before, beforeQuestions, questionId);
  const followUps = beforeQuestions.filter((q) => q.kind === 'follow_up').length;
  // A follow-up to a history question, written off the transaction (a model may take seconds).
  const topic: QuestionTopic | null =
    question.kind !== 'follow_up' && wantsFollowUp(answer, followUps) ? { kind: 'follow_up', question: question.text, answer } : null;
  const athlete = topic ? await displayName(db, who.id) : '';
  const followUp = topic ? await writer.write(topic, athlete, id * 31 + question.position) : null;
  const now = ctx.now();
  const { row, questions } = await db.transaction(async (tx) => {
    const row = await ownInterview(tx as unknown as Database, id, who.id, true);
    answerable(row, await questionsOf(tx as unknown as Database, id), questionId);
    await tx.update(interviewQuestions).set({ answer, answeredAt: now }).where(eq(interviewQuestions.id, questionId));
    if (topic && followUp)
      await tx.insert(interviewQuestions).values({
        interviewId: id,
        userId: who.id,
        position: question.position + 1,
        kind: 'follow_up',
        topic,
        text: followUp.text,
        source: followUp.source,
        fallbackReason: followUp.fallbackReason,
      });
    const questions = await questionsOf(tx as unknown as Database, id);
    let updated = row;
    if (questions.every((q) => q.answer !== null))
      [updated] = await tx.update(interviews).set({ status: 'finished', finishedAt: now }).where(eq(interviews.id, id)).returning();
    return { row: updated!, questions };
  });
  return present(row, questions, writer.kind);
}

export const CONSENT_NEEDED = 'Tick the box to agree to publishing this interview as a story everyone can read.';

export async function publishInterview(ctx: AppContext, who: Interviewee, id: number, consent: boolean) {
  if (!consent) throw badRequest(CONSENT_NEEDED, 'consent');
  const db = ctx.database.db;
  const now = ctx.now();
  // The story and the interview's link to it stand or fall together; the lock makes publishing twice a 409.
  const { row, questions } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const row = await ownInterview(t, id, who.id, true);
    if (row.status !== 'finished') throw conflict('Answer every question before publishing the interview.');
    if (row.storyId !== null) throw conflict('This interview is already published as a story.');
    const questions = await questionsOf(t, id);
    const story = interviewStory(
      await displayName(t, who.id),
      questions.map((q) => ({ question: q.text, answer: q.answer ?? '' })),
    );
    const storyId = await createStoryIn(ctx, t, who, story);
    const [updated] = await tx.update(interviews).set({ storyId, publishedAt: now }).where(eq(interviews.id, id)).returning();
    return { row: updated!, questions };
  });
  return present(row, questions, questionWriterFor(ctx).kind);
}
