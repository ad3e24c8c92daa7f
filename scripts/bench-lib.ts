// Helpers shared by the database benches: raw rows from either driver, p50/p99 timings, and
// running one bench on PGlite and on a scratch PostgreSQL database.
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../server/db/index.ts';
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
