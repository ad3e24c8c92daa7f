// Does the site keep answering during a 100,000-row historical import? The real server on a
// port, /api/health asked every HEALTH_EVERY_MS over HTTP: its p50/p99 with nothing running,
// then while the upload service imports the CSV (check + commit), in the same run. On PGlite
// (in-process, single-threaded) a long statement or loop would stall every request; the goal
// is a p99 under 200 ms. PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { uploadHistoricalResults } from '../server/areas/athletes/historical.ts';
import { Outbox } from '../server/lib/mail.ts';
import { benchConfig, loadBenchProfiles, onEachDatabase, percentile, rowsOf } from './bench-lib.ts';

const ATHLETES = Number(process.env.BENCH_ATHLETES_IMPORT ?? 10_000);
const TESTS = 10;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HEALTH_EVERY_MS = 20;
const IDLE_MS = 3_000;
const GOAL_P99_MS = 200;

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'i' || g || '@bench.local', 'i' || g || '@bench.local', 'x', 'Importer ' || g, now() from generate_series(1, ${ATHLETES}) g`);
  await loadBenchProfiles(db);
  await db.execute(sql`insert into tests (name, name_normalized, category, movement, unit, direction, min_value, max_value, standards, status)
    select 'Import Lift ' || g, 'import lift ' || g, 'strength', 'squat', 'kg', 'higher', 1, 500,
      '[{"sex":"any","bodyweight_min_kg":null,"bodyweight_max_kg":null,"anchors":[{"score":0,"value":20},{"score":1000,"value":300}]}]'::jsonb, 'active'
    from generate_series(1, ${TESTS}) g`);
  const [{ min }] = rowsOf<{ min: number }>(await db.execute(sql`select min(id) as min from users where email like '%@bench.local'`)) as [
    { min: number },
  ];
  return Number(min);
}

/** Every tenth row's email belongs to an account (an approved record that moves a best). */
function csvOf(rows: number, firstId: number) {
  const lines = ['athlete,email,test,value,unit,date,source'];
  for (let i = 0; i < rows; i++) {
    const email = i % 10 === 0 ? `i${firstId + ((i / 10) % ATHLETES)}@bench.local` : '';
    const day = `${2000 + (i % 20)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(
      `Past Athlete ${i},${email},Import Lift ${1 + (i % TESTS)},${40 + (i % 2000) / 10},${i % 3 === 0 ? 'lb' : 'kg'},${day},Club archive ${i % 50}`,
    );
  }
  return lines.join('\n');
}

/** Asks /api/health back to back (HEALTH_EVERY_MS apart) until `until` settles; the latencies in ms. */
async function sampleHealth(url: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
  }
  return samples.sort((a, b) => a - b);
}

async function bench(label: string, handle: DatabaseHandle) {
  const firstId = await load(handle);
  const config = benchConfig();
  const { app, context } = await buildApp(config, handle, { mailer: new Outbox(), rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const health = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;
  try {
    const idle = await sampleHealth(health, new Promise((r) => setTimeout(r, IDLE_MS)));
    const csv = csvOf(IMPORT_ROWS, firstId);
    const t0 = performance.now();
    const importing = uploadHistoricalResults(context, firstId, { csv, filename: 'bench.csv', dry_run: false });
    const during = await sampleHealth(health, importing);
    const result = await importing;
    const seconds = (performance.now() - t0) / 1000;
    if (result.status !== 200 || result.report.imported !== IMPORT_ROWS)
      throw new Error(`import failed: ${JSON.stringify(result.report.errors.slice(0, 3))}`);
    const p99 = percentile(during, 99);
    const row = (name: string, s: number[]) =>
      console.log(
        `  ${name.padEnd(44)} p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(1).padStart(7)} ms   max ${s.at(-1)!.toFixed(1).padStart(7)} ms   (${s.length} asks)`,
      );
    console.log(
      `\n# ${label}: /api/health while a ${IMPORT_ROWS.toLocaleString('en')}-row historical CSV is imported (${seconds.toFixed(1)} s, check + commit)`,
    );
    row('/api/health, nothing else running', idle);
    row('/api/health during the import', during);
    console.log(`  goal: p99 under ${GOAL_P99_MS} ms during the import: ${p99 < GOAL_P99_MS ? 'met' : 'NOT MET'}`);
  } finally {
    await app.close();
  }
}

await onEachDatabase('bench_import', bench);
