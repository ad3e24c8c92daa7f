import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { kudos } from '#server/db/schema.ts';
import { ApiError, notFound } from '#server/errors.ts';
import { KUDOS_PER_MINUTE, type KudosKind } from '#domain/follows.ts';
import { refuseSuspended, type Actor } from './follows.ts';

// Kudos on a story or a result: one per person and item (the primary key), undone by deleting it. Only what
// everyone may see takes kudos: a story nobody hid; a verified score nobody withdrew or hid, in a public
// challenge that was not deleted or hidden.

export const NO_ITEM: Record<KudosKind, string> = {
  story: 'No story with that id.',
  score: 'No result with that id.',
};
export const KUDOS_RATE_TEXT = `You gave or took back ${KUDOS_PER_MINUTE} kudos in the last minute. Wait a moment and try again.`;

/** The item's author when everyone may see it, else null. */
async function visibleAuthor(db: Database, kind: KudosKind, itemId: number): Promise<number | null> {
  const [row] = await rowsOf<{ author: number }>(
    db,
    kind === 'story'
      ? sql`select author_id as author from stories where id = ${itemId} and hidden_at is null`
      : sql`select s.user_id as author from challenge_scores s join challenges c on c.id = s.challenge_id
            where s.id = ${itemId} and s.deleted_at is null and s.hidden_at is null and s.verification = 'verified'
              and c.deleted_at is null and c.hidden_at is null and c.visibility = 'public'`,
  );
  return row ? Number(row.author) : null;
}

export async function kudosOf(db: Database, kind: KudosKind, itemId: number, viewerId: number) {
  const [row] = await rowsOf<{ n: number; mine: boolean }>(
    db,
    sql`select count(*)::int as n, coalesce(bool_or(user_id = ${viewerId}), false) as mine
        from ${kudos} where kind = ${kind} and item_id = ${itemId}`,
  );
  return { kind, item_id: itemId, count: Number(row?.n ?? 0), mine: Boolean(row?.mine) };
}

/** Kudos standing from the last minute count against it; the routes' own limit (the contract) bounds give-and-undo churn. */
async function refuseTooMany(ctx: AppContext, db: Database, actor: Actor) {
  const since = new Date(ctx.now().getTime() - 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(kudos)
    .where(and(eq(kudos.userId, actor.id), gt(kudos.createdAt, since)));
  if ((row?.n ?? 0) >= KUDOS_PER_MINUTE) throw new ApiError(429, KUDOS_RATE_TEXT);
}

/** The kudos of an item everyone may see (a signed-out reader's `mine` is false); 404 for anything else. */
export async function readKudos(db: Database, kind: KudosKind, itemId: number, viewerId: number | null) {
  if ((await visibleAuthor(db, kind, itemId)) === null) throw notFound(NO_ITEM[kind]);
  return kudosOf(db, kind, itemId, viewerId ?? 0);
}

export async function giveKudos(ctx: AppContext, actor: Actor, kind: KudosKind, itemId: number) {
  refuseSuspended(ctx, actor);
  const db = ctx.database.db;
  const author = await visibleAuthor(db, kind, itemId);
  if (author === null) throw notFound(NO_ITEM[kind]);
  if (author === actor.id) throw new ApiError(403, `You cannot give kudos to your own ${kind === 'story' ? 'story' : 'result'}.`);
  const [already] = await db
    .select({ n: count() })
    .from(kudos)
    .where(and(eq(kudos.kind, kind), eq(kudos.itemId, itemId), eq(kudos.userId, actor.id)));
  if (!already?.n) {
    await refuseTooMany(ctx, db, actor);
    await db.insert(kudos).values({ kind, itemId, userId: actor.id, createdAt: ctx.now() }).onConflictDoNothing();
  }
  return kudosOf(db, kind, itemId, actor.id);
}

export async function undoKudos(ctx: AppContext, actor: Actor, kind: KudosKind, itemId: number) {
  const db = ctx.database.db;
  const gone = await db
    .delete(kudos)
    .where(and(eq(kudos.kind, kind), eq(kudos.itemId, itemId), eq(kudos.userId, actor.id)))
    .returning();
  if (!gone.length && (await visibleAuthor(db, kind, itemId)) === null) throw notFound(NO_ITEM[kind]);
  return kudosOf(db, kind, itemId, actor.id);
}
