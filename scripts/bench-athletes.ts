// Personal records at scale, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set) PostgreSQL: (1) the global ranking over N athletes with 10 tests each, p50/p99 of the
// top page of 50 with the caller's own rank (the service the API calls), against a naive
// RANK() window over the whole table measured in the same run, read every time and as served (the
// page kept by the board cache, the caller's own row read per request); (2) the throughput of a
// 100,000-row historical CSV through the upload service (check, then commit).
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/index.ts';
import type { AppContext } from '../server/context.ts';
import { globalLeaderboard } from '../server/areas/athletes/rankings.ts';
import { servedGlobalRanks } from '../server/areas/athletes/ranking-pages.ts';
import { startBoardCache } from '../server/lib/boards/board-cache.ts';
import { uploadHistoricalResults } from '../server/areas/athletes/historical.ts';
import { Outbox } from '../server/lib/mail.ts';
import { loadGlobalRanks, onEachDatabase, rowsOf, time } from './bench-lib.ts';

const ATHLETES = Number(process.env.BENCH_ATHLETES ?? 100_000);
const TESTS = 10;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Share of imported rows whose email matches an account (they become approved records and move bests). */
const LINKED_EVERY = 10;

/** N athletes, 10 active tests, a best on every test for every athlete, and their global scores, loaded by SQL. */
async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const t0 = performance.now();
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'b' || g || '@bench.local', 'b' || g || '@bench.local', 'x', 'Bench ' || g, now() from generate_series(1, ${ATHLETES}) g`);
  await loadGlobalRanks(db, TESTS);
  // A bulk load leaves the visibility map unset; autovacuum would set it on a live database.
  await db.execute(sql`vacuum analyze`);
  const [{ min }] = rowsOf<{ min: number }>(await db.execute(sql`select min(id) as min from users where email like '%@bench.local'`)) as [
    { min: number },
  ];
  return { firstId: Number(min), seconds: (performance.now() - t0) / 1000 };
}

/** A CSV of `rows` historical results on the bench tests; every tenth row's email matches an account. */
function historicalCsv(rows: number, firstId: number) {
  const lines = ['athlete,email,test,value,unit,date,source'];
  for (let i = 0; i < rows; i++) {
    const linked = i % LINKED_EVERY === 0;
    const email = linked ? `b${firstId + ((i / LINKED_EVERY) % ATHLETES)}@bench.local` : '';
    const test = `Bench Lift ${1 + (i % TESTS)}`;
    const value = 40 + (i % 2000) / 10;
    const day = `${2000 + (i % 20)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(`Historic Athlete ${i},${email},${test},${value},${i % 3 === 0 ? 'lb' : 'kg'},${day},Club archive ${i % 50}`);
  }
  return lines.join('\n');
}

async function bench(label: string, handle: DatabaseHandle) {
  const { firstId, seconds } = await load(handle);
  const ctx = { database: handle, now: () => new Date(), mailer: new Outbox(), config: {} } as unknown as AppContext;
  const someone = () => firstId + Math.floor(Math.random() * ATHLETES);
  const row = (name: string, m: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(56)} p50 ${m.p50.toFixed(2).padStart(8)} ms   p99 ${m.p99.toFixed(2).padStart(8)} ms`);

  const top = await time(RUNS, () => globalLeaderboard(ctx, {}, { offset: 0, limit: 50 }, someone()));
  const female = await time(Math.ceil(RUNS / 4), () => globalLeaderboard(ctx, { sex: 'female' }, { offset: 0, limit: 50 }, someone()));
  const masters = await time(Math.ceil(RUNS / 4), () =>
    globalLeaderboard(ctx, { age_group: '40-44' }, { offset: 0, limit: 50 }, someone()),
  );
  const gym = await time(Math.ceil(RUNS / 4), () => globalLeaderboard(ctx, { gym: 'gym 7' }, { offset: 0, limit: 50 }, someone()));
  const both = await time(Math.ceil(RUNS / 4), () =>
    globalLeaderboard(ctx, { sex: 'female', age_group: '40-44' }, { offset: 0, limit: 50 }, someone()),
  );
  // As the API serves them: the page everyone sees kept by the node's board cache (dropped when the
  // ranking changes), the caller's own row read for each request.
  const boards = await startBoardCache(ctx);
  const servedTimes = async (f: Parameters<typeof servedGlobalRanks>[1], runs: number) =>
    time(runs, () => servedGlobalRanks(ctx, f, { offset: 0, limit: 50 }, someone()), 1);
  const served = {
    top: await servedTimes({}, RUNS),
    female: await servedTimes({ sex: 'female' }, Math.ceil(RUNS / 4)),
    masters: await servedTimes({ age_group: '40-44' }, Math.ceil(RUNS / 4)),
    gym: await servedTimes({ gym: 'gym 7' }, Math.ceil(RUNS / 4)),
    both: await servedTimes({ sex: 'female', age_group: '40-44' }, Math.ceil(RUNS / 4)),
  };
  await boards.stop();
  const naive = await time(Math.ceil(RUNS / 10), () =>
    handle.db.execute(sql`select * from (select user_id, total, rank() over (order by total desc) as r from global_scores) x
      where r <= 50 or user_id = ${someone()} order by r limit 51`),
  );
  console.log(
    `\n# ${label}: global ranking of ${ATHLETES.toLocaleString('en')} athletes x ${TESTS} tests (loaded in ${seconds.toFixed(1)} s)`,
  );
  row('top 50 of the global ranking + caller\u2019s own rank', top);
  row('the same, filtered to women (profile filter)', female);
  row('the same, filtered to the 40-44 age group', masters);
  row('the same, filtered to one gym (500 athletes)', gym);
  row('the same, filtered to women aged 40-44 (two filters)', both);
  row('naive: RANK() over the whole table, top 50 + own rank', naive);
  row('as served: top 50 (kept page) + caller’s own rank', served.top);
  row('as served: filtered to women', served.female);
  row('as served: filtered to the 40-44 age group', served.masters);
  row('as served: filtered to one gym', served.gym);
  row('as served: filtered to women aged 40-44', served.both);
  const times = (m: { p50: number }) => (naive.p50 / Math.max(m.p50, 0.001)).toFixed(1);
  console.log(`  read every time, the service is ${times(top)}x faster than the naive window at p50; filtered: women ${times(female)}x,`);
  console.log(`  an age group ${times(masters)}x, a gym ${times(gym)}x, women of an age group ${times(both)}x`);
  console.log(`  as served: ${times(served.top)}x; filtered: women ${times(served.female)}x, an age group ${times(served.masters)}x,`);
  console.log(`  a gym ${times(served.gym)}x, women of an age group ${times(served.both)}x`);

  const csv = historicalCsv(IMPORT_ROWS, firstId);
  const t0 = performance.now();
  const check = await uploadHistoricalResults(ctx, firstId, { csv, filename: 'bench.csv', dry_run: true });
  const checkSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const commit = await uploadHistoricalResults(ctx, firstId, { csv, filename: 'bench.csv', dry_run: false });
  const commitSeconds = (performance.now() - t1) / 1000;
  if (commit.status !== 200 || commit.report.imported !== IMPORT_ROWS) {
    throw new Error(`import failed: ${JSON.stringify({ ...commit.report, preview: undefined, errors: commit.report.errors.slice(0, 3) })}`);
  }
  const rate = (s: number) => `${Math.round(IMPORT_ROWS / s).toLocaleString('en')} rows/s`;
  console.log(
    `\n# ${label}: historical CSV of ${IMPORT_ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB), ${commit.report.linked.toLocaleString('en')} tied to accounts`,
  );
  console.log(
    `  dry run (parse + check every row)        ${checkSeconds.toFixed(2).padStart(7)} s   ${rate(checkSeconds).padStart(15)}   (${check.report.valid_rows.toLocaleString('en')} valid)`,
  );
  console.log(
    `  commit (check + import in one transaction) ${commitSeconds.toFixed(2).padStart(5)} s   ${rate(commitSeconds).padStart(15)}`,
  );
}

await onEachDatabase('bench_athletes', bench);
