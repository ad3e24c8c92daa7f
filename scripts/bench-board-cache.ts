// The public leaderboard JSON under load, through the whole app (Fastify, validation, the
// board page cache of server/lib/boards/board-cache.ts), on PGlite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. In the same run: bare Fastify
// serving the same JSON (the ceiling), and the app with the cache off (every read from the
// database). Prints requests/s and p99 under autocannon, the ratio to bare Fastify (target
// >= 0.3x), and how long a new score takes to show on the next read. BENCH_ONLY=postgres skips PGlite.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { AppConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { submitScore } from '../server/areas/challenges/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { onEachDatabase, rowsOf } from './bench-lib.ts';

const N = Number(process.env.BENCH_BOARD_SCORES ?? 20_000);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const TARGET = 0.3;

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
  await db.execute(sql`vacuum analyze`);
  const [u] = rowsOf<{ id: number }>(await db.execute(sql`select max(id) as id from users where email like '%@bench.local'`));
  return { id, lastUser: Number(u!.id) };
}

async function measure(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function listen(app: ReturnType<typeof Fastify>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}

async function bench(label: string, handle: DatabaseHandle) {
  const { id, lastUser } = await load(handle);
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

  const { app, context } = await buildApp(config, handle, { rateLimit: false });
  const base = await listen(app as unknown as ReturnType<typeof Fastify>);
  const cached = await measure(`${base}${path}`);
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
  console.log(`  a new leader (submitted, then read until shown) showed after ${visibleMs.toFixed(1)} ms (target < 1000 ms)`);
}

await onEachDatabase('bench_board', bench);
