import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { judgeCertificates, judgingTestAttempts, judgingTestClips, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  certificateExpiry,
  certificateInForce,
  clipFeedback,
  drawClips,
  gradeClip,
  nextTestAttemptAt,
  TEST_ATTEMPT_WINDOW_DAYS,
  TEST_CLIPS_PER_ATTEMPT,
  testAttemptsLeft,
  testAttemptWait,
  type JudgeLevel,
} from '#domain/judging.ts';
import { presentVideo, videoService } from '../videos/index.ts';
import { audit } from '../challenges/index.ts';
import { myJudgeStatus, presentCertificate } from './judging.ts';

// The judging test (/video-judging-test-page): reference clips with their counts and no-rep marks;
// a candidate who judges every clip within the tolerance is certified for a season. Each attempt
// draws its clips at random from the pool; its answer says per clip only what needs another look
// (never by how much nor where), and attempts are capped with a wait after a failed one.

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

type Tx = Database;

/** Where an attempt draws its clips from: [0, 1) from the system's cryptographic source. */
const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

async function clipsWithVideos(db: Tx) {
  return db
    .select({ clip: judgingTestClips, video: videos })
    .from(judgingTestClips)
    .innerJoin(videos, eq(videos.id, judgingTestClips.videoId))
    .where(eq(videos.status, 'ready'))
    .orderBy(asc(judgingTestClips.id));
}

/** The candidate's attempts graded within the window (what the cap and the wait are counted from). */
async function recentAttempts(db: Tx, userId: number, now: Date) {
  const since = new Date(now.getTime() - TEST_ATTEMPT_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({ gradedAt: judgingTestAttempts.gradedAt, passed: judgingTestAttempts.passed })
    .from(judgingTestAttempts)
    .where(and(eq(judgingTestAttempts.userId, userId), isNotNull(judgingTestAttempts.gradedAt), gt(judgingTestAttempts.gradedAt, since)));
  return rows.map((r) => ({ gradedAt: r.gradedAt!, passed: r.passed === true }));
}

const openAttemptOf = (db: Tx, userId: number) =>
  db
    .select()
    .from(judgingTestAttempts)
    .where(and(eq(judgingTestAttempts.userId, userId), isNull(judgingTestAttempts.gradedAt)));

type ClipRow = Awaited<ReturnType<typeof clipsWithVideos>>[number];

/** The drawn clips still in the pool, in the order drawn. */
const drawnClips = (pool: ClipRow[], clipIds: number[]) =>
  clipIds.map((id) => pool.find((r) => r.clip.id === id)).filter((r): r is ClipRow => r !== undefined);

/**
 * The test as a candidate sees it: the clips drawn for their open attempt (drawn now when none is
 * open; never their answers), how many attempts are left and, while they must wait, from when.
 */
export async function judgingTest(ctx: AppContext, userId: number, random: () => number = secureRandom) {
  const db = ctx.database.db;
  const now = ctx.now();
  const status = await myJudgeStatus(ctx, userId);
  const recent = await recentAttempts(db, userId, now);
  const next = nextTestAttemptAt(recent, now);
  const answer = (clips: ClipRow[]) => {
    const svc = videoService(ctx);
    return {
      clips: clips.map((r) => ({ id: r.clip.id, title: r.clip.title, video: presentVideo(svc, r.video, userId) })),
      attempts_left: testAttemptsLeft(recent, now),
      next_attempt_at: next?.toISOString() ?? null,
      ...status,
    };
  };
  if (status.certificate?.in_force || next) return answer([]);
  const pool = await clipsWithVideos(db);
  const [open] = await openAttemptOf(db, userId);
  const kept = open ? drawnClips(pool, open.clipIds) : [];
  if (kept.length > 0 || pool.length === 0) return answer(kept);
  // None open (or none of its clips left in the pool): draw one.
  if (open) await db.delete(judgingTestAttempts).where(eq(judgingTestAttempts.id, open.id));
  const drawn = drawClips(pool, TEST_CLIPS_PER_ATTEMPT, random);
  await db
    .insert(judgingTestAttempts)
    .values({ userId, clipIds: drawn.map((r) => r.clip.id), drawnAt: now })
    .onConflictDoNothing();
  // A draw made at the same moment by another request of the candidate's wins.
  const [mine] = await openAttemptOf(db, userId);
  return answer(drawnClips(pool, mine?.clipIds ?? []));
}

/**
 * Grades the open attempt; passing every clip certifies the candidate as a judge for a season
 * (a certificate in force is kept). Refused, storing nothing, beyond the cap or inside the wait.
 */
export async function takeJudgingTest(
  ctx: AppContext,
  userId: number,
  body: { answers: { clip_id: number; reps: number; marks?: number[] }[] },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const pool = await clipsWithVideos(db);
  if (pool.length === 0) throw conflict('The judging test has no reference clips yet. Try again once the administrators have added some.');
  const given = new Map(body.answers.map((a) => [a.clip_id, a]));
  const result = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    // The open attempt, locked: a second answer sent at the same time finds it graded.
    const [open] = await openAttemptOf(tx, userId).for('update');
    const next = nextTestAttemptAt(await recentAttempts(tx, userId, now), now);
    if (next) throw new ApiError(429, testAttemptWait(next));
    const clips = open ? drawnClips(pool, open.clipIds) : [];
    if (!open || clips.length === 0) throw conflict('Open the judging test to get your clips, then send your answers for them.');
    const missing = clips.filter((r) => !given.has(r.clip.id));
    if (missing.length)
      throw badRequest(`Judge every clip before sending: ${missing.map((r) => r.clip.title).join(', ')} has no answer.`, 'answers');
    const graded = clips.map((r) => {
      const a = given.get(r.clip.id)!;
      const g = gradeClip({ reps: r.clip.reps, marks: r.clip.marks }, { reps: a.reps, marks: a.marks ?? [] });
      return { id: r.clip.id, title: r.clip.title, ...clipFeedback(g) };
    });
    const passed = graded.every((g) => g.passed);
    await tx.update(judgingTestAttempts).set({ gradedAt: now, passed }).where(eq(judgingTestAttempts.id, open.id));
    // The trail keeps what the candidate was told, not the distances (it goes into their data export).
    await audit(tx, null, userId, 'test_attempt', { passed, clips: graded }, now);
    const recent = await recentAttempts(tx, userId, now);
    const after = { attempts_left: testAttemptsLeft(recent, now), next_attempt_at: nextTestAttemptAt(recent, now)?.toISOString() ?? null };
    if (!passed) return { passed, clips: graded, certificate: null, ...after };
    return { passed, clips: graded, certificate: await certify(tx, userId, now), ...after };
  });
  return { ...result, certificate: result.certificate ? presentCertificate(result.certificate, now) : null };
}

/** A passed attempt's certificate: the one in force, or a new one for a season. */
async function certify(tx: Tx, userId: number, now: Date) {
  const [current] = await tx
    .select()
    .from(judgeCertificates)
    .where(and(eq(judgeCertificates.userId, userId), isNull(judgeCertificates.revokedAt)))
    .orderBy(desc(judgeCertificates.grantedAt))
    .limit(1)
    .for('update');
  const held =
    current && certificateInForce({ level: current.level as JudgeLevel, grantedAt: current.grantedAt, expiresAt: current.expiresAt }, now);
  if (held) return current;
  if (current) await tx.update(judgeCertificates).set({ revokedAt: now }).where(eq(judgeCertificates.id, current.id));
  const [granted] = await tx
    .insert(judgeCertificates)
    .values({ userId, level: 'judge', grantedBy: null, grantedAt: now, expiresAt: certificateExpiry(now) })
    .returning();
  await audit(tx, null, userId, 'certificate', { user_id: userId, level: 'judge', by: 'judging test' }, now);
  return granted!;
}
