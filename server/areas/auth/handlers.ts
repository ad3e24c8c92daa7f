import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { DEV_ORIGIN } from '#server/config.ts';
import { ApiError, RATE_LIMITED_TEXT } from '#server/errors.ts';
import { REFRESH_COOKIE, bearerToken } from './security.ts';
import { AddressBackoff } from '#server/lib/backoff.ts';
import { randomToken, sha256 } from '#server/lib/tokens.ts';
import * as auth from './auth.ts';
import * as signIn from './sign-in.ts';
import * as firstRun from './first-run.ts';
import { storedUserAgent } from './devices.ts';
import { recordAuthEvent, requestMeta } from './security-events.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

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
  | 'generateCommunityAuthCode'
  | 'listDemoAccounts'
  | 'demoSignIn'
  | 'adminSetupStatus'
  | 'claimAdminSetup';

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

/** Links in mail come from configuration only: a request's Host header is the caller's to forge. */
const mailOrigin = (ctx: AppContext) => ctx.config.publicOrigin ?? DEV_ORIGIN();

function signedIn(request: FastifyRequest) {
  if (!request.auth) throw new ApiError(401, auth.AUTH_REQUIRED_TEXT);
  return request.auth;
}

/**
 * The sign-in attempt cookie: names the browser that passed the password step, so its
 * code's tries are its own and a stranger's wrong codes cannot spend them. Kept across
 * resends (a resend must not unbind the code that is out); HttpOnly, so script cannot read it.
 */
const LOGIN_ATTEMPT_COOKIE = 'login_attempt';
const ATTEMPT_FORMAT = /^[A-Za-z0-9_-]{43}$/;

function loginAttempt(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const held = request.cookies[LOGIN_ATTEMPT_COOKIE];
  const attempt = held && ATTEMPT_FORMAT.test(held) ? held : randomToken();
  void reply.setCookie(LOGIN_ATTEMPT_COOKIE, attempt, { ...cookieOptions(ctx, request), maxAge: signIn.CODE_TTL_SECONDS });
  return attempt;
}

export interface AuthHooks {
  /** Runs in the new account's transaction. */
  accountCreated?: auth.AccountCreatedHook;
}

export function authHandlers(ctx: AppContext, hooks: AuthHooks = {}): Handlers<AuthOps> {
  // Wrong codes from one address back it off (bounded); off only in tests that hammer on purpose.
  const backoff = ctx.config?.signInBackoff === false ? null : new AddressBackoff();
  return {
    async registerUser(request, reply) {
      const message = await auth.registerAccount(ctx, request.body, request.ip, hooks.accountCreated);
      return reply.code(201).send({ message });
    },
    async initiateLogin(request, reply) {
      return signIn.initiateLogin(ctx, request.body, sha256(loginAttempt(ctx, request, reply)), requestMeta(request));
    },
    async verifyOtp(request, reply) {
      const ip = request.ip;
      const wait = backoff?.retryAfterSeconds(ip, ctx.now().getTime()) ?? 0;
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new ApiError(429, RATE_LIMITED_TEXT);
      }
      const attempt = request.cookies[LOGIN_ATTEMPT_COOKIE];
      let issued;
      try {
        issued = await signIn.verifyOtp(
          ctx,
          request.body,
          attempt && ATTEMPT_FORMAT.test(attempt) ? sha256(attempt) : null,
          storedUserAgent(request.headers['user-agent']),
          requestMeta(request),
        );
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) backoff?.fail(ip, ctx.now().getTime());
        throw error;
      }
      setRefreshCookie(ctx, request, reply, issued);
      return issued.body;
    },
    async validateSession(request) {
      return auth.validateSession(ctx, bearerToken(request), request.cookies[REFRESH_COOKIE]);
    },
    async refreshToken(request, reply) {
      try {
        const issued = await auth.refreshSession(ctx, request.cookies[REFRESH_COOKIE], requestMeta(request));
        setRefreshCookie(ctx, request, reply, issued);
        return issued.body;
      } catch (error) {
        // Only a refused session loses its cookie; a fault or a busy database leaves it for the next try.
        if (error instanceof ApiError && error.statusCode === 401) void reply.clearCookie(REFRESH_COOKIE, cookieOptions(ctx, request));
        throw error;
      }
    },
    async logout(request, reply) {
      await auth.logout(ctx, bearerToken(request), request.cookies[REFRESH_COOKIE]);
      void reply.clearCookie(REFRESH_COOKIE, cookieOptions(ctx, request));
      return { message: 'You are signed out.' };
    },
    async forgotPassword(request) {
      recordAuthEvent(ctx, requestMeta(request), { kind: 'password_reset_requested', email: request.body.email });
      return { message: auth.forgotPassword(ctx, request.body.email, mailOrigin(ctx)) };
    },
    async validateResetToken(request) {
      return auth.validateResetToken(ctx, request.body.token);
    },
    async resetPassword(request) {
      return { message: await auth.resetPassword(ctx, request.body.token, request.body.password, requestMeta(request)) };
    },
    async listUsers(request) {
      const q = request.query;
      return auth.listUsers(ctx, { search: q.search, page: q.page ?? 1, page_size: q.page_size ?? 25 });
    },
    async setUserRole(request) {
      return auth.setUserRole(ctx, signedIn(request).user, request.params.userId, request.body.wp_role, requestMeta(request));
    },
    async unlockUser(request) {
      return auth.unlockUser(ctx, request.params.userId, signedIn(request).user.id, requestMeta(request));
    },
    async generateNavigationToken(request) {
      return auth.communityHandoff(ctx, signedIn(request).user, request.body.redirect_path);
    },
    async generateCommunityAuthCode(request) {
      return auth.communityAuthCode(ctx, signedIn(request).user);
    },
    async listDemoAccounts() {
      return firstRun.demoAccounts(ctx);
    },
    async demoSignIn(request, reply) {
      const issued = await firstRun.demoSignIn(
        ctx,
        request.body.email,
        storedUserAgent(request.headers['user-agent']),
        requestMeta(request),
      );
      setRefreshCookie(ctx, request, reply, issued);
      return issued.body;
    },
    async adminSetupStatus() {
      return { open: await firstRun.adminSetupOpen(ctx) };
    },
    async claimAdminSetup(request) {
      return firstRun.claimAdminSetup(ctx, signedIn(request).user.id, request.body.setup_code, requestMeta(request));
    },
  };
}
