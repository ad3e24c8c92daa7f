import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/index.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
import { ApiError } from '#server/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '#domain/constants.ts';

/**
 * Idempotency-Key on writes a client retries (a score or a record whose answer was lost): the same key from
 * the same account within IDEMPOTENCY_TTL_MS answers with the first answer and stores nothing new; the same
 * key with a different request is refused (422). Only a successful answer is kept, in the write's own
 * transaction: a refused or failed write stored nothing, so its retry simply runs again.
 */
export interface IdempotentCall {
  operation: string;
  key: string;
  /** SHA-256 of what was asked (the route's ids and the body), keys sorted. */
  hash: string;
}

export interface KeptAnswer {
  status: number;
  body: unknown;
}

export const KEY_REUSED_TEXT = 'This Idempotency-Key was already used for a different request. Send a new key for a new submission.';
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** JSON with object keys sorted at every level, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request's Idempotency-Key for `operation` (null without one); the contract has checked its form already. */
export function idempotencyOf(request: FastifyRequest, operation: string, asked: unknown): IdempotentCall | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw new ApiError(400, 'Idempotency-Key must be 8 to 64 letters, digits, "-" or "_".', 'Idempotency-Key');
  return { operation, key: header, hash: createHash('sha256').update(canonicalJson(asked)).digest('hex') };
}

/**
 * Takes the key for this call, inside the write's transaction: null when it is new (or older than the TTL)
 * and the write goes ahead, or the first answer to replay. A concurrent duplicate waits on the key's row
 * (PostgreSQL) or on the transaction (PGlite) and then replays what the first one committed.
 */
export async function claimKey(db: Database, userId: number, call: IdempotentCall, now: Date): Promise<KeptAnswer | null> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, operation: call.operation, key: call.key, requestHash: call.hash, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.operation, idempotencyKeys.key],
      set: { requestHash: call.hash, createdAt: now, status: null, response: null },
      setWhere: lt(idempotencyKeys.createdAt, cutoff),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    // This account's expired keys go as it makes new ones (never the one just taken).
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, cutoff), sql`${idempotencyKeys.key} <> ${call.key}`));
    return null;
  }
  const [kept] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, call.operation), eq(idempotencyKeys.key, call.key)));
  if (!kept || kept.requestHash !== call.hash) throw new ApiError(422, KEY_REUSED_TEXT);
  if (kept.status === null || kept.response === null)
    throw new ApiError(409, 'This request is still being handled. Try again in a moment.');
  return { status: kept.status, body: JSON.parse(kept.response) as unknown };
}

/**
 * The first answer to this key if one is kept (or 422 for a different request), read before a write's own
 * checks: a retry is answered as the first call was even when those checks would now refuse it (its video is
 * taken, by the first call). Without a kept answer the write goes on and claims the key in its transaction.
 */
export async function keptAnswer(db: Database, userId: number, call: IdempotentCall, now: Date): Promise<KeptAnswer | null> {
  const [kept] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, call.operation), eq(idempotencyKeys.key, call.key)));
  if (!kept || kept.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) return null;
  if (kept.requestHash !== call.hash) throw new ApiError(422, KEY_REUSED_TEXT);
  return kept.status === null || kept.response === null ? null : { status: kept.status, body: JSON.parse(kept.response) as unknown };
}

/** Keeps the answer to a claimed key, in the same transaction as the write it answers. */
export async function keepAnswer(db: Database, userId: number, call: IdempotentCall, answer: KeptAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, response: JSON.stringify(answer.body) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.operation, call.operation), eq(idempotencyKeys.key, call.key)));
}
