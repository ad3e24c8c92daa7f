// Leaderboards at scale: N scores in one challenge, on PGlite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. Prints p50/p99 of a
// leaderboard page of 50 with the caller's own rank, of a score submission that
// moves ranks, of a division's page (the board splits men and women in masters age
// groups) alone and filtered to a gym, and of a naive own-rank query (a window over
// the whole board) measured in the same run. BENCH_ONLY=postgres skips PGlite.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/index.ts';
import type { AppContext } from '../server/context.ts';
import { rankings, submitScore } from '../server/areas/challenges/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { Outbox } from '../server/lib/mail.ts';
import { firstScoreAchievement, STREAK_TYPES } from '../domain/achievement-rules.ts';
import { onEachDatabase, rowsOf, time } from './bench-lib.ts';

const N = Number(process.env.BENCH_SCORES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 500);

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const t0 = performance.now();
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'b' || g || '@bench.local', 'b' || g || '@bench.local', 'x', 'Bench ' || g, now() from generate_series(1, ${N}) g`);
  const [created] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at, sex_divisions, age_scheme, overall_board)
      values ('Bench: max reps', (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days', 'split', 'masters', true)
      returning id`),
  );
  const challengeId = Number(created!.id);
  // Men and women in masters age groups (born 1956-2005: every group from open to 65+), in 200 gyms of
  // 5,000 (by blocks of 100 ids, so every gym has both sexes and every age), all shown.
  await db.execute(sql`insert into athlete_profiles (user_id, sex, birth_year, gym, privacy)
    select id, case when id % 2 = 0 then 'female' else 'male' end, 1956 + id % 50, 'Gym ' || (id / 100 % 200),
      '{"sex":"public","birth_year":"public","bodyweight":"private","gym":"public","bio":"public","records":"public"}'::jsonb
    from users where email like '%@bench.local'`);
  const age = sql`extract(year from now())::int - p.birth_year`;
  const category = sql`p.sex || ':' || case when ${age} >= 65 then '65+' when ${age} >= 35 then
    (35 + (${age} - 35) / 5 * 5)::text || '-' || (39 + (${age} - 35) / 5 * 5)::text else 'open' end`;
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, sex, category, joined_at)
    select ${challengeId}, p.user_id, 'rx', p.sex, ${category}, now()
    from athlete_profiles p join users u on u.id = p.user_id where u.email like '%@bench.local'`);
  await db.execute(sql`update challenges set participant_count = ${N} where id = ${challengeId}`);
  // reps 0..9999; sort key as domain/scoring builds it (sortKey) for an Rx reps score without tie-break.
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select ${challengeId}, id, 'rx', 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint, now() - (id % 1000) * interval '1 second'
    from (select id, floor(random() * 10000)::int as v from users where email like '%@bench.local') s`);
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, category, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, s.id, s.division, p.sex, p.category, s.status, s.value, s.sort_key, s.submitted_at
    from challenge_scores s join challenge_participants p on p.challenge_id = s.challenge_id and p.user_id = s.user_id where s.challenge_id = ${challengeId}`);
  await db.execute(sql`update challenges set rx_entries = ${N} where id = ${challengeId}`);
  await rebuildRankSlices(db, challengeId);
  // What a million earlier submissions leave besides the board: every athlete has their
  // streak rows and holds the first-score achievement (a submission then updates, not creates).
  await db.execute(sql`insert into streaks (user_id, type, last_updated)
    select u.id, t.type, now() from users u, (values ${sql.join(
      STREAK_TYPES.map((t) => sql`(${t})`),
      sql`, `,
    )}) as t(type) where u.email like '%@bench.local'`);
  const first = firstScoreAchievement('Bench: max reps');
  await db.execute(sql`insert into achievements (user_id, key, type, title, description, icon, rarity, points, celebration_level, share_worthy, full_screen, unlocked_at)
    select id, 'first_score', ${first.type}, ${first.title}, ${first.description}, ${first.icon}, ${first.rarity}, ${first.points}, ${first.celebration_level},
      ${first.share_worthy}, false, now() from users where email like '%@bench.local'`);
  // A bulk load leaves the visibility map unset (index-only counts then visit the heap);
  // autovacuum would set it on a live database.
  await db.execute(sql`vacuum analyze`);
  // And the load's dirty pages are written out now, not by a checkpoint during the timed runs.
  await db.execute(sql`checkpoint`);
  return { challengeId, seconds: (performance.now() - t0) / 1000 };
}

async function bench(label: string, handle: DatabaseHandle) {
  const { challengeId, seconds } = await load(handle);
  const [{ min: firstId }] = rowsOf<{ min: number }>(
    await handle.db.execute(sql`select min(id) as min from users where email like '%@bench.local'`),
  ) as [{ min: number }];
  const ctx = { database: handle, now: () => new Date(), mailer: new Outbox(), config: {} } as unknown as AppContext;
  const someone = () => Number(firstId) + Math.floor(Math.random() * N);
  // Ten pooled connections, each planning a statement afresh for its first runs: warm them all.
  const WARMUP = 100;
  const page = await time(RUNS, () => rankings(ctx, { challenge_id: challengeId, offset: 0, limit: 50 }, someone()), WARMUP);
  const deep = await time(
    Math.ceil(RUNS / 4),
    () => rankings(ctx, { challenge_id: challengeId, offset: Math.floor(N / 2), limit: 50 }, someone()),
    WARMUP,
  );
  // A division (women 40-44: 60,000 athletes) with its own places, and the same division narrowed to one gym (300).
  const division = { challenge_id: challengeId, category: 'female:40-44', offset: 0, limit: 50 };
  const divisionPage = await time(RUNS, () => rankings(ctx, division, someone()), WARMUP);
  const gymPage = await time(Math.ceil(RUNS / 4), () =>
    rankings(ctx, { ...division, gym: `Gym ${Math.floor(Math.random() * 200)}` }, someone()),
  );
  const submit = await time(RUNS, () => submitScore(ctx, someone(), challengeId, { reps: 9000 + Math.floor(Math.random() * 999) }), WARMUP);
  const naive = await time(Math.ceil(RUNS / 10), () =>
    handle.db.execute(
      sql`select r from (select user_id, rank() over (order by sort_key) as r from challenge_entries where challenge_id = ${challengeId}) x where user_id = ${someone()}`,
    ),
  );
  const row = (name: string, m: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(52)} p50 ${m.p50.toFixed(2).padStart(8)} ms   p99 ${m.p99.toFixed(2).padStart(8)} ms`);
  console.log(`\n# ${label}: ${N.toLocaleString('en')} scores in one challenge (loaded in ${seconds.toFixed(1)} s)`);
  row('top page of 50 + caller\u2019s own rank', page);
  row('page of 50 at the middle of the board + own rank', deep);
  row('division board (women 40-44) top page + own rank', divisionPage);
  row('the division filtered to one gym + own rank', gymPage);
  row('score submission that moves ranks', submit);
  row('naive own rank (window over the whole board)', naive);
  const times = (m: { p50: number }) => (naive.p50 / Math.max(m.p50, 0.001)).toFixed(0);
  console.log(
    `  own rank: indexed count is ${times(page)}x faster at p50 than the naive window; the division page ${times(divisionPage)}x,`,
  );
  console.log(`  the division filtered to a gym ${times(gymPage)}x`);
}

await onEachDatabase('bench', bench);
