import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, judgingAudit, scoreVideos } from '#server/db/schema.ts';
import { ApiError, badRequest, isUniqueViolation } from '#server/errors.ts';
import { checkExternalVideoUrl, videoRequired, type VideoRule } from '#domain/judging.ts';
import { ownReadyVideo } from '../videos/index.ts';

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
 * Reads the submission's `video_id` / `video_url` before its transaction: an own ready video
 * not backing another score, or a YouTube/Vimeo link. Asks the database only when a video is given.
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
    await ownReadyVideo(db, athleteId, videoId, 'video_id');
    const [used] = await db.select({ scoreId: scoreVideos.scoreId }).from(scoreVideos).where(eq(scoreVideos.videoId, videoId));
    // A battle attempt's judged video (server/areas/battles/attempt-video.ts) backs that attempt alone.
    const [attempt] = await db.select({ id: battleAttempts.id }).from(battleAttempts).where(eq(battleAttempts.videoId, videoId));
    if (used || attempt) throw new ApiError(409, 'That video already backs another score. Upload a video of this attempt.', 'video_id');
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

/**
 * In the submission's transaction, once the score is stored and its place known: refuses a
 * score without a video that would place in the top N, and stores the video check.
 */
export async function attachScoreVideo(
  tx: Tx,
  plan: ScoreVideoPlan,
  score: { id: number; value: number; sortKey: bigint; isBest: boolean; rank: number | null },
  now: Date,
): Promise<boolean> {
  if (!plan.videoId && !plan.externalUrl) {
    if (videoRequired(plan.rule, plan.topN, score.isBest ? score.rank : null))
      throw new ApiError(
        422,
        `This score would place in the top ${plan.topN}, which needs a video: upload one or paste a YouTube or Vimeo link.`,
        'video_id',
      );
    return false;
  }
  try {
    await tx.insert(scoreVideos).values({
      scoreId: score.id,
      challengeId: plan.challengeId,
      athleteId: plan.athleteId,
      videoId: plan.videoId,
      externalUrl: plan.externalUrl,
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
  await audit(tx, score.id, plan.athleteId, 'attached', { video_id: plan.videoId, video_url: plan.externalUrl }, now);
  return true;
}
