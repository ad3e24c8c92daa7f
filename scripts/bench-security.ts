// Security timeline at scale: GET /api/admin/security/events (listEvents in
// server/areas/admin/admin-security.ts) over N auth_events (default 1,000,000, bulk-inserted with
// generate_series), p50/p99 of the first page, a deep page and a kind filter, beside the naive
// query in the same run: the same page ordered by an expression no index serves (a full sort), and the
// exact count(*) the page once made beside the capped count it makes now (10,001 rows at most).
// PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL); PGlite is skipped at this size.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/index.ts';
import { listEvents } from '../server/areas/admin/admin-security.ts';
import { onEachDatabase, rowsOf, time } from './bench-lib.ts';

const N = Number(process.env.BENCH_AUTH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function load(handle: DatabaseHandle) {
  const t0 = performance.now();
  await handle.db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 's' || g || '@bench.local', 's' || g || '@bench.local', 'x', 'Bench ' || g, now() from generate_series(1, 1000) g`);
  await handle.db.execute(sql`insert into auth_events (kind, user_id, email, ip, user_agent, detail, occurred_at)
    select (array['sign_in_success','sign_in_failure','code_failure','sign_out'])[1 + g % 4],
      (select min(id) from users) + g % 1000, 's' || (g % 1000) || '@bench.local',
      '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1', 'Bench/1.0', null,
      now() - (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  await handle.db.execute(sql`vacuum analyze`);
  return (performance.now() - t0) / 1000;
}

async function bench(label: string, handle: DatabaseHandle) {
  if (label.startsWith('PGlite')) return;
  const seconds = await load(handle);
  console.log(
    `\n# Security timeline on ${label}: ${N.toLocaleString('en')} auth_events (loaded in ${seconds.toFixed(0)} s), ${RUNS} runs each`,
  );
  const row = (name: string, t: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(58)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p99 ${t.p99.toFixed(1).padStart(7)} ms`);
  row('listEvents, first page of 25', await time(RUNS, () => listEvents(handle.db, { page: 1, page_size: 25 }), 3));
  row('listEvents, page 400', await time(RUNS, () => listEvents(handle.db, { page: 400, page_size: 25 }), 3));
  row(
    'listEvents, kind = sign_in_failure',
    await time(RUNS, () => listEvents(handle.db, { kind: 'sign_in_failure', page: 1, page_size: 25 }), 3),
  );
  row(
    'naive: same page ordered by an unindexed expression',
    await time(
      RUNS,
      async () =>
        rowsOf(await handle.db.execute(sql`select * from auth_events order by occurred_at + interval '0 seconds' desc, id desc limit 25`)),
      1,
    ),
  );
  row('the total alone (count(*) over every event)', await time(RUNS, () => handle.db.execute(sql`select count(*) from auth_events`), 1));
  row(
    'the capped total alone (count up to 10,001, as listEvents does)',
    await time(RUNS, () => handle.db.execute(sql`select count(*) from (select 1 from auth_events limit 10001) x`), 1),
  );
}

await onEachDatabase('bench_security', bench);
