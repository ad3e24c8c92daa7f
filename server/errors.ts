import { DrizzleQueryError } from 'drizzle-orm';

/** An error the caller caused or must hear about: becomes `{detail}` with this status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    detail: string,
    /** The request field the detail is about, sent as `field_errors` so a form can show it beside its input. */
    readonly field?: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const badRequest = (detail: string, field?: string) => new ApiError(400, detail, field);
export const notFound = (detail: string) => new ApiError(404, detail);
export const conflict = (detail: string) => new ApiError(409, detail);

export const RATE_LIMITED_TEXT = 'Too many attempts. Please wait a moment and try again.';
export const SERVICE_UNAVAILABLE_TEXT = 'Service unavailable, please retry in a moment.';

/** Connection-level failures of postgres-js and Node sockets, and PostgreSQL's own classes 08 (connection) and 57 (operator intervention). */
const DATABASE_CODES = /^(ECONN|ETIMEDOUT|EPIPE|CONNECT_TIMEOUT|CONNECTION_|08|57)/;

/**
 * Whether a failure is the database's (a failed query, a lost connection), looking through
 * the wrappers it may arrive in: the glue's security error (`errors`) and `cause` chains.
 */
export function isDatabaseFault(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error instanceof ApiError) return false;
  const e = error as Error & { errors?: unknown[]; code?: unknown };
  if (error instanceof DrizzleQueryError || error instanceof DatabaseFault || e.name === 'PostgresError') return true;
  if (typeof e.code === 'string' && DATABASE_CODES.test(e.code)) return true;
  // PGlite's (and pg-protocol's) errors carry a SQLSTATE code and a severity.
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseFault(inner, depth + 1))) return true;
  return isDatabaseFault(e.cause, depth + 1);
}

/**
 * A database failure rethrown under words that say nothing of the query: what a wrapper
 * that prints its inner errors (the glue's security check) may print. The original is its cause.
 */
export class DatabaseFault extends Error {
  constructor(cause: unknown) {
    super(SERVICE_UNAVAILABLE_TEXT, { cause });
    this.name = 'DatabaseFault';
  }
}

/** SQLSTATE classes of a statement that can never succeed as written (data, integrity, syntax): a bug, not a blip. */
const PROGRAMMING_CLASSES = /^(0A|22|23|2B|2D|3F|42)/;

/** The SQLSTATE of the first database error in the chain, if any. */
function sqlState(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  const e = error as Error & { errors?: unknown[]; code?: unknown };
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  for (const inner of Array.isArray(e.errors) ? e.errors : []) {
    const found = sqlState(inner, depth + 1);
    if (found) return found;
  }
  return sqlState(e.cause, depth + 1);
}

/**
 * How to answer a database fault: 503 (retry) when the database is unreachable, busy or
 * failing; 500 when the statement itself is wrong, which no retry fixes.
 */
export const databaseFaultStatus = (error: unknown): 500 | 503 => (PROGRAMMING_CLASSES.test(sqlState(error) ?? '') ? 500 : 503);

/** A write refused by a unique index (PostgreSQL's 23505, also when wrapped by the driver). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause !== undefined && e.cause !== null && isUniqueViolation(e.cause));
}
