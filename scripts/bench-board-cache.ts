// The public leaderboard JSON under load, through the whole app (Fastify, validation, the
// board page cache of server/lib/boards/board-cache.ts), on PGlite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. In the same run: bare Fastify
// serving the same JSON (the ceiling), and the app with the cache off (every read from the
// database). Prints requests/s and p99 under autocannon, the ratio to bare Fastify (target
// >= 0.3x), and how long a new score takes to show on the next read. With `Accept-Encoding: br`
// (what every browser sends): the app, whose kept page keeps its br body (send-kept.ts), beside a
// bare Fastify sending br bytes it keeps (target >= 0.5x); then the team, gym, alliance and event boards
// and Global Ranks' visitor page the same way. BENCH_ONLY=postgres skips PGlite.
import autocannon from 'autocannon';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { AppConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { submitScore } from '../server/areas/challenges/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { loadGlobalRanks, onEachDatabase, rowsOf } from './bench-lib.ts';

const N = Number(process.env.BENCH_BOARD_SCORES ?? 20_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const TARGET = 0.3;
const BR_TARGET = 0.5;
const BR = { 'accept-encoding': 'br' };

const config: AppConfig = { basePath: '/', storeUrl: 'https://store.example.test/', adminEmails: [], seed: 'none', logger: false };

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'l' || g || '@bench.local', 'l' || g || '@bench.local', 'x', 'Bench ' || g, now() from generate_series(1, ${N}) g`);
  const [created] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
      values ('Bench: board cache', (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days') returning id`),
  );
  const id = Number(created!.id);
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, sex, joined_at)
    select ${id}, id, 'rx', case when id % 2 = 0 then 'female' else 'male' end, now() from users where email like '%@bench.local'`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select ${id}, id, 'rx', 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint, now() - (id % 1000) * interval '1 second'
    from (select id, floor(random() * 10000)::int as v from users where email like '%@bench.local') s`);
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, s.id, s.division, p.sex, s.status, s.value, s.sort_key, s.submitted_at
    from challenge_scores s join challenge_participants p on p.challenge_id = s.challenge_id and p.user_id = s.user_id where s.challenge_id = ${id}`);
  await db.execute(sql`update challenges set rx_entries = ${N}, participant_count = ${N} where id = ${id}`);
  await rebuildRankSlices(db, id);
  // The same athletes as teams of 5, gyms of 50 and an event of this one workout: the team, gym and event boards.
  await db.execute(
    sql`update challenges set kind = 'team', team_rule = 'sum', team_size_max = 5, gym_rule = 'sum_points', gym_best_n = 5 where id = ${id}`,
  );
  await db.execute(sql`insert into challenge_teams (challenge_id, name, captain_id)
    select ${id}, 'Bench team ' || min(id), min(id) from users where email like '%@bench.local' group by id / 5`);
  await db.execute(sql`update challenge_participants p set team_id = t.id from challenge_teams t
    where p.challenge_id = ${id} and t.challenge_id = ${id} and t.captain_id = (select min(u.id) from users u where u.email like '%@bench.local' and u.id / 5 = p.user_id / 5)`);
  await db.execute(
    sql`insert into gyms (name, name_key) select 'Bench gym ' || g, 'bench gym ' || g from generate_series(1, ${Math.ceil(N / 50)}) g`,
  );
  await db.execute(sql`update challenge_participants p set gym_id = (select min(id) from gyms where name like 'Bench gym %') + p.user_id % ${Math.ceil(N / 50)}
    where p.challenge_id = ${id}`);
  const [event] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into events (name, creator_id, rule, starts_at, ends_at)
      values ('Bench event', (select min(id) from users), 'sum_of_places', now() - interval '1 day', now() + interval '30 days') returning id`),
  );
  await db.execute(sql`insert into event_workouts (event_id, challenge_id, position) values (${event!.id}, ${id}, 1)`);
  // Alliances of two lasting teams each, one per 100 athletes, every athlete counted for one (as stored at a join).
  const alliances = Math.max(2, Math.ceil(N / 100));
  await db.execute(sql`insert into teams (name, max_size, created_at)
    select 'Bench lasting team ' || g, 5, now() from generate_series(1, ${2 * alliances}) g`);
  await db.execute(sql`insert into alliances (name, status, created_at, active_at)
    select 'Bench alliance ' || g, 'active', now(), now() from generate_series(1, ${alliances}) g`);
  await db.execute(sql`insert into alliance_members (alliance_id, team_id, state, invited_at)
    select (select min(id) from alliances) + (g - 1) / 2, (select min(id) from teams) + g - 1, 'accepted', now()
    from generate_series(1, ${2 * alliances}) g`);
  await db.execute(sql`insert into challenge_participant_alliances (challenge_id, user_id, alliance_id)
    select ${id}, p.user_id, (select min(id) from alliances) + p.user_id % ${alliances} from challenge_participants p where p.challenge_id = ${id}`);
  // The same athletes on Global Ranks: a profile each and a best on each of five active tests.
  await loadGlobalRanks(db, 5);
  await db.execute(sql`vacuum analyze`);
  const [u] = rowsOf<{ id: number }>(await db.execute(sql`select max(id) as id from users where email like '%@bench.local'`));
  return { id, lastUser: Number(u!.id), eventId: Number(event!.id) };
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, pipelining: 1, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function listen(app: ReturnType<typeof Fastify>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}

async function bench(label: string, handle: DatabaseHandle) {
  const { id, lastUser, eventId } = await load(handle);
  const path = `/api/challenges/rankings?challenge_id=${id}&offset=0&limit=50`;
  const row = (name: string, m: { rps: number; p99: number; errors: number }) =>
    console.log(`  ${name.padEnd(48)} ${m.rps.toFixed(0).padStart(8)} req/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}`);
  console.log(
    `\n# ${label}: GET ${path} on a board of ${N.toLocaleString('en')}, autocannon ${CONNECTIONS} connections, ${LOAD_SECONDS} s each`,
  );

  const uncached = await buildApp(config, handle, { rateLimit: false, boardCache: false });
  const plainBase = await listen(uncached.app as unknown as ReturnType<typeof Fastify>);
  const body: unknown = await (await fetch(`${plainBase}${path}`)).json();
  const plain = await measure(`${plainBase}${path}`);
  await uncached.app.close();

  const bare = Fastify();
  bare.get('/api/challenges/rankings', async () => body);
  const bareResult = await measure(`${await listen(bare)}${path}`);
  await bare.close();

  // The ceiling for br: bare Fastify sending the page's br bytes, compressed once and kept.
  const brBytes = brotliCompressSync(Buffer.from(JSON.stringify(body)));
  const bareBr = Fastify();
  bareBr.get('/api/challenges/rankings', (_req, reply) =>
    reply.header('content-encoding', 'br').type('application/json; charset=utf-8').send(brBytes),
  );
  const bareBrResult = await measure(`${await listen(bareBr)}${path}`, BR);
  await bareBr.close();

  const { app, context } = await buildApp(config, handle, { rateLimit: false });
  const base = await listen(app as unknown as ReturnType<typeof Fastify>);
  const cached = await measure(`${base}${path}`);
  const cachedBr = await measure(`${base}${path}`, BR);
  // A new leader, written while the page is kept: how long until a read shows it.
  const t0 = performance.now();
  await submitScore(context, lastUser, id, { reps: 9_999 });
  let visibleMs = NaN;
  for (let i = 0; i < 2000; i++) {
    const page = (await (await fetch(`${base}${path}`)).json()) as { items: { athlete: { wp_user_id: number } }[] };
    if (page.items.some((r) => r.athlete.wp_user_id === lastUser)) {
      visibleMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await app.close();

  row('bare Fastify, the same JSON (baseline)', bareResult);
  row('RepForge, board read from the database', plain);
  row('RepForge, board page cache', cached);
  const ratio = cached.rps / bareResult.rps;
  console.log(
    `  ratio: ${ratio.toFixed(2)}x bare Fastify (target >= ${TARGET}x: ${ratio >= TARGET ? 'within' : 'UNDER'}); ${(cached.rps / plain.rps).toFixed(1)}x the uncached app`,
  );
  row('bare Fastify, kept br bytes (Accept-Encoding: br)', bareBrResult);
  row('RepForge, board page cache (Accept-Encoding: br)', cachedBr);
  const brRatio = cachedBr.rps / bareBrResult.rps;
  console.log(
    `  br ratio: ${brRatio.toFixed(2)}x bare Fastify with kept br (target >= ${BR_TARGET}x: ${brRatio >= BR_TARGET ? 'within' : 'UNDER'})`,
  );
  console.log(`  a new leader (submitted, then read until shown) showed after ${visibleMs.toFixed(1)} ms (target < 1000 ms)`);
  await otherBoards(handle, [
    ['team board', `/api/challenges/${id}/team-rankings?offset=0&limit=50`],
    ['gym board', `/api/challenges/${id}/gym-rankings?offset=0&limit=50`],
    ['event standings', `/api/events/${eventId}/standings?offset=0&limit=50`],
    ['alliance board', `/api/challenges/${id}/alliance-rankings?offset=0&limit=50`],
    ['Global Ranks', '/api/v1/leaderboards/global?offset=0&limit=50'],
  ]);
}

/**
 * Team, gym, alliance and event boards and Global Ranks with `Accept-Encoding: br`: the app (a visitor's answer kept until its board changes,
 * with its br body: send-kept.ts sendKeptBoard) beside a bare Fastify sending that page's br bytes, kept, in the same run.
 */
async function otherBoards(handle: DatabaseHandle, boards: [string, string][]) {
  const { app, context } = await buildApp(config, handle, { rateLimit: false });
  const base = await listen(app as unknown as ReturnType<typeof Fastify>);
  for (const [name, path] of boards) {
    const first = await fetch(`${base}${path}`);
    if (!first.ok) {
      console.log(`  ${name}: ${first.status} ${await first.text()}`);
      continue;
    }
    // A slow first read (a gym or alliance board) starts keeping its result in the background: let it finish
    // before the bare Fastify is measured, so neither run shares the machine with it.
    await first.arrayBuffer();
    await context.tasks.settled();
    const brBytes = brotliCompressSync(Buffer.from(await (await fetch(`${base}${path}`)).text()));
    const bareBr = Fastify();
    bareBr.get(path.split('?')[0]!, (_req, reply) =>
      reply.header('content-encoding', 'br').type('application/json; charset=utf-8').send(brBytes),
    );
    const bare = await measure(`${await listen(bareBr)}${path}`, BR);
    await bareBr.close();
    const kept = await measure(`${base}${path}`, BR);
    console.log(`\n  ${name}: GET ${path}`);
    const row = (label: string, m: { rps: number; p99: number; errors: number }) =>
      console.log(`  ${label.padEnd(48)} ${m.rps.toFixed(0).padStart(8)} req/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}`);
    row('bare Fastify, kept br bytes (Accept-Encoding: br)', bare);
    row('RepForge (Accept-Encoding: br)', kept);
    const ratio = kept.rps / bare.rps;
    console.log(
      `  br ratio: ${ratio.toFixed(2)}x bare Fastify with kept br (target >= ${BR_TARGET}x: ${ratio >= BR_TARGET ? 'within' : 'UNDER'})`,
    );
  }
  await app.close();
}

await onEachDatabase('bench_board', bench);
