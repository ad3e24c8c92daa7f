import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, like, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { sessions, users } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { randomToken, sha256 } from '#server/lib/tokens.ts';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN } from '#server/seed/cast.ts';
import { SESSION_MAX_AGE_MS, issue, normalizeEmail, presentUser, type IssuedSession } from './auth.ts';
import { recordAuthEvent, type RequestMeta } from './security-events.ts';

// A local first run (docs/configuration.md): demo accounts sign in in one step while the demo
// world is on, and the first administrator is claimed with the setup code of the start banner.

/** How many demo athletes the sign-in page offers (the administrator comes on top). */
export const DEMO_ATHLETES_OFFERED = 4;
export const DEMO_OFF_TEXT = 'Demo sign-in is off on this server.';
export const NOT_DEMO_TEXT = 'That is not a demo account.';
export const WRONG_SETUP_CODE_TEXT = 'That setup code is wrong. Copy it from the banner the server printed when it started.';
export const SETUP_CLOSED_TEXT = 'Setup is closed: this server already has an administrator (or was started without a setup code).';

/** The advisory lock key that orders administrator-setup claims. */
const ADMIN_SETUP_LOCK = 73_370_001;

const isDemoEmail = (email: string) => email === DEMO_ADMIN_EMAIL || email.endsWith(`@${DEMO_EMAIL_DOMAIN}`);

function requireDemo(ctx: AppContext) {
  if (!ctx.config.demoSignIn) throw notFound(DEMO_OFF_TEXT);
}

/** The first few demo athletes and the demo administrator, as the sign-in page lists them; none when demo sign-in is off. */
export async function demoAccounts(ctx: AppContext) {
  if (!ctx.config.demoSignIn) return { accounts: [] };
  const db = ctx.database.db;
  const [admin] = await db.select().from(users).where(eq(users.emailNormalized, DEMO_ADMIN_EMAIL));
  const athletes = await db
    .select()
    .from(users)
    .where(like(users.emailNormalized, `%@${DEMO_EMAIL_DOMAIN}`))
    .orderBy(asc(users.id))
    .limit(DEMO_ATHLETES_OFFERED);
  const present = (u: typeof users.$inferSelect, kind: 'athlete' | 'administrator') => ({
    email: u.email,
    display_name: u.displayName,
    kind,
  });
  return {
    accounts: [
      ...athletes.filter((u) => !u.lockedAt).map((u) => present(u, 'athlete')),
      ...(admin ? [present(admin, 'administrator')] : []),
    ],
  };
}

/** Opens a session for a demo account: no password and no code, so only while demo sign-in is on and only for demo accounts. */
export async function demoSignIn(ctx: AppContext, email: string, userAgent: string | null, meta?: RequestMeta): Promise<IssuedSession> {
  requireDemo(ctx);
  const normalized = normalizeEmail(email);
  if (!isDemoEmail(normalized)) throw notFound(NOT_DEMO_TEXT);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.emailNormalized, normalized));
  if (!user || user.lockedAt) throw notFound(NOT_DEMO_TEXT);
  const now = ctx.now();
  const refreshToken = randomToken();
  const session = {
    id: randomUUID(),
    userId: user.id,
    csrfToken: randomToken(24),
    refreshHash: sha256(refreshToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    userAgent,
  };
  await ctx.database.db.insert(sessions).values(session);
  recordAuthEvent(ctx, meta, { kind: 'sign_in_success', userId: user.id, email: user.email, detail: 'demo sign-in' });
  return issue(ctx, user, session, refreshToken);
}

/** A real administrator: the demo world's own (DEMO_ADMIN_EMAIL) does not close setup. */
const realAdministrator = and(eq(users.role, 'administrator'), ne(users.emailNormalized, DEMO_ADMIN_EMAIL));

async function hasAdministrator(ctx: AppContext) {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(realAdministrator).limit(1);
  return !!row;
}

/** Whether the setup code still works: the server has one and nobody is an administrator yet. */
export async function adminSetupOpen(ctx: AppContext): Promise<boolean> {
  return !!ctx.config.adminSetupCode && !(await hasAdministrator(ctx));
}

const sameCode = (a: string, b: string) => {
  const x = Buffer.from(sha256(a.trim().toUpperCase()));
  const y = Buffer.from(sha256(b.trim().toUpperCase()));
  return timingSafeEqual(x, y);
};

/** The signed-in account becomes the first administrator, when the code is right and nobody is one yet. */
export async function claimAdminSetup(ctx: AppContext, userId: number, code: string, meta?: RequestMeta) {
  const expected = ctx.config.adminSetupCode;
  if (!expected) throw conflict(SETUP_CLOSED_TEXT);
  const promoted = await ctx.database.db.transaction(async (tx) => {
    // One claim at a time across the database: two claimants at once cannot both see "no administrator".
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SETUP_LOCK})`);
    const [me] = await tx.select().from(users).where(eq(users.id, userId));
    const [admin] = await tx.select({ id: users.id }).from(users).where(realAdministrator).limit(1);
    if (admin || !me) throw conflict(SETUP_CLOSED_TEXT);
    if (!sameCode(code, expected)) throw new ApiError(403, WRONG_SETUP_CODE_TEXT);
    const [row] = await tx
      .update(users)
      .set({ role: 'administrator' })
      .where(and(eq(users.id, userId), eq(users.role, me.role)))
      .returning();
    return { row: row!, before: me.role };
  });
  recordAuthEvent(ctx, meta, {
    kind: 'role_change',
    userId,
    actorId: userId,
    detail: `${promoted.before} → administrator (setup code)`,
  });
  return presentUser(promoted.row);
}
