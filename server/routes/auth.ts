import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { REFRESH_COOKIE, bearerToken } from '../security.ts';
import * as auth from '../services/auth.ts';
import type { Handlers } from './types.ts';

type AuthOps =
  | 'registerUser'
  | 'initiateLogin'
  | 'verifyOtp'
  | 'validateSession'
  | 'refreshToken'
  | 'logout'
  | 'forgotPassword'
  | 'validateResetToken'
  | 'resetPassword'
  | 'listUsers'
  | 'setUserRole'
  | 'unlockUser'
  | 'generateNavigationToken'
  | 'generateCommunityAuthCode';

function cookieOptions(ctx: AppContext, request: FastifyRequest) {
  const base = { path: `${ctx.config.basePath}api/auth`, httpOnly: true };
  // Framed by another site (EMBED_ORIGINS), a Strict cookie is neither stored nor sent: the session
  // would end at the first refresh. SameSite=None needs Secure; Partitioned (CHIPS) keeps the cookie
  // to this parent site only. CSRF stays guarded by the X-CSRF-Token header.
  if (ctx.config.embedOrigins?.length) return { ...base, sameSite: 'none' as const, secure: true, partitioned: true };
  return { ...base, sameSite: 'strict' as const, secure: request.protocol === 'https' };
}

function setRefreshCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, issued: auth.IssuedSession) {
  const maxAge = Math.max(0, Math.floor((issued.sessionExpiresAt.getTime() - ctx.now().getTime()) / 1000));
  void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { ...cookieOptions(ctx, request), maxAge });
}

function requestOrigin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

function signedIn(request: FastifyRequest) {
  if (!request.auth) throw new ApiError(401, auth.AUTH_REQUIRED_TEXT);
  return request.auth;
}

export function authHandlers(ctx: AppContext): Handlers<AuthOps> {
  return {
    async registerUser(request, reply) {
      const message = await auth.registerAccount(ctx, request.body);
      return reply.code(201).send({ message });
    },
    async initiateLogin(request) {
      return auth.initiateLogin(ctx, request.body);
    },
    async verifyOtp(request, reply) {
      const issued = await auth.verifyOtp(ctx, request.body);
      setRefreshCookie(ctx, request, reply, issued);
      return issued.body;
    },
    async validateSession(request) {
      return auth.validateSession(ctx, bearerToken(request), request.cookies[REFRESH_COOKIE]);
    },
    async refreshToken(request, reply) {
      try {
        const issued = await auth.refreshSession(ctx, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(ctx, request, reply, issued);
        return issued.body;
      } catch (error) {
        void reply.clearCookie(REFRESH_COOKIE, cookieOptions(ctx, request));
        throw error;
      }
    },
    async logout(request, reply) {
      await auth.logout(ctx, bearerToken(request), request.cookies[REFRESH_COOKIE]);
      void reply.clearCookie(REFRESH_COOKIE, cookieOptions(ctx, request));
      return { message: 'You are signed out.' };
    },
    async forgotPassword(request) {
      return { message: auth.forgotPassword(ctx, request.body.email, requestOrigin(ctx, request)) };
    },
    async validateResetToken(request) {
      return auth.validateResetToken(ctx, request.body.token);
    },
    async resetPassword(request) {
      return { message: await auth.resetPassword(ctx, request.body.token, request.body.password) };
    },
    async listUsers(request) {
      const q = request.query;
      return auth.listUsers(ctx, { search: q.search, page: q.page ?? 1, page_size: q.page_size ?? 25 });
    },
    async setUserRole(request) {
      return auth.setUserRole(ctx, signedIn(request).user, request.params.userId, request.body.wp_role);
    },
    async unlockUser(request) {
      return auth.unlockUser(ctx, request.params.userId);
    },
    async generateNavigationToken(request) {
      return auth.communityHandoff(ctx, signedIn(request).user, request.body.redirect_path);
    },
    async generateCommunityAuthCode(request) {
      return auth.communityAuthCode(ctx, signedIn(request).user);
    },
  };
}
