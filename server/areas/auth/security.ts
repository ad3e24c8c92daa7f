import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { ApiError, DatabaseFault, isDatabaseFault } from '#server/errors.ts';
import { AUTH_REQUIRED_TEXT, SESSION_ENDED_TEXT, authenticateAnd, isAdminRole, type Authenticated } from './auth.ts';
import { rowsOf } from '#server/db/rows.ts';
import { safeEqual, verifyAccessToken } from '#server/lib/tokens.ts';
import { recordActivity } from '#server/lib/bi-record.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made this call, set by the security handlers (or optionalAuth). */
    auth?: Authenticated;
  }
}

export const REFRESH_COOKIE = 'refresh_token';
export const ADMIN_ONLY_TEXT = 'This needs an administrator or editor account.';
export const CSRF_TEXT = 'Missing or invalid CSRF token. Reload the page and try again.';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function requireAuth(ctx: AppContext, request: FastifyRequest): Promise<Authenticated> {
  return (await requireAuthAnd(ctx, request, null)).auth;
}

/** requireAuth, with `also` read in the session check's statement (alone when the request was checked before). */
async function requireAuthAnd<T>(ctx: AppContext, request: FastifyRequest, also: SQL<T> | null) {
  if (request.auth) {
    const [row] = also ? await rowsOf<{ also: T | null }>(ctx.database.db, sql`select ${also} as also`) : [];
    return { auth: request.auth, also: row?.also ?? null };
  }
  let checked: Awaited<ReturnType<typeof authenticateAnd<T>>>;
  try {
    checked = await authenticateAnd(ctx, bearerToken(request), also);
  } catch (error) {
    // A database blip is no lost session: the error handler makes it a 503, never a 401.
    throw isDatabaseFault(error) ? new DatabaseFault(error) : error;
  }
  if (!checked) throw new ApiError(401, AUTH_REQUIRED_TEXT);
  request.auth = checked.auth;
  recordActivity(ctx, checked.auth.user.id);
  return checked;
}

function checkCsrf(request: FastifyRequest, auth: Authenticated) {
  const header = request.headers['x-csrf-token'];
  if (typeof header !== 'string' || !safeEqual(header, auth.session.csrfToken)) throw new ApiError(403, CSRF_TEXT);
}

/**
 * The one place calls are authorized: fastify-openapi-glue runs these by the
 * `security` of each operation in openapi/*.yaml. A scope on bearer ('admin')
 * needs an administrator or editor.
 */
export function securityHandlers(ctx: AppContext) {
  return {
    async bearer(request: FastifyRequest, _reply: FastifyReply, scopes: string[] = []) {
      const auth = await requireAuth(ctx, request);
      if (scopes.includes('admin') && !isAdminRole(auth.user.role)) throw new ApiError(403, ADMIN_ONLY_TEXT);
    },
    async csrf(request: FastifyRequest) {
      checkCsrf(request, await requireAuth(ctx, request));
    },
    async refreshCookie(request: FastifyRequest) {
      if (!request.cookies[REFRESH_COOKIE]) throw new ApiError(401, SESSION_ENDED_TEXT);
    },
  };
}

/**
 * For operations open to everyone that also accept a signed-in caller (`- {}` first
 * in their security): a bearer token, when sent, must be valid, and a state-changing
 * call made with one must carry the CSRF header too.
 */
export async function optionalAuth(ctx: AppContext, request: FastifyRequest, opts: { csrf: boolean }): Promise<Authenticated | null> {
  return (await optionalAuthAnd(ctx, request, opts, null)).auth;
}

/**
 * optionalAuth, with `also` (a column read for the account the token names, e.g. its own board row) read in the
 * session check's own statement: one round trip for both. `also` is null without a token.
 */
export async function optionalAuthAnd<T>(
  ctx: AppContext,
  request: FastifyRequest,
  opts: { csrf: boolean },
  also: SQL<T> | null,
): Promise<{ auth: Authenticated | null; also: T | null }> {
  if (!bearerToken(request)) return { auth: null, also: null };
  const checked = await requireAuthAnd(ctx, request, also);
  if (opts.csrf) checkCsrf(request, checked.auth);
  return checked;
}

/**
 * The account a request's bearer token names, its signature and expiry checked (no database read; the session is
 * not): a read for that account can start beside optionalAuth's session check, and is answered only once that
 * check has passed. Null without a token or with one that does not verify.
 */
export async function claimedUserId(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return (await verifyAccessToken(ctx.jwtKey, token, ctx.now()))?.userId ?? null;
}
