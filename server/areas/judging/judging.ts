import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challengeVideoRules, challenges, judgeCertificates, users } from '#server/db/schema.ts';
import { ApiError, badRequest, notFound } from '#server/errors.ts';
import { certificateExpiry, certificateInForce, VIDEO_TOP_N, type Certificate, type JudgeLevel, type VideoRule } from '#domain/judging.ts';
import { isAdminRole } from '../auth/index.ts';
import { audit } from '../challenges/index.ts';

// Judging scores by video: the challenge's video rule, a score's video, judges' certificates and the audit trail.
// The queue, claims, verdicts and appeals are in judging-verdicts.ts.

type Tx = Database;

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

/** The role gate's question (x-role: judge): does this account hold a certificate in force? */
export async function judgesNow(ctx: AppContext, userId: number): Promise<boolean> {
  return certificateInForce(await certificateOf(ctx.database.db, userId), ctx.now());
}
