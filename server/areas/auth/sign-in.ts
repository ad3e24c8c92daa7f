import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { loginCodes, sessions, users } from '#server/db/schema.ts';
import { ApiError } from '#server/errors.ts';
import {
  LOGIN_STARTED_TEXT,
  SESSION_MAX_AGE_MS,
  WRONG_CODE_TEXT,
  findByEmail,
  issue,
  roleFromConfig,
  scryptLogN,
  sendLater,
  type IssuedSession,
} from './auth.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { cancelDeletionOnSignIn, mailDeletionCancelled } from './deletion-on-sign-in.ts';
import { keyedHash, randomToken, safeEqual, sha256 } from '#server/lib/tokens.ts';
import { recordAuthEvent, type RequestMeta } from './security-events.ts';
import { suspendedText } from '#domain/moderation.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_RESEND_SECONDS = 60;
/** Wrong tries from the browser that passed the password step before its code is spent. */
export const MAX_CODE_TRIES = 5;
/** Wrong tries from anywhere else before the code stops working there (it still works in that browser). */
export const MAX_STRANGER_TRIES = 5;
/** After codes were spent by wrong tries, a fresh one waits 1, 2, 4, 8… minutes, never more than this. */
export const CODE_BACKOFF_MAX_SECONDS = 15 * 60;
/** Spent codes older than this no longer lengthen the wait. */
export const CODE_BACKOFF_WINDOW_MS = 60 * 60 * 1000;

/** No account has id 0: an unknown email runs the same statements, which find nothing. */
const NO_ACCOUNT = 0;

/** What a login code is stored as: keyed, so a copy of the table does not give the codes away. */
const loginCodeHash = (ctx: AppContext, userId: number, code: string) => keyedHash(ctx.jwtKey, `login-code:${userId}:${code}`);

/** The wait before a fresh code, given how many codes were spent by wrong tries lately. */
export function codeBackoffSeconds(spentLately: number): number {
  if (spentLately <= 0) return CODE_RESEND_SECONDS;
  return Math.min(CODE_RESEND_SECONDS * 2 ** (spentLately - 1), CODE_BACKOFF_MAX_SECONDS);
}

/** A failed sign-in step is counted (shown to admins); it never locks the account. */
async function recordFailure(ctx: AppContext, userId: number) {
  await ctx.database.db
    .update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Checks email and password and answers at once; whatever follows (counting a failure,
 * making and mailing a code) runs after the answer, so every case costs the caller one
 * lookup and one scrypt: unknown email, wrong password, right password. `attemptHash`
 * names the browser asking (its sign-in attempt cookie): the code is bound to it.
 */
export async function initiateLogin(ctx: AppContext, input: { email: string; password: string }, attemptHash: string, meta?: RequestMeta) {
  const user = await findByEmail(ctx, input.email);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(scryptLogN(ctx))));
  // A suspended account hears so (with the date) only from someone who knows its password.
  if (passwordOk && user && !user.lockedAt && user.suspendedUntil && user.suspendedUntil > ctx.now()) {
    recordAuthEvent(ctx, meta, { kind: 'sign_in_failure', userId: user.id, email: input.email, detail: 'account suspended' });
    throw new ApiError(403, suspendedText(user.suspendedUntil));
  }
  if (user && !user.lockedAt) {
    if (passwordOk) ctx.tasks.defer('login code', () => sendLoginCode(ctx, user.id, attemptHash));
    else ctx.tasks.defer('failed sign-in', () => recordFailure(ctx, user.id));
  }
  if (!passwordOk || !user || user.lockedAt) {
    const detail = !user ? 'unknown email' : user.lockedAt ? 'account locked' : 'wrong password';
    recordAuthEvent(ctx, meta, { kind: 'sign_in_failure', userId: user?.id, email: input.email, detail });
  }
  return { message: LOGIN_STARTED_TEXT, resend_after_seconds: CODE_RESEND_SECONDS, code_ttl_seconds: CODE_TTL_SECONDS };
}

async function sendLoginCode(ctx: AppContext, userId: number, attemptHash: string) {
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const recipient = await ctx.database.db.transaction(async (tx) => {
    // One sign-in attempt at a time per account: the row lock orders concurrent ones.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.lockedAt) return null;
    const [[latest], [spent]] = await Promise.all([
      tx
        .select({ createdAt: loginCodes.createdAt, consumedAt: loginCodes.consumedAt, attempts: loginCodes.attempts })
        .from(loginCodes)
        .where(eq(loginCodes.userId, userId))
        .orderBy(desc(loginCodes.createdAt))
        .limit(1),
      // Codes spent by wrong tries in the asking browser lately (strangers' tries do not count).
      tx
        .select({ n: count() })
        .from(loginCodes)
        .where(
          and(
            eq(loginCodes.userId, userId),
            gte(loginCodes.attempts, MAX_CODE_TRIES),
            gt(loginCodes.createdAt, new Date(now.getTime() - CODE_BACKOFF_WINDOW_MS)),
          ),
        ),
    ]);
    // The resend window stops code spam while a code is out (or was burnt by wrong tries), and
    // grows (bounded) with the codes burnt lately; once a code was used, a new one comes at once.
    const codeOut = latest && (latest.consumedAt === null || latest.attempts >= MAX_CODE_TRIES);
    if (codeOut && now.getTime() - latest.createdAt.getTime() < codeBackoffSeconds(spent?.n ?? 0) * 1000) return null;
    // A new attempt voids every earlier code of this account.
    await tx
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      userId,
      codeHash: loginCodeHash(ctx, userId, code),
      attemptHash,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return user.email;
  });
  if (!recipient) return;
  // The code is the only 6-digit number in the mail (no name or date that could hold one).
  sendLater(ctx, {
    to: recipient,
    subject: 'Your RepForge sign-in code',
    text: `Hello,\n\nYour sign-in code is ${code}\n\nIt works once and expires in ten minutes. If you did not try to sign in, someone else knows your password: change it with "Forgot your password?" on the sign-in page.\n\nThe RepForge team`,
  });
}

/** Tells the owner why a code stopped working and how to get back in (no 6-digit number in it). */
function mailCodeSpent(ctx: AppContext, to: string, byStranger: boolean, waitSeconds: number) {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const text = byStranger
    ? `Hello,\n\nSomeone entered wrong sign-in codes for your account ${MAX_STRANGER_TRIES} times from a browser other than the one where you asked for your code. Your code no longer works anywhere else.\n\nYour account is not locked. In the browser where you asked for the code, the code from your latest email still works. You can also sign in again with your email and password to get a fresh code.\n\nNobody can sign in without the code we send only to this address. If you were not signing in, someone may know your password: change it with "Forgot your password?" on the sign-in page.\n\nThe RepForge team`
    : `Hello,\n\nA wrong sign-in code was entered ${MAX_CODE_TRIES} times, so that code no longer works.\n\nYour account is not locked. Sign in again with your email and password to get a fresh code (it can be sent in about ${minutes} minute${minutes === 1 ? '' : 's'}).\n\nIf this was not you, someone knows your password: change it with "Forgot your password?" on the sign-in page.\n\nThe RepForge team`;
  sendLater(ctx, { to, subject: 'A RepForge sign-in code was entered wrongly too often', text });
}

/**
 * Signs in with the mailed code. Every path runs the same statements (an unknown email
 * looks up account 0, which has nothing), so the answer's timing does not tell whether
 * an account exists. A wrong try counts against the code, never the account: in the
 * browser that asked for it (`attemptHash`) MAX_CODE_TRIES spend it; from anywhere else
 * MAX_STRANGER_TRIES stop it working there only, so a stranger cannot keep the owner out.
 */
export async function verifyOtp(
  ctx: AppContext,
  input: { email: string; code: string },
  attemptHash: string | null,
  userAgent: string | null = null,
  meta?: RequestMeta,
): Promise<IssuedSession> {
  const started = performance.now();
  const user = await findByEmail(ctx, input.email);
  const userId = user?.id ?? NO_ACCOUNT;
  const presented = loginCodeHash(ctx, userId, input.code);
  const now = ctx.now();
  const refreshToken = randomToken();
  const session = {
    id: randomUUID(),
    userId,
    csrfToken: randomToken(24),
    refreshHash: sha256(refreshToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    userAgent,
  };
  // Using the code up and opening the session go together.
  const outcome = await ctx.database.db.transaction(async (tx) => {
    // The account row first, as in sendLoginCode: one lock order, no deadlock between them.
    const [account] = await tx.select({ lockedAt: users.lockedAt }).from(users).where(eq(users.id, userId)).for('update');
    const [live] = await tx
      .select()
      .from(loginCodes)
      .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now)))
      .orderBy(desc(loginCodes.createdAt))
      .limit(1)
      .for('update');
    const bound = !!live?.attemptHash && !!attemptHash && safeEqual(live.attemptHash, attemptHash);
    const right = safeEqual(live?.codeHash ?? '', presented);
    const usable = !!account && !account.lockedAt && !!live && (bound || live.strangerAttempts < MAX_STRANGER_TRIES);
    if (!usable || !right) {
      // Counted on the code (an update of nothing when there is none).
      const [counted] = await tx
        .update(loginCodes)
        .set(
          bound
            ? {
                attempts: sql`${loginCodes.attempts} + 1`,
                consumedAt: sql`case when ${loginCodes.attempts} + 1 >= ${MAX_CODE_TRIES} then ${now.toISOString()}::timestamptz else null end`,
              }
            : { strangerAttempts: sql`${loginCodes.strangerAttempts} + 1` },
        )
        .where(eq(loginCodes.id, live?.id ?? NO_ACCOUNT))
        .returning({ attempts: loginCodes.attempts, strangerAttempts: loginCodes.strangerAttempts });
      const spentNow = bound ? counted?.attempts === MAX_CODE_TRIES : counted?.strangerAttempts === MAX_STRANGER_TRIES;
      return { kind: 'wrong' as const, spentNow, bound };
    }
    await tx.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, live.id));
    const role = roleFromConfig(ctx, user!.email);
    const [signedIn] = await tx
      .update(users)
      .set({ failedAttempts: 0, ...(role ? { role } : {}) })
      .where(eq(users.id, userId))
      .returning();
    await tx.insert(sessions).values(session);
    // Signing in during an account deletion's grace period cancels it.
    const deletionCancelled = await cancelDeletionOnSignIn(tx, userId, now);
    return { kind: 'signedIn' as const, user: signedIn!, deletionCancelled };
  });
  if (outcome.kind === 'wrong') {
    await recordFailure(ctx, userId);
    recordAuthEvent(ctx, meta, { kind: 'code_failure', userId: user?.id, email: input.email });
    if (user && outcome.spentNow)
      recordAuthEvent(ctx, meta, {
        kind: 'code_locked',
        userId: user.id,
        email: input.email,
        detail: outcome.bound ? 'own browser' : 'other browsers',
      });
    if (user && outcome.spentNow) {
      const email = user.email;
      const bound = outcome.bound;
      ctx.tasks.defer('code spent notice', async () => mailCodeSpent(ctx, email, !bound, await nextCodeWait(ctx, userId)));
    }
    // A known email's wrong code writes (the code's and the account's counts) and an unknown one's
    // writes nothing, so on a busy disk the two took 9 and 15 ms: every wrong code answers after the
    // same floor, and how long it took says nothing of whether the account exists.
    const floor = ctx.config.wrongCodeFloorMs ?? WRONG_CODE_FLOOR_MS;
    await new Promise((resolve) => setTimeout(resolve, floor - (performance.now() - started)));
    throw new ApiError(401, WRONG_CODE_TEXT);
  }
  if (outcome.deletionCancelled) mailDeletionCancelled(ctx, outcome.user.email);
  recordAuthEvent(ctx, meta, { kind: 'sign_in_success', userId: outcome.user.id, email: outcome.user.email });
  return issue(ctx, outcome.user, session, refreshToken);
}

/** How long a wrong code takes to answer at the least, whatever the account (see verifyOtp). */
const WRONG_CODE_FLOOR_MS = 40;

/** Seconds until this account may get a fresh code, as sendLoginCode will count it. */
async function nextCodeWait(ctx: AppContext, userId: number): Promise<number> {
  const now = ctx.now();
  const [spent] = await ctx.database.db
    .select({ n: count() })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, userId),
        gte(loginCodes.attempts, MAX_CODE_TRIES),
        gt(loginCodes.createdAt, new Date(now.getTime() - CODE_BACKOFF_WINDOW_MS)),
      ),
    );
  return codeBackoffSeconds(spent?.n ?? 0);
}
