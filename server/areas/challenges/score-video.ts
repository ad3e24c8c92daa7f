import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, judgingAudit, scoreVideos, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, isUniqueViolation } from '#server/errors.ts';
import type { JobHandlers } from '#server/lib/jobs.ts';
import { checkExternalVideoUrl, videoRequired, type VideoRule } from '#domain/judging.ts';
import { notify } from '../notifications/index.ts';
import { ownVideoForScore, VIDEO_SETTLED_JOB, videoBacksSomething } from '../videos/index.ts';

// A score's video as its submission checks and stores it; judging (verdicts, the queue) builds on this.

type Tx = Database;

/** One step of judging in the audit trail, in the caller's transaction. */
export async function audit(
  tx: Tx,
  scoreId: number | null,
  actorId: number | null,
  action: string,
  detail: Record<string, unknown>,
  at: Date,
) {
  await tx.insert(judgingAudit).values({ scoreId, actorId, action, detail, at });
}

/** What a score submission brings for its video check. */
export interface ScoreVideoPlan {
  challengeId: number;
  athleteId: number;
  videoId: string | null;
  externalUrl: string | null;
  rule: VideoRule;
  topN: number | null;
}

/** A challenge's video rule as the submission's statement reads it (null: no rule). */
export interface VideoRuleRow {
  rule: string;
  top_n: number | null;
}

/**
 * Reads the submission's `video_id` / `video_url` before its transaction: an own video, ready or still
 * processing (the score then waits for it: settleScoreVideo), not backing another score, or a YouTube/Vimeo link. Asks the database only when a video is given.
 */
export async function checkScoreVideo(
  db: Database,
  athleteId: number,
  given: { video_id?: unknown; video_url?: unknown },
): Promise<{ videoId: string | null; externalUrl: string | null }> {
  const videoId = typeof given.video_id === 'string' ? given.video_id : null;
  const rawUrl = typeof given.video_url === 'string' ? given.video_url : null;
  if (videoId && rawUrl) throw badRequest('Attach one video: an upload or a link, not both.', 'video_url');
  let externalUrl: string | null = null;
  if (rawUrl !== null) {
    const checked = checkExternalVideoUrl(rawUrl);
    if (!checked.ok) throw badRequest(checked.detail, 'video_url');
    externalUrl = checked.url;
  }
  if (videoId) {
    await ownVideoForScore(db, athleteId, videoId, 'video_id');
    // Another score's video, or a battle attempt's judged video (server/areas/battles/attempt-video.ts).
    if (await videoBacksSomething(db, videoId))
      throw new ApiError(409, 'That video already backs another score. Upload a video of this attempt.', 'video_id');
  }
  return { videoId, externalUrl };
}

/**
 * In the submission's transaction, with the challenge's rule read by its first statement: null
 * when there is nothing to check or store; a score without a video where every score needs one is refused.
 */
export function planScoreVideo(
  challengeId: number,
  athleteId: number,
  video: { videoId: string | null; externalUrl: string | null },
  ruleRow: VideoRuleRow | null,
): ScoreVideoPlan | null {
  const rule = (ruleRow?.rule ?? 'none') as VideoRule;
  const topN = ruleRow?.top_n ?? null;
  if (!video.videoId && !video.externalUrl) {
    if (rule === 'every')
      throw new ApiError(422, 'This challenge needs a video with every score: upload one or paste a YouTube or Vimeo link.', 'video_id');
    if (rule === 'none') return null;
  }
  return { challengeId, athleteId, ...video, rule, topN };
}

/** What a stored score's video check reads as in answers: waiting for a judge, or for its video to finish processing. */
export type AttachedCheck = 'unverified' | 'waiting_for_video';

/**
 * The video's status now, its row locked for the submission's transaction: a video whose processing ends at the
 * same moment either ends before (read here as ready or failed) or after this commits (and then finds the score).
 */
async function videoStatusNow(tx: Tx, videoId: string): Promise<string | null> {
  const [row] = await tx.select({ status: videos.status }).from(videos).where(eq(videos.id, videoId)).for('update');
  return row?.status ?? null;
}

/**
 * In the submission's transaction, once the score is stored and its place known: refuses a
 * score without a video that would place in the top N, and stores the video check (judging's queue takes it
 * at once for a ready video; one still processing waits for it, settleScoreVideo). Null: nothing stored.
 */
export async function attachScoreVideo(
  tx: Tx,
  plan: ScoreVideoPlan,
  score: { id: number; value: number; sortKey: bigint; isBest: boolean; rank: number | null },
  now: Date,
): Promise<AttachedCheck | null> {
  if (!plan.videoId && !plan.externalUrl) {
    if (videoRequired(plan.rule, plan.topN, score.isBest ? score.rank : null))
      throw new ApiError(
        422,
        `This score would place in the top ${plan.topN}, which needs a video: upload one or paste a YouTube or Vimeo link.`,
        'video_id',
      );
    return null;
  }
  const status = plan.videoId ? await videoStatusNow(tx, plan.videoId) : 'ready';
  if (status !== 'ready' && status !== 'processing')
    throw new ApiError(422, 'That video could not be processed: upload it again.', 'video_id');
  const waiting = status === 'processing';
  try {
    await tx.insert(scoreVideos).values({
      scoreId: score.id,
      challengeId: plan.challengeId,
      athleteId: plan.athleteId,
      videoId: plan.videoId,
      externalUrl: plan.externalUrl,
      // Out of the judging queue (its key stays null) until the video is ready.
      state: waiting ? 'processing' : 'waiting',
      originalValue: score.value,
      originalSortKey: score.sortKey,
      createdAt: now,
    });
  } catch (error) {
    // Two submissions racing with the same video: the second is refused (and rolls back whole).
    if (isUniqueViolation(error))
      throw new ApiError(409, 'That video already backs another score. Upload a video of this attempt.', 'video_id');
    throw error;
  }
  await audit(
    tx,
    score.id,
    plan.athleteId,
    'attached',
    { video_id: plan.videoId, video_url: plan.externalUrl, ...(waiting ? { waiting_for_video: true } : {}) },
    now,
  );
  return waiting ? 'waiting_for_video' : 'unverified';
}

/** What the athlete is told when the video of a score that waited for it could not be processed. */
export const NO_VIDEO_TITLE = (challenge: string) => `The video of your score in ${challenge} could not be processed`;

/**
 * A video's processing has ended (VIDEO_SETTLED_JOB): the score that waited for it goes to judging as one with a
 * ready video would have (its check waits for a judge; the queue's key is set by the table's trigger), or, when
 * processing failed, keeps its place unverified without a video (`no_video`) and its athlete is told. A video no
 * score waited for, or one settled already, changes nothing.
 */
export async function settleScoreVideo(ctx: AppContext, videoId: string): Promise<void> {
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const [row] = await tx
      .select({
        scoreId: scoreVideos.scoreId,
        athleteId: scoreVideos.athleteId,
        title: challenges.title,
        status: videos.status,
        reason: videos.failureReason,
      })
      .from(scoreVideos)
      .innerJoin(videos, eq(videos.id, scoreVideos.videoId))
      .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
      .where(and(eq(scoreVideos.videoId, videoId), eq(scoreVideos.state, 'processing')))
      .for('update', { of: scoreVideos });
    if (!row || row.status === 'processing' || row.status === 'uploading') return;
    if (row.status === 'ready') {
      await tx.update(scoreVideos).set({ state: 'waiting' }).where(eq(scoreVideos.scoreId, row.scoreId));
      await audit(tx, row.scoreId, null, 'video_ready', { video_id: videoId }, now);
      return;
    }
    await tx.update(scoreVideos).set({ state: 'no_video', videoId: null }).where(eq(scoreVideos.scoreId, row.scoreId));
    await audit(tx, row.scoreId, null, 'video_failed', { video_id: videoId, reason: row.reason }, now);
    await notify(
      tx,
      {
        userId: row.athleteId,
        kind: 'score_video_failed',
        title: NO_VIDEO_TITLE(row.title),
        body: 'Your score stays on the board, unverified: it has no video for a judge to watch. Submit it again with a new upload to have it judged.',
        link: '/my-results-page',
      },
      now,
    );
  });
}

/** The challenges area's job handlers, for the shared worker. */
export const scoreVideoJobHandlers: JobHandlers = {
  [VIDEO_SETTLED_JOB]: (ctx, payload) => settleScoreVideo(ctx, String(payload.videoId)),
};
