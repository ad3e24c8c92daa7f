import { ApiError } from '#src/api/api-error.ts';

/** A read the server rate-limited (429) is asked again at most this many times… */
export const RATE_LIMITED_RETRIES = 2;
/** …and only when it said to come back within this long (a longer wait shows the error at once: asking sooner is refused again). */
export const RATE_LIMITED_MAX_WAIT_MS = 10_000;

/** A 429 that named a wait the page can sit out. */
function waitable(error: unknown): error is ApiError & { retryAfterMs: number } {
  return (
    error instanceof ApiError && error.status === 429 && error.retryAfterMs !== undefined && error.retryAfterMs <= RATE_LIMITED_MAX_WAIT_MS
  );
}

/**
 * Whether react-query asks a failed read again (`failures`: how many failed before this one): a 429 with a Retry-After of at most
 * 10 s up to twice; any other answered "no" (4xx: not found, not allowed, a 429 without a usable wait) never;
 * anything else (5xx, the network) once more.
 */
export function retryQuery(failures: number, error: unknown): boolean {
  if (waitable(error)) return failures < RATE_LIMITED_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/** How long before that retry: the server's Retry-After for a 429, else react-query's own backoff (1 s, 2 s, … up to 30 s). */
export function queryRetryDelay(failures: number, error: unknown): number {
  if (waitable(error)) return error.retryAfterMs;
  return Math.min(1000 * 2 ** failures, 30_000);
}

/** Whether a read failed because its sign-in had run out (401): worth asking again once the session has a new token. */
export function failedUnsignedIn(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
