/**
 * What the Stately inspector is sent: a deep, JSON-safe copy of an inspection event
 * with secrets masked, so tokens, passwords, one-time codes and CSRF values never
 * leave the page even in a dev build.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY =
  /^(token|access_?token|refresh_?token|id_?token|csrf|csrf_?token|x-csrf-token|password|new_?password|code|otp|one_?time_?code|authorization)$/i;
// A token in a URL's query (the socket address) or a bare JWT.
const TOKEN_IN_URL = /([?&](?:token|access_token|refresh_token|code)=)[^&#\s]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const MAX_DEPTH = 10;

function copy(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.replace(TOKEN_IN_URL, `$1${REDACTED}`).replace(JWT, REDACTED);
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[…]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: copy(value.message, depth + 1, seen) };
  // An actor reference carries its whole system: the inspector needs only its id.
  if ('sessionId' in value && 'send' in value)
    return { id: (value as { id?: unknown }).id, sessionId: (value as { sessionId: unknown }).sessionId };
  if (Array.isArray(value)) return value.map((v) => copy(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // A secret's value is masked; an object under a secret's name (the session's token info) is walked.
    out[key] = SECRET_KEY.test(key) && (typeof v === 'string' || typeof v === 'number') ? REDACTED : copy(v, depth + 1, seen);
  }
  seen.delete(value);
  return out;
}

export function redactInspection<T>(event: T): T {
  return copy(event, 0, new WeakSet()) as T;
}
