import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets: the socket's ?token=, reset links' ?token=, codes. */
const SECRET_NAME = /token|code|pass|secret|key|hash|csrf|otp|auth|session|cookie/i;

/**
 * Path segments that are secrets: the data export's download link (…/archive/<token>), whose
 * token is its only key. Each pattern keeps what precedes the secret.
 */
const SECRET_PATHS = [/(\/api\/privacy\/exports\/[^/?#]*\/archive\/)[^/?#]+/gi];

/** A URL as it may be logged: every secret path segment and secret-looking query value replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, `$1${REDACTED}`), at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as sent, its value hidden below
      }
      return eq >= 0 && (SECRET_NAME.test(decoded) || decoded !== name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fields of a database error that describe it without repeating the values it was given. */
const DB_ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'table_name',
  'column_name',
  'constraint_name',
  'table',
  'column',
  'constraint',
] as const;

/** The stack without its first line(s), which repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * Errors as logged: a failed query gives its SQL and the driver's reason, never its
 * parameters (a password hash, a token's hash, an email) nor the server's `detail`, which
 * echoes values.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const cause = depth < 4 && err.cause !== undefined ? serializeError(err.cause, depth + 1) : undefined;
  if (err instanceof DrizzleQueryError) {
    return { type: 'DrizzleQueryError', message: 'Failed query', query: err.query, stack: framesOf(err.stack) ?? '', cause };
  }
  const out: SerializedError = { type: err.name || err.constructor.name, message: err.message, stack: err.stack ?? '' };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of DB_ERROR_FIELDS) {
    if (typeof fields[key] === 'string' || typeof fields[key] === 'number') out[key] = fields[key];
  }
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (Array.isArray(fields.errors)) out.errors = fields.errors.slice(0, 5).map((e) => serializeError(e, depth + 1));
  if (cause) out.cause = cause;
  return out;
}

/** Fastify's request serializer, with secret query values hidden. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** Logger options for Fastify: nothing secret leaves in a log line, whoever logs what. */
export function loggerOptions(level: string, stream?: Writable) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-csrf-token"]',
        'password',
        'token',
        'refreshToken',
        'passwordHash',
        'params',
        'parameters',
        '*.password',
        '*.token',
        '*.refreshToken',
        '*.refresh_token',
        '*.csrf_token',
        '*.csrfToken',
        '*.passwordHash',
        '*.password_hash',
        '*.codeHash',
        '*.params',
        '*.parameters',
      ],
      censor: REDACTED,
    },
  };
}
