import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { ApiError, DatabaseFault, isDatabaseFault } from '#server/errors.ts';
import { AUTH_REQUIRED_TEXT, SESSION_ENDED_TEXT, authenticate, isAdminRole, type Authenticated } from './auth.ts';
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
  if (request.auth) return request.auth;
  let auth: Authenticated | null;
  try {
    auth = await authenticate(ctx, bearerToken(request));
  } catch (error) {
    // A database blip is no lost session: the error handler makes it a 503, never a 401.
    throw isDatabaseFault(error) ? new DatabaseFault(error) : error;
  }
  if (!auth) throw new ApiError(401, AUTH_REQUIRED_TEXT);
  request.auth = auth;
  recordActivity(ctx, auth.user.id);
  return auth;
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
  if (!bearerToken(request)) return null;
  const auth = await requireAuth(ctx, request);
  if (opts.csrf) checkCsrf(request, auth);
  return auth;
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
