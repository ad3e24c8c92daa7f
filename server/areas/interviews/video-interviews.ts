import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { users, videoInterviewQuestions, videoInterviews, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { planTopics, type QuestionKind } from '#domain/interviews.ts';
import { presentProfileVideo, presentVideo, videoService, type VideoRow } from '../videos/index.ts';
import { historyFacts, type Interviewee } from './interviews.ts';
import { questionWriterFor } from './writer.ts';

// Video interviews: the AI interview's questions (the same planner and writer), each answered by one clip the
// athlete recorded and uploaded through the video pipeline; finished ones are shown on the profile or kept private.

export const NO_VIDEO_INTERVIEW = 'No video interview with that id.';
export const NOT_YOUR_VIDEO_INTERVIEW = 'This video interview belongs to another athlete: only they can answer or publish it.';
export const CLIP_NOT_YOURS = 'That clip is not one of your interview uploads.';
export const PROFILE_LIST_LIMIT = 10;
const MINE_LIMIT = 20;
const POSITION_STEP = 10;

type Row = typeof videoInterviews.$inferSelect;
type QuestionRow = typeof videoInterviewQuestions.$inferSelect;
export type Visibility = 'private' | 'profile';

async function displayName(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'Athlete';
}

const questionsOf = (db: Database, ids: number[]) =>
  ids.length
    ? db
        .select()
        .from(videoInterviewQuestions)
        .where(inArray(videoInterviewQuestions.interviewId, ids))
        .orderBy(asc(videoInterviewQuestions.position))
    : Promise.resolve([] as QuestionRow[]);

async function clipsOf(db: Database, questions: QuestionRow[]): Promise<Map<string, VideoRow>> {
  const ids = questions.map((q) => q.videoId).filter((v): v is string => v !== null);
  const rows = ids.length ? await db.select().from(videos).where(inArray(videos.id, ids)) : [];
  return new Map(rows.map((v) => [v.id, v]));
}

/** The interviews as the API shows them; `clip` mints each clip's links (the owner's, or a profile viewer's). */
async function present(ctx: AppContext, rows: Row[], clip: (v: VideoRow) => ReturnType<typeof presentVideo> | null) {
  const db = ctx.database.db;
  const questions = await questionsOf(
    db,
    rows.map((r) => r.id),
  );
  const clips = await clipsOf(db, questions);
  const names = new Map<number, string>();
  for (const r of rows) if (!names.has(r.userId)) names.set(r.userId, await displayName(db, r.userId));
  return rows.map((row) => {
    const own = questions.filter((q) => q.interviewId === row.id);
    const video = (q: QuestionRow) => {
      const v = q.videoId ? clips.get(q.videoId) : undefined;
      return v ? clip(v) : null;
    };
    return {
      id: row.id,
      athlete: names.get(row.userId) ?? 'Athlete',
      status: row.status as 'open' | 'finished',
      visibility: row.visibility as Visibility,
      questions: own.map((q) => ({ id: q.id, kind: q.kind as QuestionKind, text: q.text, video: video(q) })),
      current_question_id: own.find((q) => q.videoId === null)?.id ?? null,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      published_at: row.publishedAt?.toISOString() ?? null,
    };
  });
}

const presentOwn = async (ctx: AppContext, row: Row) => {
  const svc = videoService(ctx);
  return (await present(ctx, [row], (v) => presentVideo(svc, v, row.userId)))[0]!;
};

async function ownInterview(db: Database, id: number, userId: number, lock = false) {
  const query = db.select().from(videoInterviews).where(eq(videoInterviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_VIDEO_INTERVIEW);
  if (row.userId !== userId) throw new ApiError(403, NOT_YOUR_VIDEO_INTERVIEW);
  return row;
}

function refuseSuspended(ctx: AppContext, who: Interviewee) {
  if (who.suspendedUntil && who.suspendedUntil > ctx.now())
    throw new ApiError(403, 'Your account is suspended, so you cannot give interviews until the suspension ends.');
}

export async function startVideoInterview(ctx: AppContext, who: Interviewee) {
  refuseSuspended(ctx, who);
  const facts = await historyFacts(ctx, who.id);
  const writer = questionWriterFor(ctx);
  const now = ctx.now();
  const topics = planTopics(facts);
  const seedBase = now.getTime() % 1_000_003;
  const written = await Promise.all(topics.map((t, i) => writer.write(t, facts.athlete, seedBase + i * 7919)));
  const row = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.insert(videoInterviews).values({ userId: who.id, status: 'open', createdAt: now }).returning();
    await tx.insert(videoInterviewQuestions).values(
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
    );
    return row!;
  });
  return presentOwn(ctx, row);
}

export async function getVideoInterview(ctx: AppContext, userId: number, id: number) {
  return presentOwn(ctx, await ownInterview(ctx.database.db, id, userId));
}

export async function myVideoInterviews(ctx: AppContext, userId: number) {
  const rows = await ctx.database.db
    .select()
    .from(videoInterviews)
    .where(eq(videoInterviews.userId, userId))
    .orderBy(desc(videoInterviews.createdAt), desc(videoInterviews.id))
    .limit(MINE_LIMIT);
  const svc = videoService(ctx);
  return { items: await present(ctx, rows, (v) => presentVideo(svc, v, userId)) };
}

/** The clip must be the athlete's own interview upload, fully received and answering nothing else yet. */
async function usableClip(db: Database, userId: number, videoId: string, questionId: number) {
  const [v] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!v || v.userId !== userId || v.purpose !== 'interview') throw badRequest(CLIP_NOT_YOURS, 'video_id');
  if (v.status === 'uploading') throw conflict('That clip is still uploading: answer with it once the upload finishes.');
  if (v.status === 'failed') throw conflict('That clip could not be processed: record the answer again.');
  const [used] = await db
    .select({ id: videoInterviewQuestions.id })
    .from(videoInterviewQuestions)
    .where(eq(videoInterviewQuestions.videoId, videoId));
  if (used && used.id !== questionId) throw conflict('That clip already answers another question.');
}

export async function answerWithClip(ctx: AppContext, who: Interviewee, id: number, questionId: number, rawVideoId: string) {
  refuseSuspended(ctx, who);
  const videoId = rawVideoId.toLowerCase();
  const now = ctx.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const row = await ownInterview(t, id, who.id, true);
    if (row.visibility === 'profile') throw conflict('This interview is on your profile: make it private before re-taking an answer.');
    const questions = await questionsOf(t, [id]);
    const question = questions.find((q) => q.id === questionId);
    if (!question) throw notFound('No question with that id in this interview.');
    const next = questions.find((q) => q.videoId === null);
    if (question.videoId === null && next?.id !== question.id) throw conflict('Answer the questions in order: this one is not next.');
    await usableClip(t, who.id, videoId, questionId);
    await tx.update(videoInterviewQuestions).set({ videoId, answeredAt: now }).where(eq(videoInterviewQuestions.id, questionId));
    const done = questions.every((q) => q.id === questionId || q.videoId !== null);
    if (!done || row.status === 'finished') return row;
    const [updated] = await tx
      .update(videoInterviews)
      .set({ status: 'finished', finishedAt: now })
      .where(eq(videoInterviews.id, id))
      .returning();
    return updated!;
  });
  return presentOwn(ctx, row);
}

export async function setVisibility(ctx: AppContext, who: Interviewee, id: number, visibility: Visibility) {
  if (visibility === 'profile') refuseSuspended(ctx, who);
  const row = await ctx.database.db.transaction(async (tx) => {
    const row = await ownInterview(tx as unknown as Database, id, who.id, true);
    if (row.status !== 'finished') throw conflict('Answer every question before publishing the interview.');
    if (row.visibility === visibility) return row;
    const [updated] = await tx
      .update(videoInterviews)
      .set({ visibility, publishedAt: visibility === 'profile' ? ctx.now() : null })
      .where(eq(videoInterviews.id, id))
      .returning();
    return updated!;
  });
  return presentOwn(ctx, row);
}

/** The interviews an athlete shows on their profile, each clip with links for this viewer (0: signed out). */
export async function profileVideoInterviews(ctx: AppContext, userId: number, viewerId: number) {
  const rows = await ctx.database.db
    .select()
    .from(videoInterviews)
    .where(and(eq(videoInterviews.userId, userId), eq(videoInterviews.visibility, 'profile')))
    .orderBy(desc(videoInterviews.publishedAt), desc(videoInterviews.id))
    .limit(PROFILE_LIST_LIMIT);
  const svc = videoService(ctx);
  // A clip moderators hid is left out (its question shows no video).
  return { items: await present(ctx, rows, (v) => (v.hiddenAt ? null : presentProfileVideo(svc, v, viewerId))) };
}

/** Whether a video interview on a profile shows this clip now: what a profile viewer's link is checked against. */
export async function shownOnProfile(db: Database, videoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoInterviewQuestions.id })
    .from(videoInterviewQuestions)
    .innerJoin(videoInterviews, eq(videoInterviews.id, videoInterviewQuestions.interviewId))
    .innerJoin(videos, eq(videos.id, videoInterviewQuestions.videoId))
    .where(
      and(
        eq(videoInterviewQuestions.videoId, videoId),
        eq(videoInterviews.visibility, 'profile'),
        isNull(videos.hiddenAt),
        eq(videos.status, 'ready'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
