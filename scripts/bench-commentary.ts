// Commentary figures (#42), on one node (one app, its job worker polling as in production), on PGlite and, with
// BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. A board of athletes is seeded in bulk SQL, each with a
// session; moves are score submissions through the API (POST …/submit-score over HTTP, open loop at the rate),
// each a new best that climbs ten places (one in fifty takes the lead), so nearly every move would be worth a line;
// the board's pace (domain/commentary-pace.ts: 60 lines a minute per board and node, 20 at once) tells about one a
// second of them, so the line counts printed are far below the moves.
// - Template commentary at 10,000 moves a minute (BENCH_COMMENTARY_RATE) for 30 s (× BENCH_SCALE): the lag from
//   each move (the score's submitted_at) to its line (the line's created_at, auto-published), p50/p99, target p99
//   under 1 s; the job queue's largest backlog and whether (and how fast) it drains once the moves stop. Then the
//   move hook itself (noteScoreMove) called at the rate for scores stored beforehand in bulk, the lag from each call.
// - The leaderboard's own latency (the board read, GET /api/challenges/rankings, 20 a second; the submission's
//   answer) p50/p99 with commentary written by an OpenAI-compatible endpoint that answers after 5 s (a slow local
//   endpoint this bench starts) beside two baselines, commentary off (the move hook's deferred task dropped) and the
//   templates, in rotated windows of the same run (WINDOWS of WINDOW_SECONDS each), at the same rate. Target: model /
//   templates ~1 (generation is off the request path): bench-commentary-latency.ts.
// - BENCH_COMMENTARY_PARTS (lag,hook,latency,lane; all by default) picks the parts.
// - Model lines a minute with that endpoint, and how long another job kind waits meanwhile, with `commentary_write` in
//   the shared job lane (one at a time, as before) and in its own lane (LLM_CONCURRENCY at once): bench-commentary-lane.ts.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { AppConfig } from '../server/config.ts';
import type { Database, DatabaseHandle } from '../server/db/index.ts';
import { noteScoreMove } from '../server/areas/commentary/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { loadSigningKey, signAccessToken } from '../server/lib/tokens.ts';
import { onEachDatabase, rowsOf } from './bench-lib.ts';
import { Board, waiting, type Athlete } from './bench-commentary-parts.ts';
import { feed, listen, load, MAX_IN_FLIGHT, ms, moveTasks, row, sleep, stats } from './bench-commentary-feed.ts';
import { latencyRun } from './bench-commentary-latency.ts';
import { laneRun } from './bench-commentary-lane.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RATE = Number(process.env.BENCH_COMMENTARY_RATE ?? 10_000); // moves per minute
const ATHLETES = Math.max(500, Math.round(5_000 * SCALE));
const LAG_SECONDS = Math.max(3, 30 * SCALE);
/** The latency part: WINDOWS rounds of each mode (off, templates, model), WINDOW_SECONDS each. */
const WINDOW_SECONDS = Math.max(2, 15 * SCALE);
const WINDOWS = 4;
const LAG_TARGET_MS = 1000;

const config: AppConfig = {
  basePath: '/',
  storeUrl: 'https://store.example.test/',
  adminEmails: [],
  seed: 'none',
  logger: false,
  jobsPollMs: 1000, // as configFromEnv sets it
  nodeId: 'bench-commentary',
};

const exec = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

const key = (v: ReturnType<typeof sql>) => sql`((68719476735 - ${v}) * 33554432 + 33554431)::bigint`;

/**
 * N athletes (emails `<prefix>N@bench.local`) on a reps board (values 100 + 2·k), each joined, template lines
 * auto-published; `moved` of them, picked at random, with a second, better score (41 reps more) as their entry.
 */
async function seedBoard(db: Database, prefix: string, n: number, moved = 0) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select ${prefix} || g || '@bench.local', ${prefix} || g || '@bench.local', 'x', 'Mover ' || ${prefix} || g, now()
    from generate_series(1, ${n}) g`);
  const [created] = await exec<{ id: number }>(
    db,
    sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
      values ('Bench: commentary', (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days') returning id`,
  );
  const id = Number(created!.id);
  const mine = sql`select id from users where email like ${`${prefix}%@bench.local`}`;
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, sex, joined_at)
    select ${id}, id, 'rx', 'female', now() from (${mine}) u`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select ${id}, id, 'rx', 'finished', v, ${key(sql`v`)}, now() - interval '1 hour'
    from (select id, 100 + 2 * (row_number() over (order by id))::int as v from (${mine}) u) s`);
  const moves = await exec<{ id: number; user_id: number; value: number }>(
    db,
    sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
      select challenge_id, user_id, 'rx', 'finished', value + 41, ${key(sql`(value + 41)`)}, now() from challenge_scores
      where challenge_id = ${id} order by random() limit ${moved} returning id, user_id, value`,
  );
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
    select distinct on (s.user_id) s.challenge_id, s.user_id, s.id, s.division, 'female', s.status, s.value, s.sort_key, s.submitted_at
    from challenge_scores s where s.challenge_id = ${id} order by s.user_id, s.sort_key`);
  await db.execute(sql`update challenges set rx_entries = ${n}, participant_count = ${n} where id = ${id}`);
  await rebuildRankSlices(db, id);
  // Template lines publish at once (the live strip's setting): the line is written and announced in one transaction.
  await db.execute(sql`insert into commentary_streams (challenge_id, auto_publish, updated_at) values (${id}, true, now())`);
  return { id, mine, moves };
}

/** The board the API moves go to: each athlete also with streak rows and a signed-in session. */
async function seed(db: Database, n: number) {
  const { id, mine } = await seedBoard(db, 'c', n);
  await db.execute(sql`insert into streaks (user_id, type, last_updated)
    select u.id, t.type, now() from (${mine}) u,
      unnest(array['daily_submissions', 'weekly_participation', 'improvement_streak', 'consistency_streak']) as t(type)`);
  await db.execute(sql`insert into sessions (id, user_id, csrf_token, refresh_hash, created_at, expires_at)
    select gen_random_uuid()::text, id, 'x', md5(random()::text), now(), now() + interval '1 day' from (${mine}) u`);
  const made = await exec<{ id: string; user_id: number; value: number }>(
    db,
    sql`select s.id, s.user_id, c.value from sessions s join challenge_scores c on c.user_id = s.user_id and c.challenge_id = ${id}`,
  );
  await db.execute(sql`vacuum analyze`);
  return { id, made };
}

async function signedIn(db: Database, made: { id: string; user_id: number; value: number }[]): Promise<Athlete[]> {
  const key = await loadSigningKey(db);
  const now = new Date();
  const athletes: Athlete[] = [];
  for (const m of made) {
    const { token } = await signAccessToken(key, { userId: Number(m.user_id), sessionId: m.id }, now);
    const headers = { authorization: `Bearer ${token}`, 'x-csrf-token': 'x', 'content-type': 'application/json' };
    athletes.push({ userId: Number(m.user_id), headers, value: Number(m.value) });
  }
  return athletes;
}

/** Which parts run (BENCH_COMMENTARY_PARTS, comma-separated; all by default). */
const PARTS = new Set((process.env.BENCH_COMMENTARY_PARTS ?? 'lag,hook,latency,lane').split(',').map((p) => p.trim()));

/**
 * Template commentary at the rate: moves for LAG_SECONDS, the backlog sampled each second, then the queue drained;
 * answers the lag from each move to its line.
 */
async function lagRun(handle: DatabaseHandle, id: number, board: Board, pollMs: number, seconds: number, extra: Partial<AppConfig> = {}) {
  const db = handle.db;
  const built = await buildApp({ ...config, ...extra, jobsPollMs: pollMs }, handle, { rateLimit: false });
  const moves = moveTasks(built);
  const base = await listen(built);
  const drained = async () => moves.pending === 0 && (await waiting(db)) === 0;
  try {
    await feed(base, id, board, 1, RATE); // warm-up: validators and serializers compiled, statements prepared
    for (const until = performance.now() + 30_000; !(await drained()) && performance.now() < until;) await sleep(100);
    const since = new Date().toISOString();
    let backlog = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        backlog = Math.max(backlog, moves.pending + (await waiting(db)));
        await sleep(1000);
      }
    })();
    const loadBefore = load();
    const fed = await feed(base, id, board, seconds, RATE);
    sampling = false;
    await sampler;
    const t0 = performance.now();
    let left = !(await drained());
    while (left && performance.now() - t0 < 120_000) {
      await sleep(50);
      left = !(await drained());
    }
    const drainMs = performance.now() - t0;
    const lags = await exec<{ lag: number; kind: string; score_id: number; at: number }>(
      db,
      sql`select extract(epoch from (l.created_at - s.submitted_at)) * 1000 as lag, l.kind, l.score_id,
          extract(epoch from l.created_at) * 1000 as at from commentary_lines l
        join challenge_scores s on s.id = l.score_id where l.challenge_id = ${id} and s.submitted_at >= ${since}::timestamptz`,
    );
    const [counts] = await exec<{ scores: number; failed: number }>(
      db,
      sql`select (select count(*)::int from challenge_scores where challenge_id = ${id} and submitted_at >= ${since}::timestamptz) as scores,
        (select count(*)::int from jobs where kind = 'commentary_write' and state = 'failed') as failed`,
    );
    return {
      fed,
      lags,
      counts: counts!,
      backlog,
      drainMs,
      left: left ? moves.pending + (await waiting(db)) : 0,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    await built.app.close();
  }
}

function printLag(title: string, r: Awaited<ReturnType<typeof lagRun>>, pollMs: number) {
  const perMin = (r.fed.answered / r.fed.seconds) * 60;
  const kinds = new Map<string, number>();
  for (const l of r.lags) kinds.set(l.kind, (kinds.get(l.kind) ?? 0) + 1);
  console.log(`  ${title} (worker polls every ${pollMs} ms; load ${r.loadBefore} → ${r.loadAfter}):`);
  console.log(
    `    ${r.fed.answered.toLocaleString('en')} moves answered in ${r.fed.seconds} s (${Math.round(perMin).toLocaleString('en')}/min;` +
      ` ${r.fed.failed} refused, ${r.fed.skipped} not sent: ${MAX_IN_FLIGHT} in flight), ${r.counts.scores.toLocaleString('en')} scores stored;` +
      ` ${r.lags.length.toLocaleString('en')} lines (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`,
  );
  if (r.fed.firstError) console.log(`    first refusal: ${r.fed.firstError}`);
  const lag = stats(r.lags.map((l) => Number(l.lag)));
  row('lag, move → its line written (templates)', lag);
  const afterAnswer = r.lags.flatMap((l) => {
    const answered = r.fed.answeredAt.get(Number(l.score_id));
    return answered === undefined ? [] : [Number(l.at) - answered];
  });
  row('  of which after the answer arrived (line − answer)', stats(afterAnswer));
  row('the submission’s answer, under this load', stats(r.fed.submit));
  row('the board read, under this load', stats(r.fed.read));
  console.log(
    `    backlog: at most ${r.backlog.toLocaleString('en')} moves waiting for their line (deferred work and jobs, sampled each second);` +
      ` ${r.left === 0 ? `drained ${ms(r.drainMs)} after the last move` : `NOT drained: ${r.left} left after 120 s`};` +
      ` ${r.counts.failed} failed`,
  );
  const met = lag.p99 < LAG_TARGET_MS && r.left === 0;
  console.log(`    target p99 < ${LAG_TARGET_MS} ms and the queue drains → ${met ? 'met' : 'NOT met'}`);
  return met;
}

/**
 * The move hook directly, at the rate (for when submissions cannot reach it here): a second board of 4·M athletes,
 * M of them given a new best 41 reps higher in bulk SQL (entries and rank slices rebuilt), then `noteScoreMove`
 * called for each at the rate on a running app; the lag from each call to its line.
 */
async function hookRun(handle: DatabaseHandle, seconds: number) {
  const db = handle.db;
  const m = Math.round((RATE / 60) * seconds);
  const n = 4 * m;
  const { id, moves: moved } = await seedBoard(db, 'h', n, m);
  await db.execute(sql`vacuum analyze`);
  const built = await buildApp(config, handle, { rateLimit: false });
  const moves = moveTasks(built);
  const calledAt = new Map<number, number>();
  try {
    const loadBefore = load();
    const interval = 60_000 / RATE;
    const start = performance.now();
    for (let k = 0; k < moved.length;) {
      const due = Math.min(moved.length, Math.floor((performance.now() - start) / interval) + 1);
      for (; k < due; k++) {
        const s = moved[k]!;
        calledAt.set(Number(s.id), Date.now());
        noteScoreMove(built.context, {
          challengeId: id,
          userId: Number(s.user_id),
          scoreId: Number(s.id),
          isBest: true,
          scoreText: `${s.value} reps`,
        });
      }
      await sleep(2);
    }
    const sentIn = (performance.now() - start) / 1000;
    const t0 = performance.now();
    while ((moves.pending > 0 || (await waiting(db)) > 0) && performance.now() - t0 < 120_000) await sleep(50);
    const drainMs = performance.now() - t0;
    const lines = await exec<{ score_id: number; at: number; kind: string }>(
      db,
      sql`select score_id, extract(epoch from created_at) * 1000 as at, kind from commentary_lines where challenge_id = ${id}`,
    );
    const kinds = new Map<string, number>();
    for (const l of lines) kinds.set(l.kind, (kinds.get(l.kind) ?? 0) + 1);
    console.log(
      `  the move hook directly (noteScoreMove), ${moved.length.toLocaleString('en')} moves in ${sentIn.toFixed(1)} s` +
        ` (${Math.round((moved.length / sentIn) * 60).toLocaleString('en')}/min) on a board of ${n.toLocaleString('en')}; load ${loadBefore} → ${load()}:`,
    );
    console.log(`    ${lines.length.toLocaleString('en')} lines (${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')})`);
    const lag = stats(lines.map((l) => Number(l.at) - calledAt.get(Number(l.score_id))!));
    row('lag, hook called → its line written (templates)', lag);
    console.log(
      `    queue drained ${ms(drainMs)} after the last move → target p99 < ${LAG_TARGET_MS} ms ${lag.p99 < LAG_TARGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await built.app.close();
  }
}

async function bench(label: string, handle: DatabaseHandle) {
  const t0 = performance.now();
  const { id, made } = await seed(handle.db, ATHLETES);
  const athletes = await signedIn(handle.db, made);
  const board = new Board(athletes);
  console.log(
    `\n# ${label}: ${RATE.toLocaleString('en')} moves a minute on a board of ${ATHLETES.toLocaleString('en')}` +
      ` (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${os.cpus().length} cores, load ${load()})`,
  );
  if (PARTS.has('lag')) {
    const poll = config.jobsPollMs!;
    printLag(`templates at the board's pace, ${LAG_SECONDS} s of moves`, await lagRun(handle, id, board, poll, LAG_SECONDS), poll);
    // The node's capacity: the pace lifted, so every move that makes news gets its line.
    const unpaced = await lagRun(handle, id, board, poll, LAG_SECONDS, { commentaryBoardLinesPerMinute: 1e9 });
    printLag(`templates with the pace lifted (every move commented), ${LAG_SECONDS} s of moves`, unpaced, poll);
  }
  if (PARTS.has('hook')) await hookRun(handle, LAG_SECONDS);
  if (PARTS.has('latency')) await latencyRun(handle, config, id, board, { windows: WINDOWS, seconds: WINDOW_SECONDS, rate: RATE });
  if (PARTS.has('lane')) await laneRun(handle, config, { id, userId: athletes[0]!.userId }, Math.max(12, LAG_SECONDS));
}

await onEachDatabase('bench_commentary', bench);
