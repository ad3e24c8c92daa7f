import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { challengeParticipants, challenges } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import type { Division, ScoreType } from '#domain/scoring/index.ts';
import { withCreators, type ChallengeStatus } from './challenge.ts';
import { placeInChallenge } from './places.ts';

// Finding challenges: discover and archive (keyset pages), my created and joined ones, recommendations.

async function listWhere(ctx: AppContext, where: SQL | undefined, order: SQL[], limit = 100) {
  const rows = await ctx.database.db
    .select()
    .from(challenges)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return { items: await withCreators(ctx.database.db, rows, ctx.now()) };
}

export async function myParticipating(ctx: AppContext, userId: number) {
  const ids = ctx.database.db
    .select({ id: challengeParticipants.challengeId })
    .from(challengeParticipants)
    .where(eq(challengeParticipants.userId, userId));
  const list = await listWhere(ctx, and(inArray(challenges.id, ids), isNull(challenges.deletedAt), isNull(challenges.hiddenAt)), [
    asc(challenges.endsAt),
    asc(challenges.id),
  ]);
  // Each open one with the athlete's place on their own board, named (domain/places.ts); the lists that show a place
  // (dashboard, My Active Challenges) show open ones, so a long history of closed challenges costs no lookups.
  const items = [];
  for (const c of list.items) {
    items.push({ ...c, my_place: c.status === 'open' ? await placeInChallenge(ctx.database.db, c.id, userId) : null });
  }
  return { items };
}

export async function myCreated(ctx: AppContext, userId: number) {
  return listWhere(ctx, and(eq(challenges.creatorId, userId), isNull(challenges.deletedAt)), [
    desc(challenges.createdAt),
    desc(challenges.id),
  ]);
}

/** Not joined, open or upcoming; score types and divisions the athlete competes in first, then popularity. */
export async function recommendations(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const history = await db
    .select({ scoreType: challenges.scoreType, n: count() })
    .from(challengeParticipants)
    .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
    .where(eq(challengeParticipants.userId, userId))
    .groupBy(challenges.scoreType);
  const joined = db
    .select({ id: challengeParticipants.challengeId })
    .from(challengeParticipants)
    .where(eq(challengeParticipants.userId, userId));
  const rows = await db
    .select()
    .from(challenges)
    .where(
      and(
        isNull(challenges.deletedAt),
        isNull(challenges.hiddenAt),
        eq(challenges.visibility, 'public'),
        gt(challenges.endsAt, now),
        sql`${challenges.id} not in (${joined})`,
      ),
    )
    .orderBy(desc(challenges.participantCount), asc(challenges.endsAt))
    .limit(100);
  const affinity = new Map(history.map((h) => [h.scoreType, h.n]));
  rows.sort((a, b) => (affinity.get(b.scoreType) ?? 0) - (affinity.get(a.scoreType) ?? 0) || b.participantCount - a.participantCount);
  return { items: await withCreators(db, rows.slice(0, 12), now) };
}

function likePattern(s: string) {
  return `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof parsed.at !== 'string' || typeof parsed.id !== 'number' || Number.isNaN(Date.parse(parsed.at))) throw new Error('bad');
    return { at: parsed.at, id: parsed.id };
  } catch {
    throw badRequest('cursor is not one this API gave out');
  }
}
const encodeCursor = (at: Date, id: number) => Buffer.from(JSON.stringify({ at: at.toISOString(), id })).toString('base64url');

/** Public challenges by end time (soonest first for open and upcoming ones, latest first for closed and any time), keyset-paginated. */
export async function discover(
  ctx: AppContext,
  q: {
    search?: string;
    score_type?: ScoreType;
    kind?: string;
    status?: ChallengeStatus;
    division?: Division;
    cursor?: string;
    limit: number;
  },
  archive = false,
) {
  const now = ctx.now();
  // Hidden by moderators: gone from every public list.
  const where: SQL[] = [isNull(challenges.deletedAt), isNull(challenges.hiddenAt), eq(challenges.visibility, 'public')];
  const search = q.search?.trim();
  if (search) where.push(or(ilike(challenges.title, likePattern(search)), ilike(challenges.description, likePattern(search)))!);
  if (q.score_type) where.push(eq(challenges.scoreType, q.score_type));
  if (q.kind) where.push(eq(challenges.kind, q.kind));
  const status = archive ? 'closed' : q.status;
  if (status === 'deleted') return { items: [], next_cursor: null };
  if (status === 'upcoming') where.push(gt(challenges.startsAt, now));
  if (status === 'open') where.push(lte(challenges.startsAt, now), gt(challenges.endsAt, now));
  if (status === 'closed') where.push(lte(challenges.endsAt, now));
  const after = decodeCursor(q.cursor);
  // Closed ones latest-ended first, and so is "any time" (the newest, not the oldest closed, on top);
  // open and upcoming ones ending soonest first.
  const newestFirst = status === 'closed' || status === undefined;
  if (after) {
    const at = new Date(after.at);
    where.push(
      newestFirst
        ? or(lt(challenges.endsAt, at), and(eq(challenges.endsAt, at), lt(challenges.id, after.id)))!
        : or(gt(challenges.endsAt, at), and(eq(challenges.endsAt, at), gt(challenges.id, after.id)))!,
    );
  }
  const order = newestFirst ? [desc(challenges.endsAt), desc(challenges.id)] : [asc(challenges.endsAt), asc(challenges.id)];
  const rows = await ctx.database.db
    .select()
    .from(challenges)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: await withCreators(ctx.database.db, page, now),
    next_cursor: rows.length > q.limit && last ? encodeCursor(last.endsAt, last.id) : null,
  };
}
