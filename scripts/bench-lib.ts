// Helpers shared by the database benches: raw rows from either driver, p50/p99 timings, and
// running one bench on PGlite and on a scratch PostgreSQL database.
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { rebuildGlobalBuckets } from '../server/areas/athletes/bests.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/index.ts';
import type { AppConfig } from '../server/config.ts';

/**
 * The app config a bench builds its app with: no seed, no request log, no administrators, cheap password hashing
 * (the benches sign many people in; none measures the hash); `extra` adds a bench's own settings.
 */
export function benchConfig(extra: Partial<AppConfig> = {}): AppConfig {
  return { basePath: '/', storeUrl: 'https://store.example/', adminEmails: [], seed: 'none', logger: false, scryptLogN: 10, ...extra };
}

/** PGlite answers { rows }, postgres-js an array: the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `fn` `warmup` times untimed, then `runs` times in a row, and returns the p50 and p99 of
 * the timed durations, in ms. Warm-up lets every pooled connection prepare its statements and
 * settle on cached plans (the first executions on each connection plan afresh), so the
 * figures are those of a server that has been running.
 */
export async function time(runs: number, fn: (i: number) => Promise<unknown>, warmup = 0) {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * Runs `bench` on a fresh PGlite (unless BENCH_ONLY=postgres) and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, on a scratch PostgreSQL database created for it and dropped after
 * (kept, and named, with BENCH_KEEP=1, to look at its plans afterwards).
 */
export async function onEachDatabase(prefix: string, bench: (label: string, handle: DatabaseHandle) => Promise<void>) {
  if (process.env.BENCH_ONLY !== 'postgres') {
    const lite = await openDatabase({});
    await bench('PGlite (embedded)', lite);
    await lite.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('\n(PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');
    return;
  }
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // BENCH_REUSE names a database an earlier run kept (BENCH_KEEP=1): used again as it is, and kept.
  const reused = process.env.BENCH_REUSE;
  const name = reused ?? `${prefix}_${process.pid}`;
  if (!reused) await admin.unsafe(`create database ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pg = await openDatabase({ url: u.toString() });
    await bench('PostgreSQL', pg);
    await pg.close();
  } finally {
    if (process.env.BENCH_KEEP === '1' || reused) console.log(`\n(kept the PostgreSQL database ${name})`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** An athlete profile for every bench user (email ending in @bench.local): public but for bodyweight. */
export async function loadBenchProfiles(db: Database) {
  await db.execute(sql`insert into athlete_profiles (user_id, sex, birth_year, bodyweight_kg, gym, privacy)
    select id, case when id % 2 = 0 then 'female' else 'male' end, 1960 + id % 45, 50 + id % 60, 'Gym ' || (id % 200),
      '{"sex":"public","birth_year":"public","bodyweight":"private","gym":"public","bio":"public","records":"public"}'::jsonb
    from users where email like '%@bench.local'`);
}

/**
 * Global Ranks for the bench's athletes (every user whose email ends in @bench.local): a profile each (public but for
 * bodyweight), `tests` active tests ("Bench Lift n") with a best on each for every athlete, their global scores and
 * the ranking's buckets, loaded by SQL.
 */
export async function loadGlobalRanks(db: Database, tests: number) {
  await loadBenchProfiles(db);
  await db.execute(sql`insert into tests (name, name_normalized, category, movement, unit, direction, min_value, max_value, standards, status)
    select 'Bench Lift ' || g, 'bench lift ' || g, 'strength', 'squat', 'kg', 'higher', 1, 500,
      '[{"sex":"any","bodyweight_min_kg":null,"bodyweight_max_kg":null,"anchors":[{"score":0,"value":20},{"score":1000,"value":300}]}]'::jsonb, 'active'
    from generate_series(1, ${tests}) g`);
  await db.execute(sql`insert into test_bests (test_id, user_id, record_id, value, rank_value, normalized_score, achieved_on)
    select t.id, u.id, 0, v, v, least(1000, greatest(0, round((v - 20) * 1000 / 280)))::int, date '2024-01-01' + (u.id % 300)
    from users u cross join tests t cross join lateral (select 20 + floor(random() * 280)::float8 + (u.id * 0) as v) r
    where u.email like '%@bench.local' and t.name like 'Bench Lift %'`);
  await db.execute(sql`insert into global_scores (user_id, total, tests_count)
    select user_id, sum(normalized_score)::int, count(*)::int from test_bests group by user_id`);
  await rebuildGlobalBuckets(db);
}
