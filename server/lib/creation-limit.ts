import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/index.ts';
import { ApiError } from '#server/errors.ts';
import { CREATION_WINDOW_MS, CREATIONS_PER_DAY } from '#domain/constants.ts';

export type Creation = keyof typeof CREATIONS_PER_DAY;

const WORDS: Record<Creation, string> = { challenges: 'challenges', teams: 'teams', gyms: 'gyms' };

export const creationLimitText = (what: Creation) =>
  `You have created ${CREATIONS_PER_DAY[what]} ${WORDS[what]} in the last 24 hours, the most one account may. Try again tomorrow.`;

interface Source {
  table: PgTable;
  creator: PgColumn;
  createdAt: PgColumn;
}

/**
 * How many `what` this account created in the last day has reached the limit? Run in the creating
 * transaction: the account's row is locked first, so two creations at once are counted one after the other.
 */
export async function atCreationLimit(db: Database, what: Creation, source: Source, userId: number, now: Date): Promise<boolean> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
  const since = new Date(now.getTime() - CREATION_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(source.table)
    .where(and(eq(source.creator, userId), gt(source.createdAt, since)));
  return (row?.n ?? 0) >= CREATIONS_PER_DAY[what];
}

/** 429 with a plain sentence once the account has created its day's `what` (administrators and editors pass). */
export async function refusePastCreationLimit(
  db: Database,
  what: Creation,
  source: Source,
  actor: { id: number; isAdmin: boolean },
  now: Date,
): Promise<void> {
  if (actor.isAdmin) return;
  if (await atCreationLimit(db, what, source, actor.id, now)) throw new ApiError(429, creationLimitText(what));
}
