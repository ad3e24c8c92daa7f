import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { athleteProfiles, follows, users } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { MAX_FOLLOWING, PEOPLE_PAGE_SIZE } from '#domain/follows.ts';
import { notify } from '../notifications/index.ts';

// Following people: a row per pair, written idempotently; the followed person hears of a new follower in their
// inbox, in the same transaction as the follow.

export const NO_ATHLETE = 'No athlete with that id.';
export const NOT_YOURSELF = 'You cannot follow yourself.';
export const FOLLOW_LIMIT_TEXT = `You already follow ${MAX_FOLLOWING} people, the most one account may follow. Unfollow someone first.`;

/** The signed-in actor as the security handlers found them. */
export interface Actor {
  id: number;
  suspendedUntil: Date | null;
}

/** A suspended account changes nothing (its sessions end with the suspension; this covers any left). */
export function refuseSuspended(ctx: AppContext, actor: Actor) {
  if (actor.suspendedUntil && actor.suspendedUntil > ctx.now())
    throw new ApiError(403, 'Your account is suspended, so you cannot follow people or give kudos until the suspension ends.');
}

/** An account others may see: it exists and moderators did not hide its profile. */
const visibleAccount = sql`not exists (select 1 from ${athleteProfiles} p where p.user_id = ${users.id} and p.hidden_at is not null)`;

async function visibleAthlete(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(eq(users.id, userId), visibleAccount));
  if (!row) throw notFound(NO_ATHLETE);
  return row;
}

export async function followSummary(db: Database, userId: number, viewerId: number | null) {
  await visibleAthlete(db, userId);
  const [row] = await rowsOf<{ followers: number; following: number; followed_by_me: boolean; follows_me: boolean }>(
    db,
    sql`
    select (select count(*) from ${follows} where followee_id = ${userId})::int as followers,
           (select count(*) from ${follows} where follower_id = ${userId})::int as following,
           exists (select 1 from ${follows} where follower_id = ${viewerId ?? 0} and followee_id = ${userId}) as followed_by_me,
           exists (select 1 from ${follows} where follower_id = ${userId} and followee_id = ${viewerId ?? 0}) as follows_me`,
  );
  return {
    user_id: userId,
    followers: Number(row!.followers),
    following: Number(row!.following),
    followed_by_me: Boolean(row!.followed_by_me),
    follows_me: Boolean(row!.follows_me),
  };
}

/** Follows someone; following again changes nothing and tells nobody twice. */
export async function follow(ctx: AppContext, actor: Actor, userId: number) {
  refuseSuspended(ctx, actor);
  if (userId === actor.id) throw conflict(NOT_YOURSELF);
  const db = ctx.database.db;
  const now = ctx.now();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await visibleAthlete(t, userId);
    // Serialises one account's follows so the bound holds under concurrent requests.
    await t.execute(sql`select 1 from ${users} where id = ${actor.id} for update`);
    const [{ n } = { n: 0 }] = await t.select({ n: count() }).from(follows).where(eq(follows.followerId, actor.id));
    const inserted = await t
      .insert(follows)
      .values({ followerId: actor.id, followeeId: userId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) return;
    if (n >= MAX_FOLLOWING) throw conflict(FOLLOW_LIMIT_TEXT);
    const [me] = await t.select({ name: users.displayName }).from(users).where(eq(users.id, actor.id));
    await notify(
      t,
      { userId, kind: 'new_follower', title: `${me!.name} started following you`, link: `/athlete-profile-page?id=${actor.id}` },
      now,
    );
  });
  return followSummary(db, userId, actor.id);
}

/** Stops following; not following already changes nothing. */
export async function unfollow(ctx: AppContext, actor: Actor, userId: number) {
  const db = ctx.database.db;
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw notFound(NO_ATHLETE);
  await db.delete(follows).where(and(eq(follows.followerId, actor.id), eq(follows.followeeId, userId)));
  return followSummary(db, userId, actor.id).catch(() => ({
    // A hidden account can still be unfollowed; its counts are then not shown.
    user_id: userId,
    followers: 0,
    following: 0,
    followed_by_me: false,
    follows_me: false,
  }));
}

/** The people of one side of someone's follows, newest follow first, visible accounts only. */
export async function people(db: Database, userId: number, side: 'followers' | 'following', page: number, viewerId: number | null) {
  await visibleAthlete(db, userId);
  const mine = side === 'followers' ? follows.followeeId : follows.followerId;
  const other = side === 'followers' ? follows.followerId : follows.followeeId;
  const where = and(eq(mine, userId), visibleAccount);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.displayName,
        followers: sql<number>`(select count(*) from ${follows} f2 where f2.followee_id = ${users.id})::int`,
        mine: sql<boolean>`exists (select 1 from ${follows} f3 where f3.follower_id = ${viewerId ?? 0} and f3.followee_id = ${users.id})`,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(PEOPLE_PAGE_SIZE)
      .offset((page - 1) * PEOPLE_PAGE_SIZE),
    db.select({ n: count() }).from(follows).innerJoin(users, eq(users.id, other)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ user_id: r.id, display_name: r.name, followers: Number(r.followers), followed_by_me: Boolean(r.mine) })),
    total: total?.n ?? 0,
    page,
    page_size: PEOPLE_PAGE_SIZE,
  };
}

/**
 * People to follow: athletes active in the last 30 days (stories and results), most active first, then those
 * with the most followers; never the viewer, anyone they follow, a hidden profile or a suspended account. The
 * activity is counted from the month's rows (by their time indexes), not per account, so it does not grow with
 * the number of accounts; with too few active athletes, the most followed fill the list.
 */
export async function suggestions(db: Database, viewerId: number, limit: number, now: Date) {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const eligible = sql`u.id <> ${viewerId}
      and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)
      and not exists (select 1 from athlete_profiles p where p.user_id = u.id and p.hidden_at is not null)
      and (u.suspended_until is null or u.suspended_until < ${now.toISOString()}::timestamptz)`;
  const followers = sql`(select count(*) from follows f where f.followee_id = u.id)::int`;
  const active = await rowsOf<{ id: number; name: string; followers: number }>(
    db,
    sql`
    with activity as (
      select author_id as id, count(*) as n from stories
      where hidden_at is null and created_at > ${since}::timestamptz group by author_id
      union all
      select user_id, count(*) from challenge_scores
      where deleted_at is null and submitted_at > ${since}::timestamptz group by user_id
    ), totals as (select id, sum(n) as n from activity group by id)
    select u.id, u.display_name as name, ${followers} as followers
    from totals t join users u on u.id = t.id
    where ${eligible}
    order by t.n desc, followers desc, u.id
    limit ${limit}`,
  );
  const picked = active.map((r) => Number(r.id));
  const more =
    active.length < limit
      ? await rowsOf<{ id: number; name: string; followers: number }>(
          db,
          sql`
          select u.id, u.display_name as name, ${followers} as followers
          from users u
          where ${eligible} and u.id <> all(${`{${picked.join(',')}}`}::int[])
          order by followers desc, u.id
          limit ${limit - active.length}`,
        )
      : [];
  return {
    items: [...active, ...more].map((r) => ({
      user_id: Number(r.id),
      display_name: r.name,
      followers: Number(r.followers),
      followed_by_me: false,
    })),
  };
}

/** The ids of someone's followers after `after`, in id order: the fan-out's batches. */
export async function followerBatch(db: Database, userId: number, after: number, size: number) {
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followeeId, userId), gt(follows.followerId, after)))
    .orderBy(follows.followerId)
    .limit(size);
  return rows.map((r) => r.id);
}

/** The people someone follows, as a subquery of user ids (`where user_id in (…)`) for other areas' lists. */
export const followeesOf = (followerId: number) =>
  sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${followerId})`;
