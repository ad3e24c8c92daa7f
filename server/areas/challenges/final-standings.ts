import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { deliverTimelinePost } from '../athletes/index.ts';
import { timelineAllows } from '../settings/index.ts';
import { celebratePodiums } from '../realtime/index.ts';
import { PODIUM_PLACES } from '#domain/achievement-rules.ts';
import { CATEGORY_BOARD_WORDS, PLACE_DIVISION_NAMES } from '#domain/places.ts';

/** The board's name in SQL, as domain/places.ts boardNameOf writes it ("Women Rx", "Men 35–39 Scaled", "Rx"). */
const boardNameSql = (category: ReturnType<typeof sql>, division: ReturnType<typeof sql>) =>
  sql`concat_ws(' ', case ${category} ${sql.join(
    [...CATEGORY_BOARD_WORDS].map(([id, words]) => sql`when ${id}::varchar then ${words}::varchar`),
    sql` `,
  )} end, case ${division} when 'rx' then ${PLACE_DIVISION_NAMES.rx}::varchar else ${PLACE_DIVISION_NAMES.scaled}::varchar end)`;

interface PodiumRow {
  user_id: number;
  place: number;
  athletes: number;
  category: string;
  division: string;
  board: string;
  title: string;
}

/** How many closed challenges one sweep finishes at most (the next sweep takes the rest). */
const CHALLENGES_PER_SWEEP = 10;
/** Places the community site hears of; every athlete's own timeline has theirs. */
export const COMMUNITY_PODIUM = 3;

/**
 * Final standings: once a challenge has closed, every athlete on its board gets a "ranking"
 * post on their timeline with their place on their board ("Finished 2nd of 14 · Women Rx in
 * Fran", the words of domain/places.ts), dated when the challenge closed; an unlisted challenge stays unlisted and posts
 * nothing. Places are the board's (ties share the higher place), counted in SQL. One transaction per challenge, which claims it with SKIP LOCKED,
 * so two servers sweeping at once post each challenge once. Podium places also go to the
 * community site when one is configured, and each board's podium unlocks an achievement ("Podium: 3rd of 40 ·
 * Women Rx in Fran", once per athlete and challenge). Returns how many challenges were finished.
 */
export async function postFinalStandings(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let finished = 0;
  for (let i = 0; i < CHALLENGES_PER_SWEEP; i++) {
    const podium = await ctx.database.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [due] = await rowsOf<{ id: number }>(
        db,
        sql`select id from challenges
          where standings_posted_at is null and deleted_at is null and ends_at <= ${now.toISOString()}::timestamptz
          order by ends_at, id limit 1 for update skip locked`,
      );
      if (!due) return null;
      const posted = await rowsOf<{ id: number }>(
        db,
        sql`with c as (
            select id, title, ends_at from challenges where id = ${due.id} and visibility = 'public'
          ), board as (
            select e.user_id, e.division, e.category,
              rank() over (partition by e.category, e.division order by e.sort_key) as place,
              count(*) over (partition by e.category, e.division) as athletes
            from challenge_entries e where e.challenge_id = ${due.id}
          ), inserted as (
            insert into timeline_posts (user_id, kind, body, payload, created_at)
            select b.user_id, 'ranking',
              'Finished ' || b.place || case when b.place % 100 between 11 and 13 then 'th' when b.place % 10 = 1 then 'st'
                when b.place % 10 = 2 then 'nd' when b.place % 10 = 3 then 'rd' else 'th' end
              || ' of ' || b.athletes || ' · ' || ${boardNameSql(sql`b.category`, sql`b.division`)} || ' in ' || c.title,
              jsonb_build_object('challenge_id', c.id, 'challenge_title', c.title, 'division', b.division, 'category', nullif(b.category, ''), 'place', b.place, 'athletes', b.athletes),
              c.ends_at
            from board b, c
            where ${timelineAllows('final_place', sql`b.user_id`)}
            returning id, (payload->>'place')::int as place
          )
          select id from inserted where place <= ${COMMUNITY_PODIUM} order by id`,
      );
      // The podium of each board (whether or not the athlete posts to a timeline) unlocks an achievement that names it.
      const podium = await rowsOf<PodiumRow>(
        db,
        sql`select b.user_id, b.place, b.athletes, b.category, b.division, ${boardNameSql(sql`b.category`, sql`b.division`)} as board, c.title
          from (select e.user_id, e.division, e.category,
              rank() over (partition by e.category, e.division order by e.sort_key)::int as place,
              count(*) over (partition by e.category, e.division)::int as athletes
            from challenge_entries e where e.challenge_id = ${due.id}) b
          join challenges c on c.id = ${due.id} and c.visibility = 'public'
          where b.place <= ${PODIUM_PLACES}
          order by b.category, b.division, b.place, b.user_id`,
      );
      await celebratePodiums(
        db,
        podium.map((r) => ({
          userId: Number(r.user_id),
          challengeId: due.id,
          challengeTitle: r.title,
          place: { rank: Number(r.place), of: Number(r.athletes), board: r.board },
        })),
        now,
      );
      await db.execute(sql`update challenges set standings_posted_at = ${now.toISOString()}::timestamptz where id = ${due.id}`);
      return posted.map((p) => Number(p.id));
    });
    if (podium === null) break;
    finished++;
    for (const id of podium) ctx.tasks.defer('timeline delivery', () => deliverTimelinePost(ctx, id));
  }
  return finished;
}

/**
 * Sweeps for closed challenges every `everyMs` (one sweep at a time; failures are logged by
 * the background tasks). Returns a stop function.
 */
export function sweepFinalStandings(ctx: AppContext, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ctx.tasks.defer('final standings', () => postFinalStandings(ctx).finally(() => (running = false)));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
