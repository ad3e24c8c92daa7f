import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { challengeVideoRules, challenges, judgeCertificates, judgingAudit, scoreVideos, users } from '../db/schema.ts';
import { ApiError, badRequest, isUniqueViolation, notFound } from '../errors.ts';
import {
  certificateExpiry,
  certificateInForce,
  checkExternalVideoUrl,
  VIDEO_TOP_N,
  videoRequired,
  type Certificate,
  type JudgeLevel,
  type VideoRule,
} from '../../domain/judging.ts';
import { isAdminRole } from './auth.ts';
import { ownReadyVideo } from './videos.ts';

// Judging scores by video: the challenge's video rule, a score's video, judges' certificates and the audit trail.
// The queue, claims, verdicts and appeals are in judging-verdicts.ts.

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

export async function videoRuleOf(db: Database, challengeId: number): Promise<{ rule: VideoRule; top_n: number | null }> {
  const [row] = await db.select().from(challengeVideoRules).where(eq(challengeVideoRules.challengeId, challengeId));
  return row ? { rule: row.rule as VideoRule, top_n: row.topN } : { rule: 'none', top_n: null };
}

export async function getVideoRule(ctx: AppContext, challengeId: number) {
  const db = ctx.database.db;
  const [c] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.id, challengeId), isNull(challenges.deletedAt)));
  if (!c) throw notFound('No challenge with that id.');
  return { challenge_id: challengeId, ...(await videoRuleOf(db, challengeId)) };
}

/** The creator (or an administrator) sets when a score needs a video. */
export async function setVideoRule(
  ctx: AppContext,
  caller: { id: number; role: string },
  challengeId: number,
  body: { rule: VideoRule; top_n?: number | null },
) {
  const db = ctx.database.db;
  const [c] = await db
    .select()
    .from(challenges)
    .where(and(eq(challenges.id, challengeId), isNull(challenges.deletedAt)));
  if (!c) throw notFound('No challenge with that id.');
  if (c.creatorId !== caller.id && !isAdminRole(caller.role))
    throw new ApiError(403, 'Only the challenge’s creator or an administrator can change its video rule.');
  const topN = body.top_n ?? null;
  if (body.rule === 'top_n' && (topN === null || topN < VIDEO_TOP_N.min || topN > VIDEO_TOP_N.max))
    throw badRequest(`Say how many places need a video (${VIDEO_TOP_N.min} to ${VIDEO_TOP_N.max}).`, 'top_n');
  if (body.rule !== 'top_n' && topN !== null) throw badRequest('A number of places goes with “top N” only.', 'top_n');
  const now = ctx.now();
  await db.transaction(async (tx) => {
    const row = { challengeId, rule: body.rule, topN, updatedAt: now };
    await tx.insert(challengeVideoRules).values(row).onConflictDoUpdate({ target: challengeVideoRules.challengeId, set: row });
    await audit(tx as unknown as Tx, null, caller.id, 'video_rule', { challenge_id: challengeId, rule: body.rule, top_n: topN }, now);
  });
  return { challenge_id: challengeId, rule: body.rule, top_n: topN };
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
    if (used) throw new ApiError(409, 'That video already backs another score. Upload a video of this attempt.', 'video_id');
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

// Certificates.

type CertificateRow = typeof judgeCertificates.$inferSelect;

export const presentCertificate = (c: CertificateRow, now: Date) => ({
  id: c.id,
  user_id: c.userId,
  level: c.level as JudgeLevel,
  granted_at: c.grantedAt.toISOString(),
  expires_at: c.expiresAt.toISOString(),
  in_force: certificateInForce(asCertificate(c), now),
});

const asCertificate = (c: CertificateRow): Certificate => ({
  level: c.level as JudgeLevel,
  grantedAt: c.grantedAt,
  expiresAt: c.expiresAt,
  revokedAt: c.revokedAt,
});

/** The judge's latest certificate that is not revoked (in force or not). */
export async function certificateOf(db: Database, userId: number): Promise<Certificate | null> {
  const [row] = await db
    .select()
    .from(judgeCertificates)
    .where(and(eq(judgeCertificates.userId, userId), isNull(judgeCertificates.revokedAt)))
    .orderBy(desc(judgeCertificates.grantedAt))
    .limit(1);
  return row ? asCertificate(row) : null;
}

/** An administrator certifies a judge for a season; a newer certificate replaces the older one. */
export async function grantCertificate(ctx: AppContext, adminId: number, body: { user_id: number; level: JudgeLevel }) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!user) throw notFound('No account with that id.');
  const row = await db.transaction(async (tx) => {
    await tx
      .update(judgeCertificates)
      .set({ revokedAt: now })
      .where(and(eq(judgeCertificates.userId, body.user_id), isNull(judgeCertificates.revokedAt)));
    const [granted] = await tx
      .insert(judgeCertificates)
      .values({ userId: body.user_id, level: body.level, grantedBy: adminId, grantedAt: now, expiresAt: certificateExpiry(now) })
      .returning();
    await audit(tx as unknown as Tx, null, adminId, 'certificate', { user_id: body.user_id, level: body.level }, now);
    return granted!;
  });
  return presentCertificate(row, now);
}

export async function myJudgeStatus(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const [row] = await ctx.database.db
    .select()
    .from(judgeCertificates)
    .where(and(eq(judgeCertificates.userId, userId), isNull(judgeCertificates.revokedAt)))
    .orderBy(desc(judgeCertificates.grantedAt))
    .limit(1);
  return { certificate: row ? presentCertificate(row, now) : null };
}
