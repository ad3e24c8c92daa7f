import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { judgeCertificates, judgingTestClips, videos } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { certificateExpiry, certificateInForce, gradeClip, type JudgeLevel } from '#domain/judging.ts';
import { presentVideo, videoService } from '../videos/index.ts';
import { audit } from '../challenges/index.ts';
import { myJudgeStatus, presentCertificate } from './judging.ts';

// The judging test (/video-judging-test-page): reference clips with their counts and no-rep marks;
// a candidate who judges every clip within the tolerance is certified for a season.

/** An administrator adds a reference clip: a ready video, its rep count and its no-rep marks. */
export async function createTestClip(
  ctx: AppContext,
  adminId: number,
  body: { video_id: string; title: string; reps: number; marks?: number[] },
) {
  const db = ctx.database.db;
  const title = body.title.trim();
  if (title.length < 3) throw badRequest('Give the clip a title of at least 3 characters.', 'title');
  const [video] = await db.select().from(videos).where(eq(videos.id, body.video_id));
  if (!video) throw notFound('No video with that id.');
  if (video.status !== 'ready') throw conflict('That video is not ready yet.');
  const marks = [...new Set(body.marks ?? [])].sort((a, b) => a - b);
  const now = ctx.now();
  const clip = await db.transaction(async (tx) => {
    const [clip] = await tx
      .insert(judgingTestClips)
      .values({ videoId: video.id, title, reps: body.reps, marks, createdBy: adminId, createdAt: now })
      .returning();
    await audit(tx as unknown as Database, null, adminId, 'test_clip', { clip_id: clip!.id, reps: body.reps, marks }, now);
    return clip!;
  });
  return { id: clip.id, title: clip.title, reps: clip.reps, marks: clip.marks };
}

async function clipsWithVideos(db: Database) {
  return db
    .select({ clip: judgingTestClips, video: videos })
    .from(judgingTestClips)
    .innerJoin(videos, eq(videos.id, judgingTestClips.videoId))
    .where(eq(videos.status, 'ready'))
    .orderBy(asc(judgingTestClips.id));
}

/** The test as a candidate sees it: the clips to judge (never their answers) and the candidate's certificate. */
export async function judgingTest(ctx: AppContext, userId: number) {
  const rows = await clipsWithVideos(ctx.database.db);
  const svc = videoService(ctx);
  return {
    clips: rows.map((r) => ({ id: r.clip.id, title: r.clip.title, video: presentVideo(svc, r.video, userId) })),
    ...(await myJudgeStatus(ctx, userId)),
  };
}

/** Grades an attempt; passing every clip certifies the candidate as a judge for a season (a certificate in force is kept). */
export async function takeJudgingTest(
  ctx: AppContext,
  userId: number,
  body: { answers: { clip_id: number; reps: number; marks?: number[] }[] },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const rows = await clipsWithVideos(db);
  if (rows.length === 0) throw conflict('The judging test has no reference clips yet. Try again once the administrators have added some.');
  const given = new Map(body.answers.map((a) => [a.clip_id, a]));
  const missing = rows.filter((r) => !given.has(r.clip.id));
  if (missing.length)
    throw badRequest(`Judge every clip before sending: ${missing.map((r) => r.clip.title).join(', ')} has no answer.`, 'answers');
  const graded = rows.map((r) => {
    const a = given.get(r.clip.id)!;
    const g = gradeClip({ reps: r.clip.reps, marks: r.clip.marks }, { reps: a.reps, marks: a.marks ?? [] });
    return {
      id: r.clip.id,
      title: r.clip.title,
      passed: g.passed,
      reps_off: g.repsOff,
      missed_marks: g.missedMarks,
      extra_marks: g.extraMarks,
    };
  });
  const passed = graded.every((g) => g.passed);
  const certificate = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await audit(tx, null, userId, 'test_attempt', { passed, clips: graded }, now);
    if (!passed) return null;
    const [current] = await tx
      .select()
      .from(judgeCertificates)
      .where(and(eq(judgeCertificates.userId, userId), isNull(judgeCertificates.revokedAt)))
      .orderBy(desc(judgeCertificates.grantedAt))
      .limit(1)
      .for('update');
    const held =
      current &&
      certificateInForce({ level: current.level as JudgeLevel, grantedAt: current.grantedAt, expiresAt: current.expiresAt }, now);
    if (held) return current;
    if (current) await tx.update(judgeCertificates).set({ revokedAt: now }).where(eq(judgeCertificates.id, current.id));
    const [granted] = await tx
      .insert(judgeCertificates)
      .values({ userId, level: 'judge', grantedBy: null, grantedAt: now, expiresAt: certificateExpiry(now) })
      .returning();
    await audit(tx, null, userId, 'certificate', { user_id: userId, level: 'judge', by: 'judging test' }, now);
    return granted!;
  });
  return { passed, clips: graded, certificate: certificate ? presentCertificate(certificate, now) : null };
}
