import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { communityAuthCodes, loginCodes, passwordResets, retiredRefreshTokens, sessions, users } from '#server/db/schema.ts';
import { ApiError, badRequest, notFound } from '#server/errors.ts';
import type { MailMessage } from '#server/lib/mail.ts';
import { DEFAULT_SCRYPT_LOG_N, hashPassword } from './passwords.ts';
import { communitySiteAddress } from '#server/lib/community-site.ts';
import { checkSignUpVersions, recordSignUpConsent } from '../legal/index.ts';
import type { Database } from '#server/db/index.ts';
import { recordAuthEvent, type RequestMeta } from './security-events.ts';
import { nextRefreshToken, randomToken, sha256, signAccessToken, signHandoffToken, verifyAccessToken } from '#server/lib/tokens.ts';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once: the token just rotated away still works this long. */
export const REFRESH_REUSE_WINDOW_MS = 10 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_RESEND_SECONDS = 60;
export const HANDOFF_TTL_SECONDS = 120;
export const COMMUNITY_CODE_TTL_MS = 5 * 60 * 1000;

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export const LOGIN_STARTED_TEXT = 'If the email and password are right, we have sent a sign-in code to that address.';
export const WRONG_CODE_TEXT = 'That code is wrong or has expired. Check the latest email or request a new code.';
export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';
export const AUTH_REQUIRED_TEXT = 'Authentication required';
export const BAD_RESET_TEXT = 'This reset link is invalid or has expired. Ask for a new one.';
export const ADMIN_ROLE_TEXT = 'Only an administrator can give or take away the administrator role.';

const CAPABILITIES: Record<Role, string[]> = {
  subscriber: ['read'],
  contributor: ['read', 'edit_posts'],
  author: ['read', 'edit_posts', 'publish_posts', 'upload_files'],
  editor: ['read', 'edit_posts', 'publish_posts', 'upload_files', 'moderate_comments', 'edit_others_posts', 'manage_categories'],
  administrator: [
    'read',
    'edit_posts',
    'publish_posts',
    'upload_files',
    'moderate_comments',
    'edit_others_posts',
    'manage_categories',
    'manage_options',
    'list_users',
    'promote_users',
  ],
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const isAdminRole = (role: string) => role === 'administrator' || role === 'editor';

type UserRow = typeof users.$inferSelect;

export function presentUser(user: UserRow) {
  const role = (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'subscriber';
  return {
    wp_user_id: user.id,
    email: user.email,
    display_name: user.displayName,
    wp_role: role,
    wp_capabilities: Object.fromEntries(CAPABILITIES[role].map((c) => [c, true])),
  };
}

export function presentAdminUser(user: UserRow) {
  return { ...presentUser(user), locked: user.lockedAt !== null, created_at: user.createdAt.toISOString() };
}

/** Mail goes out after the answer: its timing must not tell anything, and its failure is logged. */
export function sendLater(ctx: AppContext, message: MailMessage) {
  ctx.tasks.defer('mail', () => ctx.mailer.send(message));
}

export const scryptLogN = (ctx: AppContext) => ctx.config.scryptLogN ?? DEFAULT_SCRYPT_LOG_N;

export async function findByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(email)));
  return user;
}

export function roleFromConfig(ctx: AppContext, email: string): Role | null {
  return ctx.config.adminEmails.includes(normalizeEmail(email)) ? 'administrator' : null;
}

/** What another area does inside the transaction that creates an account (the composition root wires it). */
export type AccountCreatedHook = (tx: Database, userId: number, emailNormalized: string, now: Date) => Promise<void>;

export async function registerAccount(
  ctx: AppContext,
  input: { email: string; password: string; display_name: string; consent?: { terms_version: number; privacy_version: number } },
  ip?: string,
  onCreated?: AccountCreatedHook,
) {
  const displayName = input.display_name.trim();
  if (!displayName) throw badRequest("Display name can't be blank.", 'display_name');
  const email = input.email.trim();
  // Checked before anything is stored (also when the email is taken, so the answers do not differ).
  await checkSignUpVersions(ctx.database.db, input.consent);
  // Hashed whether or not the email is taken, so both answers take as long.
  const passwordHash = await hashPassword(input.password, scryptLogN(ctx));
  const now = ctx.now();
  // The account and its acceptance of the current terms and privacy policy are stored together.
  const inserted = await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values({
        email,
        emailNormalized: normalizeEmail(email),
        passwordHash,
        displayName,
        role: roleFromConfig(ctx, email) ?? 'subscriber',
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.emailNormalized })
      .returning({ id: users.id });
    if (rows[0]) {
      await recordSignUpConsent(tx as unknown as Database, rows[0].id, input.consent, ip, now);
      // E.g. team invitations sent to this address before it had an account now reach its inbox.
      await onCreated?.(tx as unknown as Database, rows[0].id, normalizeEmail(email), now);
    }
    return rows;
  });
  if (inserted.length === 0) {
    sendLater(ctx, {
      to: email,
      subject: 'Someone tried to create a RepForge account with your email',
      text: `Hello,\n\nSomeone (maybe you) tried to create a new RepForge account with this email address. You already have an account, so nothing was changed.\n\nIf you forgot your password, use "Forgot your password?" on the sign-in page.\n\nThe RepForge team`,
    });
  }
  return 'Account created. Now sign in with the 6-digit code we email you.';
}

export interface IssuedSession {
  body: { user: ReturnType<typeof presentUser>; token: { token: string; expiresAt: number; issuedAt: number }; csrf_token: string };
  refreshToken: string;
  sessionExpiresAt: Date;
}

export async function issue(
  ctx: AppContext,
  user: UserRow,
  session: { id: string; csrfToken: string; expiresAt: Date },
  refreshToken: string,
): Promise<IssuedSession> {
  const token = await signAccessToken(ctx.jwtKey, { userId: user.id, sessionId: session.id }, ctx.now());
  return { body: { user: presentUser(user), token, csrf_token: session.csrfToken }, refreshToken, sessionExpiresAt: session.expiresAt };
}

/** The session and user behind an access token, when both are live. */
export async function authenticate(ctx: AppContext, bearer: string | undefined) {
  return (await authenticateAnd(ctx, bearer, null))?.auth ?? null;
}

/**
 * authenticate, with `also` (a column read for the account the token names, such as its own row on a board) read in
 * the session check's own statement: one round trip for both. `also` is null where the check fails.
 */
export async function authenticateAnd<T>(ctx: AppContext, bearer: string | undefined, also: SQL<T> | null) {
  if (!bearer) return null;
  const claims = await verifyAccessToken(ctx.jwtKey, bearer, ctx.now());
  if (!claims) return null;
  const [row] = await ctx.database.db
    .select({ session: sessions, user: users, also: also ?? sql<null>`null` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
  if (!row || row.session.revokedAt || row.session.expiresAt <= ctx.now() || row.user.lockedAt) return null;
  return { auth: { user: row.user, session: row.session }, also: (row.also ?? null) as T | null };
}

export type Authenticated = NonNullable<Awaited<ReturnType<typeof authenticate>>>;

async function revokeSession(ctx: AppContext, sessionId: string) {
  await ctx.database.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Rotates the refresh token. Any rotated-away token of the family presented again, however
 * many rotations old (retired_refresh_tokens keeps them all for the family's life), ends
 * the whole family, except the immediate parent within REFRESH_REUSE_WINDOW_MS of its
 * rotation (two tabs refreshing at once, or a retry after a lost answer): it gets a fresh
 * access token and the family's current refresh token, which follows from the parent
 * (nextRefreshToken), so every tab's cookie ends up the same working token.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string | undefined, meta?: RequestMeta): Promise<IssuedSession> {
  if (!refreshToken) throw new ApiError(401, SESSION_ENDED_TEXT);
  const presented = sha256(refreshToken);
  const now = ctx.now();
  let reused: string | null = null;
  const result = await ctx.database.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(or(eq(sessions.refreshHash, presented), eq(sessions.previousRefreshHash, presented)))
      .limit(1)
      .for('update');
    if (!session) {
      // An older token of a family: stolen and replayed, or its thief already rotated on. End the family.
      const [retired] = await tx
        .select({ sessionId: retiredRefreshTokens.sessionId })
        .from(retiredRefreshTokens)
        .where(eq(retiredRefreshTokens.tokenHash, presented));
      if (retired) reused = retired.sessionId;
      if (retired)
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.id, retired.sessionId), isNull(sessions.revokedAt)));
      return null;
    }
    if (session.revokedAt || session.expiresAt <= now) return null;
    const next = nextRefreshToken(ctx.jwtKey, refreshToken);
    if (session.refreshHash !== presented) {
      const withinWindow = session.rotatedAt !== null && now.getTime() - session.rotatedAt.getTime() <= REFRESH_REUSE_WINDOW_MS;
      if (!withinWindow) {
        reused = session.id;
        await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
        return null;
      }
      // Not the chain we made (e.g. the signing key changed): refuse, but it is no theft.
      if (sha256(next) !== session.refreshHash) return null;
    }
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    if (!user || user.lockedAt) return null;
    if (session.refreshHash === presented) {
      await tx
        .update(sessions)
        .set({ refreshHash: sha256(next), previousRefreshHash: presented, rotatedAt: now })
        .where(eq(sessions.id, session.id));
      await tx.insert(retiredRefreshTokens).values({ tokenHash: presented, sessionId: session.id, retiredAt: now }).onConflictDoNothing();
    }
    return { session, user, next };
  });
  if (reused) {
    const [owner] = await ctx.database.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, reused));
    recordAuthEvent(ctx, meta, {
      kind: 'refresh_reuse',
      userId: owner?.userId,
      detail: 'an old refresh token was presented; the session was ended',
    });
  }
  if (!result) throw new ApiError(401, SESSION_ENDED_TEXT);
  return issue(ctx, result.user, result.session, result.next);
}

async function sessionFromCookie(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken) return null;
  const [row] = await ctx.database.db
    .select({ session: sessions, lockedAt: users.lockedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.refreshHash, sha256(refreshToken)));
  if (!row || row.session.revokedAt || row.session.expiresAt <= ctx.now() || row.lockedAt) return null;
  return row.session;
}

export async function validateSession(ctx: AppContext, bearer: string | undefined, refreshToken: string | undefined) {
  const viaToken = await authenticate(ctx, bearer);
  const session = viaToken?.session ?? (await sessionFromCookie(ctx, refreshToken));
  return session ? { valid: true, csrf_token: session.csrfToken } : { valid: false };
}

export async function logout(ctx: AppContext, bearer: string | undefined, refreshToken: string | undefined) {
  const viaToken = await authenticate(ctx, bearer);
  if (viaToken) await revokeSession(ctx, viaToken.session.id);
  if (refreshToken) {
    const presented = sha256(refreshToken);
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(or(eq(sessions.refreshHash, presented), eq(sessions.previousRefreshHash, presented)), isNull(sessions.revokedAt)));
  }
}

export const FORGOT_PASSWORD_TEXT = 'If that email has an account, we have sent a link to reset the password.';

/** Answers at once and the same for every email; the lookup and the mail happen after. */
export function forgotPassword(ctx: AppContext, email: string, origin: string) {
  ctx.tasks.defer('password reset', () => sendResetLink(ctx, email, origin));
  return FORGOT_PASSWORD_TEXT;
}

async function sendResetLink(ctx: AppContext, email: string, origin: string) {
  const now = ctx.now();
  const token = randomToken();
  const recipient = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.emailNormalized, normalizeEmail(email)))
      .for('update');
    if (!user) return null;
    // At most one reset mail a minute per account, whoever asks.
    const [recent] = await tx
      .select({ createdAt: passwordResets.createdAt })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - RESET_RESEND_SECONDS * 1000))))
      .limit(1);
    if (recent) return null;
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
    return user;
  });
  if (!recipient) return;
  const link = `${origin}${ctx.config.basePath}password-reset-page?token=${token}`;
  sendLater(ctx, {
    to: recipient.email,
    subject: 'Reset your RepForge password',
    text: `Hello ${recipient.displayName},\n\nUse this link to choose a new password:\n\n${link}\n\nIt works once, for one hour. Setting a new password signs you out everywhere.\nIf you did not ask for this, ignore this email: your password stays the same.\n\nThe RepForge team`,
  });
}

async function liveReset(ctx: AppContext, token: string) {
  const [row] = await ctx.database.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, sha256(token)));
  if (!row || row.reset.usedAt || row.reset.expiresAt <= ctx.now()) return null;
  return row;
}

export async function validateResetToken(ctx: AppContext, token: string) {
  const row = await liveReset(ctx, token);
  return row ? { valid: true, email: row.user.email } : { valid: false };
}

export async function resetPassword(ctx: AppContext, token: string, password: string, meta?: RequestMeta) {
  const passwordHash = await hashPassword(password, scryptLogN(ctx));
  const now = ctx.now();
  const done = await ctx.database.db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .for('update');
    if (!reset) return null;
    await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.tokenHash, reset.tokenHash));
    await tx.update(users).set({ passwordHash, failedAttempts: 0, lockedAt: null }).where(eq(users.id, reset.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    await tx
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.userId, reset.userId), isNull(loginCodes.consumedAt)));
    return reset.userId;
  });
  if (done === null) throw badRequest(BAD_RESET_TEXT);
  recordAuthEvent(ctx, meta, { kind: 'password_reset', userId: done });
  return 'Your password is changed and you are signed out everywhere. Sign in with the new password.';
}

function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(ctx: AppContext, q: { search?: string; page: number; page_size: number }) {
  const search = q.search?.trim();
  const where = search ? or(ilike(users.email, likePattern(search)), ilike(users.displayName, likePattern(search))) : undefined;
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(presentAdminUser), total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

/** Editors manage roles too, but only an administrator hands out or takes back administrator. */
export async function setUserRole(ctx: AppContext, actor: UserRow, userId: number, role: Role, meta?: RequestMeta) {
  return ctx.database.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('No account with that id.');
    if (actor.role !== 'administrator' && (role === 'administrator' || target.role === 'administrator'))
      throw new ApiError(403, ADMIN_ROLE_TEXT);
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (target.role !== role)
      recordAuthEvent(ctx, meta, { kind: 'role_change', userId, actorId: actor.id, detail: `${target.role} → ${role}` });
    return presentAdminUser(row!);
  });
}

export async function unlockUser(ctx: AppContext, userId: number, actorId?: number, meta?: RequestMeta) {
  const [row] = await ctx.database.db.update(users).set({ lockedAt: null, failedAttempts: 0 }).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('No account with that id.');
  recordAuthEvent(ctx, meta, { kind: 'admin_unlock', userId, actorId });
  return presentAdminUser(row);
}

export async function communityHandoff(ctx: AppContext, user: UserRow, redirectPath: string) {
  const site = ctx.config.communitySiteUrl;
  if (!site) return { success: false, message: 'The community site is not configured.' };
  const token = await signHandoffToken(
    ctx.jwtKey,
    { sub: String(user.id), email: user.email, name: user.displayName, role: user.role, redirect_path: redirectPath },
    ctx.now(),
    HANDOFF_TTL_SECONDS,
  );
  const url = communitySiteAddress(site, 'wp-login.php');
  url.searchParams.set('action', 'repforge_handoff');
  url.searchParams.set('token', token);
  return { success: true, handoff_url: url.toString(), message: 'Opening the community site.' };
}

export async function communityAuthCode(ctx: AppContext, user: UserRow) {
  if (!ctx.config.communitySiteUrl) return { success: false, message: 'The community site is not configured.' };
  const code = randomToken(24);
  await ctx.database.db.insert(communityAuthCodes).values({
    codeHash: sha256(code),
    userId: user.id,
    expiresAt: new Date(ctx.now().getTime() + COMMUNITY_CODE_TTL_MS),
  });
  return {
    success: true,
    code,
    expires_in: COMMUNITY_CODE_TTL_MS / 1000,
    message: 'Give this code to the community site within five minutes.',
  };
}
