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
import { Outbox } from '../server/lib/mail.ts';
import { loadBoard } from './bench-board-load.ts';
import { onEachDatabase, time } from './bench-lib.ts';

const N = Number(process.env.BENCH_SCORES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 500);

async function bench(label: string, handle: DatabaseHandle) {
  const { challengeId, firstId, seconds } = await loadBoard(handle, N);
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
