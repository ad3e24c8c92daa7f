import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '#openapi/schema.d.ts';
import { apiBaseUrl } from '../lib/runtime-config.ts';
import { toast } from '../lib/toast.ts';

export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection.';
export const AUTH_REQUIRED_TEXT = 'Authentication required';

/** Thrown by a secure call made without a valid access token. */
export class AuthRequiredError extends Error {
  constructor() {
    super(AUTH_REQUIRED_TEXT);
    this.name = 'AuthRequiredError';
  }
}

/** Legacy callers say /api/routes/…; the API lives at /api/…. */
export function rewriteLegacyPath(url: string): string {
  return url.replace(/\/api\/routes\//, '/api/');
}

const rewriteMiddleware: Middleware = {
  onRequest({ request }) {
    const rewritten = rewriteLegacyPath(request.url);
    if (rewritten === request.url) return undefined;
    return new Request(rewritten, request);
  },
};

export const SERVICE_UNAVAILABLE_TOAST = 'Service unavailable, retrying';
/** Waits before each retry of a read the server answered 503 (a database blip): then give up. */
export const UNAVAILABLE_RETRY_DELAYS_MS = [1000, 3000];
const RETRYABLE = new Set(['GET', 'HEAD']);

/**
 * 5xx and network failures are told to the person once, here, not in every caller. A 503 is
 * the server saying "not now" (its database blinked), never a lost session: reads are retried
 * a couple of times; writes are not repeated behind the person's back.
 */
export const errorToastMiddleware: Middleware = {
  async onResponse({ request, response, options }) {
    if (response.status === 503) {
      toast({ title: SERVICE_UNAVAILABLE_TOAST, variant: 'error' });
      if (!RETRYABLE.has(request.method)) return undefined;
      let latest = response;
      for (const delay of UNAVAILABLE_RETRY_DELAYS_MS) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        try {
          latest = await options.fetch(request.clone());
        } catch {
          return latest;
        }
        if (latest.status !== 503) break;
      }
      return latest;
    }
    if (response.status >= 500) {
      toast({ title: `Server error: ${response.statusText || response.status}`, variant: 'error' });
    }
    return undefined;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    toast({ title: NETWORK_ERROR_TEXT, variant: 'error' });
    return undefined;
  },
};

/**
 * How the client reaches the session without owning it: the session statechart
 * is the one owner of tokens; the app links it here once it starts.
 */
export interface SessionLink {
  token(): string | null;
  csrfToken(): string | null;
  /** Asks the session to refresh; resolves true once a new token is in place. */
  refresh(): Promise<boolean>;
  /**
   * True once the session has ended under the person (the Session Expired dialog is up).
   * Reads then go out without credentials, so public pages keep their public data.
   */
  ended?(): boolean;
}

let sessionLink: SessionLink | null = null;

export function linkSession(link: SessionLink | null): void {
  sessionLink = link;
}

/** The bearer token and CSRF token for a call made outside openapi-fetch (the tus chunk uploads). */
export function sessionCredentials(): { token: string | null; csrf: string | null } {
  return { token: sessionLink?.token() ?? null, csrf: sessionLink?.csrfToken() ?? null };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A read the ended session cannot make: sent as a visitor's would be (the server decides what is public). */
const asVisitor = (request: Request) => RETRYABLE.has(request.method) && !!sessionLink?.ended?.();

function withoutCredentials(request: Request): Request {
  const anonymous = new Request(request);
  anonymous.headers.delete('Authorization');
  anonymous.headers.delete('X-CSRF-Token');
  return anonymous;
}

function authorize(request: Request, token: string, csrf: string | null): Request {
  request.headers.set('Authorization', `Bearer ${token}`);
  if (STATE_CHANGING.has(request.method) && csrf) request.headers.set('X-CSRF-Token', csrf);
  return request;
}

/** Bearer token and CSRF header on every call; on 401, refresh once and retry once. */
export function authMiddleware(): Middleware {
  const originals = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      const token = sessionLink?.token();
      if (!token && asVisitor(request)) return withoutCredentials(request);
      if (!token) throw new AuthRequiredError();
      const authorized = authorize(request, token, sessionLink?.csrfToken() ?? null);
      originals.set(id, authorized.clone());
      return authorized;
    },
    async onResponse({ response, id, options }) {
      const original = originals.get(id);
      originals.delete(id);
      if (response.status !== 401 || !original || !sessionLink) return undefined;
      // Sent with a token the session has since replaced (renewed while this call was out): asked again with the
      // new one, without another renewal.
      const sent = original.headers.get('Authorization');
      const now = sessionLink.token();
      if (now && sent && sent !== `Bearer ${now}`) return options.fetch(authorize(original, now, sessionLink.csrfToken()));
      const refreshed = await sessionLink.refresh();
      const token = sessionLink.token();
      // The session just ended: a public read is asked again as a visitor; a private one keeps its 401.
      if ((!refreshed || !token) && asVisitor(original)) return options.fetch(withoutCredentials(original));
      if (!refreshed || !token) return undefined;
      return options.fetch(authorize(original, token, sessionLink.csrfToken()));
    },
    onError({ id }) {
      originals.delete(id);
      return undefined;
    },
  };
}

/** Public calls (sign-in, discovery, health). */
export const api = createClient<paths>({ baseUrl: apiBaseUrl(), credentials: 'include' });
api.use(rewriteMiddleware, errorToastMiddleware);

/** Whether a session token is in place now (error reports then say who met the error). */
export const hasSessionToken = (): boolean => !!sessionLink?.token();

/**
 * For the error reporter: no toasts (a report that fails must not pile a second message on
 * the first) and, signed in, the session's credentials.
 */
export const quietApi = createClient<paths>({ baseUrl: apiBaseUrl(), credentials: 'include' });
quietApi.use(rewriteMiddleware);
export const quietSecureApi = createClient<paths>({ baseUrl: apiBaseUrl(), credentials: 'include' });
quietSecureApi.use(rewriteMiddleware, authMiddleware());

/** The authenticated wrapper: every call carries the session's credentials. */
export const secureApi = createClient<paths>({ baseUrl: apiBaseUrl(), credentials: 'include' });
secureApi.use(rewriteMiddleware, errorToastMiddleware, authMiddleware());
