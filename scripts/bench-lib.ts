// Helpers shared by the database benches: raw rows from either driver, and p50/p99 timings.

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
