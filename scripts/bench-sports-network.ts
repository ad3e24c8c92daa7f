// A league's season table at scale (PostgreSQL only: BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite is
// skipped at this size): GYMS member gyms (of GYMS + 50 listed), EVENTS events of 2 workouts each, ATHLETES
// athletes (each in every event, about one in ten missing each workout, reps 0..999 so ties are common).
// Prints p50/p99 of
// - the season table as the API serves it (leagueSeason: a large league's table kept per node and
//   recomputed in the background when one of its boards or its membership changes), and how long a
//   changed entry takes to show in it;
// - the table computed afresh (seasonRows from the events' standings, with no standing or board kept yet);
// - the naive way, in the same run: every entry of the league's events read into the application,
//   ranked there per event and division, then domain/sports-network.ts's seasonTable.
// Target: p99 < 50 ms for the table served.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../server/context.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { BackgroundTasks } from '../server/lib/background.ts';
import { startBoardCache } from '../server/lib/boards/board-cache.ts';
import { forgetStandings } from '../server/areas/events/events-cache.ts';
import { keepSeason, leagueSeason, seasonRows } from '../server/areas/sports-network/sports-network-season.ts';
import { seasonTable } from '../domain/sports-network.ts';
import { onEachDatabase, rowsOf, time } from './bench-lib.ts';

const GYMS = Number(process.env.BENCH_LEAGUE_GYMS ?? 200);
const EVENTS = Number(process.env.BENCH_LEAGUE_EVENTS ?? 10);
const ATHLETES = Number(process.env.BENCH_LEAGUE_ATHLETES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** Every profile field public (the profile's privacy is required). */
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };
const SERVED_RUNS = Number(process.env.BENCH_SERVED_RUNS ?? 500);

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const t0 = performance.now();
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'l' || g || '@bench.local', 'l' || g || '@bench.local', 'x', 'Bench ' || g, now() from generate_series(1, ${ATHLETES}) g`);
  await db.execute(sql`insert into gyms (name, name_key, created_at)
    select 'Bench Gym ' || g, 'bench gym ' || g, now() from generate_series(1, ${GYMS + 50}) g`);
  // Every athlete belongs to one of the listed gyms (50 of which are not in the league).
  await db.execute(sql`insert into athlete_profiles (user_id, gym_id, privacy)
    select u.id, (select min(id) from gyms) + (u.id % ${GYMS + 50}), ${JSON.stringify(PUBLIC)}::jsonb
    from users u where u.email like '%@bench.local'`);
  const [league] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into leagues (name, season_name, season_starts_on, season_ends_on, created_at, updated_at)
      values ('Bench League', '2026', '2026-01-01', '2026-12-31', now(), now()) returning id`),
  );
  const leagueId = Number(league!.id);
  await db.execute(sql`insert into league_gyms (league_id, gym_id, added_at)
    select ${leagueId}, id, now() from gyms order by id limit ${GYMS}`);
  const workouts: number[] = [];
  for (let e = 1; e <= EVENTS; e++) {
    const ids: number[] = [];
    for (let w = 1; w <= 2; w++) {
      const [c] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at, sex_divisions)
          values (${`Bench E${e} W${w}`}, (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days', 'split')
          returning id`),
      );
      const id = Number(c!.id);
      ids.push(id);
      await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
        select ${id}, id, 'rx', 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint, now()
        from (select id, floor(random() * 1000)::int as v from users where email like '%@bench.local' and random() >= 0.1) s`);
      await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, category, status, value, sort_key, submitted_at)
        select s.challenge_id, s.user_id, s.id, s.division, case when s.user_id % 2 = 0 then 'female' else 'male' end,
          case when s.user_id % 2 = 0 then 'female' else 'male' end, s.status, s.value, s.sort_key, s.submitted_at
        from challenge_scores s where s.challenge_id = ${id}`);
    }
    workouts.push(...ids);
    const [ev] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into events (name, creator_id, rule, starts_at, ends_at)
        values (${`Bench event ${e}`}, (select min(id) from users), 'sum_of_places', now() - interval '1 day', now() + interval '30 days')
        returning id`),
    );
    const eventId = Number(ev!.id);
    for (const [i, id] of ids.entries())
      await db.execute(sql`insert into event_workouts (event_id, challenge_id, position) values (${eventId}, ${id}, ${i + 1})`);
    await db.execute(sql`insert into league_events (league_id, event_id, added_at) values (${leagueId}, ${eventId}, now())`);
  }
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  return { leagueId, workouts, seconds: (performance.now() - t0) / 1000 };
}

/** The naive way: every entry of the league's events into the application, ranked there (sum of places), then seasonTable. */
async function naive(handle: DatabaseHandle, leagueId: number) {
  const entries = rowsOf<{ event_id: number; challenge_id: number; user_id: number; category: string; sort_key: string }>(
    await handle.db.execute(sql`select le.event_id, ce.challenge_id, ce.user_id, ce.category, ce.sort_key::text as sort_key
      from league_events le join event_workouts ew on ew.event_id = le.event_id join challenge_entries ce on ce.challenge_id = ew.challenge_id
      where le.league_id = ${leagueId}`),
  );
  const members = rowsOf<{ gym_id: number; name: string }>(
    await handle.db.execute(
      sql`select lg.gym_id, g.name from league_gyms lg join gyms g on g.id = lg.gym_id where lg.league_id = ${leagueId}`,
    ),
  );
  const gymOf = new Map(
    rowsOf<{ user_id: number; gym_id: number }>(
      await handle.db.execute(sql`select user_id, gym_id from athlete_profiles where gym_id is not null`),
    ).map((r) => [Number(r.user_id), Number(r.gym_id)]),
  );
  const events = [...new Set(entries.map((x) => Number(x.event_id)))].sort((a, b) => a - b);
  const placesByGym = new Map<number, number[][]>(members.map((m) => [Number(m.gym_id), events.map(() => [])]));
  for (const [k, eventId] of events.entries()) {
    const mine = entries.filter((x) => Number(x.event_id) === eventId);
    for (const category of ['female', 'male']) {
      const rows = mine.filter((x) => x.category === category);
      const athletes = [...new Set(rows.map((x) => Number(x.user_id)))];
      const workouts = [...new Set(rows.map((x) => Number(x.challenge_id)))];
      const total = new Map<number, number>(athletes.map((a) => [a, 0]));
      const firsts = new Map<number, number>();
      const best = new Map<number, number>();
      for (const w of workouts) {
        const board = rows.filter((x) => Number(x.challenge_id) === w).sort((a, b) => (BigInt(a.sort_key) < BigInt(b.sort_key) ? -1 : 1));
        const placed = new Map<number, number>();
        let place = 0;
        for (const [i, x] of board.entries()) {
          if (i === 0 || board[i - 1]!.sort_key !== x.sort_key) place = i + 1;
          placed.set(Number(x.user_id), place);
        }
        for (const a of athletes) {
          const p = placed.get(a) ?? board.length + 1;
          total.set(a, total.get(a)! + p);
          if (p === 1) firsts.set(a, (firsts.get(a) ?? 0) + 1);
          best.set(a, Math.min(best.get(a) ?? Infinity, p));
        }
      }
      const ranked = athletes.sort(
        (a, b) => total.get(a)! - total.get(b)! || (firsts.get(b) ?? 0) - (firsts.get(a) ?? 0) || best.get(a)! - best.get(b)!,
      );
      const same = (a: number, b: number) =>
        total.get(a) === total.get(b) && (firsts.get(a) ?? 0) === (firsts.get(b) ?? 0) && best.get(a) === best.get(b);
      let overall = 0;
      for (const [i, a] of ranked.entries()) {
        if (i === 0 || !same(ranked[i - 1]!, a)) overall = i + 1;
        const gym = gymOf.get(a);
        if (gym !== undefined) placesByGym.get(gym)?.[k]!.push(overall);
      }
    }
  }
  return seasonTable(members.map((m) => ({ gymId: Number(m.gym_id), name: m.name, eventPlaces: placesByGym.get(Number(m.gym_id))! })));
}

async function bench(label: string, handle: DatabaseHandle) {
  if (label.startsWith('PGlite')) return;
  const { leagueId, workouts, seconds } = await load(handle);
  const row = (name: string, m: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(60)} p50 ${m.p50.toFixed(2).padStart(9)} ms   p99 ${m.p99.toFixed(2).padStart(9)} ms`);
  console.log(
    `\n# ${label}: league of ${GYMS} gyms, ${EVENTS} events × 2 workouts, ${ATHLETES.toLocaleString('en')} athletes each` +
      ` (loaded in ${seconds.toFixed(0)} s); target p99 < 50 ms`,
  );
  const ctx = { database: handle, now: () => new Date(), tasks: new BackgroundTasks(() => {}) } as unknown as AppContext;
  const boardCache = await startBoardCache(ctx);
  // The service and the naive way agree before either is timed.
  const [fromService, fromApp] = [await seasonRows(ctx, leagueId), await naive(handle, leagueId)];
  const agree =
    JSON.stringify(fromService.map((r) => [r.gym_id, r.place, r.total, r.scores])) ===
    JSON.stringify(fromApp.map((r) => [r.gymId, r.place, r.total, r.scores]));
  console.log(`  the service and the naive computation agree: ${agree ? 'yes' : 'NO'}`);

  await keepSeason(ctx, leagueId);
  row('season table as served (kept)', await time(SERVED_RUNS, () => leagueSeason(ctx, leagueId), 20));
  const afresh = () => {
    forgetStandings(handle.db);
    return seasonRows(ctx, leagueId);
  };
  row('computed afresh (every board read, every standing computed)', await time(RUNS, afresh, 1));
  row('naive: every entry ranked in the application', await time(Math.min(RUNS, 5), () => naive(handle, leagueId), 1));

  // The last gym's first athlete wins both workouts of the first event: until the served table shows it.
  const before = await leagueSeason(ctx, leagueId);
  const lastGym = before.items.at(-1)!.gym.id;
  const [mover] = rowsOf<{ user_id: number }>(
    await handle.db.execute(sql`select ce.user_id from challenge_entries ce join athlete_profiles ap on ap.user_id = ce.user_id
      where ce.challenge_id = ${workouts[0]!} and ap.gym_id = ${lastGym} order by ce.user_id limit 1`),
  );
  const t0 = performance.now();
  await handle.db.execute(
    sql`update challenge_entries set sort_key = 0 where challenge_id in (${workouts[0]!}, ${workouts[1]!}) and user_id = ${mover!.user_id}`,
  );
  const totalOf = (s: typeof before) => s.items.find((r) => r.gym.id === lastGym)!.total;
  let shownMs = NaN;
  while (performance.now() - t0 < 60_000) {
    if (totalOf(await leagueSeason(ctx, leagueId)) !== totalOf(before)) {
      shownMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(`  a new event winner shows in the served table after ${shownMs.toFixed(0)} ms (reads meanwhile served the previous table)`);
  await ctx.tasks.settled();
  await boardCache.stop();
}

await onEachDatabase('bench_sports_network', bench);
