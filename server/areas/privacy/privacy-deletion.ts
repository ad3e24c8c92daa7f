import { randomInt } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  DELETION_CODE_MAX_TRIES,
  DELETION_CODE_TTL_MS,
  DELETION_GRACE_DAYS,
  DELETION_GRACE_MS,
  FORMER_ATHLETE_NAME,
} from '#domain/privacy.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import {
  accountDeletions,
  achievements,
  athleteProfiles,
  challengeScores,
  communityAuthCodes,
  dataExports,
  feedback,
  historicalResults,
  legalConsents,
  loginCodes,
  passwordResets,
  personalRecords,
  privacySettings,
  sessions,
  streaks,
  timelinePosts,
  userSettings,
  users,
  videos,
  notifications,
  authEvents,
  errorEvents,
  contentReports,
  moderationAppeals,
} from '#server/db/schema.ts';
import { ApiError, conflict } from '#server/errors.ts';
import { sendLater, verifyPassword } from '../auth/index.ts';
import { discardVideo, videoService } from '../videos/index.ts';
import { discardImagesOf } from '../images/index.ts';
import { keyedHash, randomToken, safeEqual } from '#server/lib/tokens.ts';
import { leaveTeamsOnErasure } from '../teams/index.ts';

export const WRONG_PASSWORD_TEXT = 'That password is not right.';
export const WRONG_DELETION_CODE_TEXT = 'That code is wrong or has expired. Ask for a new code with your password.';
export const ALREADY_SCHEDULED_TEXT = 'Your account is already scheduled for deletion.';
/** How many due accounts one sweep erases at most (the next sweep takes the rest). */
const SWEEP_BATCH = 50;

const codeHash = (ctx: AppContext, userId: number, code: string) => keyedHash(ctx.jwtKey, `deletion-code:${userId}:${code}`);

type DeletionRow = typeof accountDeletions.$inferSelect;

function presentDeletion(row: DeletionRow | undefined) {
  return {
    status: (row?.status ?? 'none') as 'none' | 'confirming' | 'scheduled' | 'cancelled' | 'erased',
    erase_after: row?.eraseAfter?.toISOString() ?? null,
    cancelled_at: row?.cancelledAt?.toISOString() ?? null,
    grace_days: DELETION_GRACE_DAYS,
  };
}

export async function getDeletion(ctx: AppContext, userId: number) {
  const [row] = await ctx.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
  return presentDeletion(row);
}

/**
 * Step one: the password again. Right, a code goes to the account's email (the only 6-digit
 * number in it, like sign-in codes); wrong, nothing is stored.
 */
export async function startDeletion(ctx: AppContext, userId: number, password: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw new ApiError(403, WRONG_PASSWORD_TEXT, 'password');
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.database.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)).for('update');
    if (existing?.status === 'scheduled') throw conflict(ALREADY_SCHEDULED_TEXT);
    const confirming = {
      status: 'confirming',
      codeHash: codeHash(ctx, userId, code),
      codeExpiresAt: new Date(now.getTime() + DELETION_CODE_TTL_MS),
      codeAttempts: 0,
    };
    await tx
      .insert(accountDeletions)
      .values({ userId, ...confirming })
      .onConflictDoUpdate({ target: accountDeletions.userId, set: confirming });
  });
  sendLater(ctx, {
    to: user.email,
    subject: 'Your RepForge account deletion code',
    text: `Hello,\n\nSomeone (we hope you) asked to delete your RepForge account. To confirm, enter this code: ${code}\n\nIt works once and expires in ten minutes. If you did not ask for this, change your password with "Forgot your password?" on the sign-in page: someone knows it.\n\nThe RepForge team`,
  });
  return { message: 'We have emailed you a code. Enter it to confirm the deletion.', code_ttl_seconds: DELETION_CODE_TTL_MS / 1000 };
}

/**
 * Step two: the mailed code. Right, the account is scheduled for erasure after the grace
 * period and every session ends (signing in again cancels); wrong, the try is counted.
 */
export async function confirmDeletion(ctx: AppContext, userId: number, code: string) {
  const now = ctx.now();
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)).for('update');
    if (row?.status === 'scheduled') throw conflict(ALREADY_SCHEDULED_TEXT);
    const live = row?.status === 'confirming' && !!row.codeHash && !!row.codeExpiresAt && row.codeExpiresAt > now;
    if (!live || !safeEqual(row.codeHash!, codeHash(ctx, userId, code))) {
      if (live) {
        const attempts = row.codeAttempts + 1;
        await tx
          .update(accountDeletions)
          .set(attempts >= DELETION_CODE_MAX_TRIES ? { codeAttempts: attempts, codeHash: null } : { codeAttempts: attempts })
          .where(eq(accountDeletions.userId, userId));
      }
      return null;
    }
    const [scheduled] = await tx
      .update(accountDeletions)
      .set({
        status: 'scheduled',
        codeHash: null,
        codeExpiresAt: null,
        requestedAt: now,
        eraseAfter: new Date(now.getTime() + DELETION_GRACE_MS),
        cancelledAt: null,
      })
      .where(eq(accountDeletions.userId, userId))
      .returning();
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return { scheduled: scheduled!, email: user!.email };
  });
  if (!outcome) throw new ApiError(400, WRONG_DELETION_CODE_TEXT, 'code');
  const day = outcome.scheduled.eraseAfter!.toISOString().slice(0, 10);
  sendLater(ctx, {
    to: outcome.email,
    subject: 'Your RepForge account will be deleted',
    text: `Hello,\n\nYour RepForge account will be deleted on ${day}. You have been signed out everywhere.\n\nChanged your mind? Sign in before then and the deletion is cancelled.\n\nAfter that day your profile, sign-ins and settings are erased. Your results stay on the boards they are on, in the same places, shown as "${FORMER_ATHLETE_NAME}".\n\nThe RepForge team`,
  });
  return presentDeletion(outcome.scheduled);
}

/**
 * Erases one account whose grace period is over: identity, profile, sign-ins and personal
 * posts go; results stay where they are on every board, under FORMER_ATHLETE_NAME.
 */
async function eraseAccount(ctx: AppContext, userId: number): Promise<boolean> {
  const erased = await eraseRows(ctx, userId);
  // Videos are files as well as rows: each goes with every byte stored for it, after the rows' commit.
  if (erased) {
    for (const v of await ctx.database.db.select({ id: videos.id }).from(videos).where(eq(videos.userId, userId)))
      await discardVideo(videoService(ctx), v.id);
    // Pictures (story images and the avatar) go too: rows, then every stored size.
    await discardImagesOf(ctx, userId);
  }
  return erased;
}

async function eraseRows(ctx: AppContext, userId: number): Promise<boolean> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.eraseAfter, now)))
      .for('update', { skipLocked: true });
    if (!due) return false;
    const tombstone = `erased-${userId}@deleted.invalid`;
    await tx
      .update(users)
      .set({
        email: tombstone,
        emailNormalized: tombstone,
        displayName: FORMER_ATHLETE_NAME,
        // Not a hash any password can match: verifyPassword refuses it.
        passwordHash: `erased$${randomToken()}`,
        role: 'subscriber',
        timeZone: 'UTC',
        lockedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(athleteProfiles)
      .set({ sex: null, birthYear: null, bodyweightKg: null, gym: null, gymId: null, bio: '', avatarUrl: null, updatedAt: now })
      .where(eq(athleteProfiles.userId, userId));
    await tx.update(challengeScores).set({ note: null }).where(eq(challengeScores.userId, userId));
    await tx.update(personalRecords).set({ note: null, evidenceUrl: null }).where(eq(personalRecords.userId, userId));
    await tx
      .update(historicalResults)
      .set({ athleteName: FORMER_ATHLETE_NAME, nameNormalized: FORMER_ATHLETE_NAME.toLowerCase(), email: null })
      .where(eq(historicalResults.userId, userId));
    await tx.update(feedback).set({ userId: null }).where(eq(feedback.userId, userId));
    await tx.update(errorEvents).set({ userId: null }).where(eq(errorEvents.userId, userId));
    // Lasting teams: a captain's team passes on (or is disbanded when nobody is left), in this transaction.
    await leaveTeamsOnErasure(tx as unknown as Database, userId, now);
    // Their reports and appeals go; moderators' decisions about their content stay in the audit trail.
    await tx.delete(contentReports).where(eq(contentReports.reporterId, userId));
    // Judging keeps ids inside JSON, where no foreign key reaches: the erased judge leaves the
    // judges of every score (an appeal still goes to someone else) and certificate entries name nobody.
    await tx.execute(
      sql`update score_videos set judges = coalesce((select jsonb_agg(j) from jsonb_array_elements(judges) j where j <> to_jsonb(${userId}::int)), '[]'::jsonb)
          where judges @> to_jsonb(array[${userId}::int])`,
    );
    await tx.execute(
      sql`update judging_audit set detail = detail - 'user_id' where action = 'certificate' and detail ->> 'user_id' = ${String(userId)}`,
    );
    await tx.delete(moderationAppeals).where(eq(moderationAppeals.authorId, userId));
    for (const table of [
      sessions,
      loginCodes,
      passwordResets,
      communityAuthCodes,
      privacySettings,
      userSettings,
      legalConsents,
      dataExports,
      timelinePosts,
      achievements,
      streaks,
      notifications,
      authEvents,
    ]) {
      await tx.delete(table).where(eq(table.userId, userId));
    }
    await tx.update(accountDeletions).set({ status: 'erased', erasedAt: now, eraseAfter: null }).where(eq(accountDeletions.userId, userId));
    return true;
  });
}

/** Erases every account whose grace period is over (a batch per call). Returns how many. */
export async function eraseDueAccounts(ctx: AppContext): Promise<number> {
  const due = await ctx.database.db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.eraseAfter, ctx.now())))
    .limit(SWEEP_BATCH);
  let erased = 0;
  for (const { userId } of due) if (await eraseAccount(ctx, userId)) erased += 1;
  return erased;
}
