import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest } from '#server/errors.ts';
import { decodeFeedCursor, encodeFeedCursor, type FeedItemKind } from '#domain/follows.ts';
import { formatScore } from '#domain/scoring/format.ts';
import type { ScoreType } from '#domain/scoring/types.ts';
import { readsInFull, storyTeaser } from '#domain/stories.ts';
import { subscribedPrices } from '../creators/index.ts';

// The followers feed: the stories, new challenges and verified results of the people the reader follows, newest
// first, one page at a time by a cursor (time, kind, id): ranked, filtered and cut in one SQL statement, each
// branch reading its own index by author and time.

interface FeedRow {
  kind: FeedItemKind;
  id: number;
  at_ms: string | number;
  author_id: number;
  author_name: string;
  title: string;
  body: string;
  link_id: number;
  score_type: string | null;
  score_status: string | null;
  score_value: string | number | null;
  reps_per_round: number | null;
  kudos: number;
  mine: boolean;
  subscribers_only: boolean;
  required_price: number | null;
}

export async function followersFeed(
  db: Database,
  reader: { id: number; isStaff: boolean },
  cursorText: string | undefined,
  limit: number,
  now: Date,
) {
  const readerId = reader.id;
  const cursor = cursorText === undefined ? null : decodeFeedCursor(cursorText);
  if (cursorText !== undefined && !cursor) throw badRequest('That feed position is not valid; start again from the top.', 'cursor');
  const after = cursor ? sql`where (at_ms, kind, id) < (${cursor.at}::bigint, ${cursor.kind}::text, ${cursor.id}::int)` : sql``;
  // An array, so the planner reads each branch by its author index (an IN subquery made PostgreSQL hash-join a full scan).
  const followed = sql`array(select followee_id from follows where follower_id = ${readerId})`;
  const since = cursor ? sql`and created < to_timestamp(${cursor.at + 1} / 1000.0)` : sql``;
  const rows = await rowsOf<FeedRow>(
    db,
    sql`
    with items as (
      select 'story'::text as kind, st.id, st.created_at as created, st.author_id, st.title,
             case when st.subscribers_only then st.body else left(st.body, 280) end as body, st.id as link_id,
             null::text as score_type, null::text as score_status, null::bigint as score_value, null::int as reps_per_round,
             st.subscribers_only, case when st.subscriber_tier_id is null then null else ct.price_cents end as required_price
      from stories st left join creator_tiers ct on ct.id = st.subscriber_tier_id
      where st.author_id = any(${followed}) and st.hidden_at is null
      union all
      select 'challenge', c.id, c.created_at, c.creator_id, c.title, left(c.description, 280), c.id, null, null, null, null, false, null
      from challenges c
      where c.creator_id = any(${followed}) and c.deleted_at is null and c.hidden_at is null and c.visibility = 'public'
      union all
      select 'result', s.id, s.submitted_at, s.user_id, c.title, '', c.id, c.score_type, s.status, s.value, c.reps_per_round, false, null
      from challenge_scores s join challenges c on c.id = s.challenge_id
      where s.user_id = any(${followed}) and s.deleted_at is null and s.hidden_at is null and s.verification = 'verified'
        and c.deleted_at is null and c.hidden_at is null and c.visibility = 'public'
    ), ranked as (
      select *, floor(extract(epoch from created) * 1000)::bigint as at_ms from items where true ${since}
    )
    select r.kind, r.id, r.at_ms, r.author_id, u.display_name as author_name, r.title, r.body, r.link_id,
           r.score_type, r.score_status, r.score_value, r.reps_per_round, r.subscribers_only, r.required_price,
           (select count(*) from kudos k where k.kind = (case r.kind when 'result' then 'score' else r.kind end) and k.item_id = r.id)::int as kudos,
           exists (select 1 from kudos k where k.kind = (case r.kind when 'result' then 'score' else r.kind end)
                   and k.item_id = r.id and k.user_id = ${readerId}) as mine
    from (select * from ranked ${after} order by at_ms desc, kind desc, id desc limit ${limit + 1}) r
    join users u on u.id = r.author_id
    where not exists (select 1 from athlete_profiles p where p.user_id = r.author_id and p.hidden_at is not null)
    order by r.at_ms desc, r.kind desc, r.id desc`,
  );
  // A subscriber-only story the reader has no tier for shows its teaser only (domain/stories.ts).
  const prices = rows.some((r) => r.subscribers_only) ? await subscribedPrices(db, readerId, now) : new Map<number, number>();
  for (const r of rows) {
    const audience = {
      authorId: Number(r.author_id),
      subscribersOnly: Boolean(r.subscribers_only),
      requiredPriceCents: r.required_price === null ? null : Number(r.required_price),
    };
    if (audience.subscribersOnly)
      r.body = readsInFull(audience, reader, prices.get(audience.authorId)) ? r.body.slice(0, 280) : storyTeaser(r.body);
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const [following] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from follows where follower_id = ${readerId}`);
  return {
    items: page.map(present),
    next_cursor: rows.length > limit && last ? encodeFeedCursor({ at: Number(last.at_ms), kind: last.kind, id: Number(last.id) }) : null,
    following: Number(following?.n ?? 0),
  };
}

function present(r: FeedRow) {
  const id = Number(r.id);
  const kudosKind = r.kind === 'result' ? ('score' as const) : r.kind === 'story' ? ('story' as const) : null;
  return {
    key: `${r.kind}:${id}`,
    kind: r.kind,
    id,
    at: new Date(Number(r.at_ms)).toISOString(),
    author: { user_id: Number(r.author_id), display_name: r.author_name },
    title: r.title,
    body:
      r.kind === 'result'
        ? formatScore(
            r.score_type as ScoreType,
            { status: r.score_status, value: Number(r.score_value) } as Parameters<typeof formatScore>[1],
            { repsPerRound: r.reps_per_round },
          )
        : r.body,
    link: r.kind === 'story' ? `/my-stories-page?story=${r.link_id}` : `/challenge-detail-page?id=${r.link_id}`,
    kudos: kudosKind ? { kind: kudosKind, item_id: id, count: Number(r.kudos), mine: Boolean(r.mine) } : null,
  };
}
