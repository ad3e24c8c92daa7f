// The error class alone, with no import: the query layer's retry rule (src/lib/query-retry.ts) is in the shell every
// page loads, and importing it from errors.ts would bring the API client (openapi-fetch) into the shell with it.

/**
 * Every failed API call on the client: the server's `{detail}` (or the caller's
 * fallback words) as the message, the HTTP status (0 when the server was not
 * reached) and the per-field problems when the server named them.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Readonly<Record<string, string>>,
    /** The server's Retry-After (a 429 or 503), in milliseconds from when the answer came; undefined when it gave none. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
