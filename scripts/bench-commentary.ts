// Commentary figures (#42), on one node (one app, its job worker polling as in production), on PGlite and, with
// BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. A board of athletes is seeded in bulk SQL, each with a
// session; moves are score submissions through the API (POST …/submit-score over HTTP, open loop at the rate),
// each a new best that climbs ten places (one in fifty takes the lead), so nearly every move is worth a line.
// - Template commentary at 10,000 moves a minute (BENCH_COMMENTARY_RATE) for 30 s (× BENCH_SCALE): the lag from
//   each move (the score's submitted_at) to its line (the line's created_at, auto-published), p50/p99, target p99
//   under 1 s; the job queue's largest backlog and whether (and how fast) it drains once the moves stop. Then the
//   move hook itself (noteScoreMove) called at the rate for scores stored beforehand in bulk, the lag from each call.
// - The leaderboard's own latency (the board read, GET /api/challenges/rankings, 20 a second; the submission's
//   answer) p50/p99 with commentary off (the move hook's deferred task dropped: no facts read, no job) beside
//   commentary written by an OpenAI-compatible endpoint that answers after 5 s (a slow local endpoint this bench starts), in
//   alternating windows of the same run, at the same rate. Target: the ratio ~1 (generation is off the request path).
//   With the model, a board's waiting lines are drafts and one coalesced job (server/areas/commentary/drafts.ts): the
//   jobs table's commentary rows and the drafts are sampled each second while the model is on.
// - BENCH_COMMENTARY_PARTS (lag,hook,latency,lane; all by default) picks the parts.
// - Model lines a minute with that endpoint, and how long another job kind waits meanwhile, with `commentary_write` in
//   the shared job lane (one at a time, as before) and in its own lane (LLM_CONCURRENCY at once): bench-commentary-lane.ts.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../server/app.ts';
import { DEFAULT_LLM_CONCURRENCY, type AppConfig, type LlmSettings } from '../server/config.ts';
import type { Database, DatabaseHandle } from '../server/db/index.ts';
import { noteScoreMove } from '../server/areas/commentary/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { loadSigningKey, signAccessToken } from '../server/lib/tokens.ts';
import { onEachDatabase, percentile, rowsOf } from './bench-lib.ts';
import { Board, slowModel, waiting, waitingRows, type Athlete } from './bench-commentary-parts.ts';
import { laneRun } from './bench-commentary-lane.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RATE = Number(process.env.BENCH_COMMENTARY_RATE ?? 10_000); // moves per minute
const ATHLETES = Math.max(500, Math.round(5_000 * SCALE));
const LAG_SECONDS = Math.max(3, 30 * SCALE);
const WINDOW_SECONDS = Math.max(2, 8 * SCALE);
const WINDOWS = 2; // of each mode, alternating
const SLOW_MODEL_MS = 5_000;
const READ_EVERY_MS = 50;
const MAX_IN_FLIGHT = 256;
const LAG_TARGET_MS = 1000;
/** The name `noteScoreMove` (server/areas/commentary/moves.ts) defers its work under: dropped when commentary is off. */
const MOVE_TASK = 'commentary move';
/** The name lines are stored under, in batches (server/areas/commentary/write-soon.ts): counted while pending. */
const LINES_TASK = 'commentary lines';

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const load = () => os.loadavg()[0]!.toFixed(1);
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length ? { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length } : { p50: NaN, p99: NaN, n: 0 };
};
const row = (name: string, m: { p50: number; p99: number; n: number }) =>
  console.log(`  ${name.padEnd(58)} p50 ${ms(m.p50).padStart(9)}   p99 ${ms(m.p99).padStart(9)}   (${m.n.toLocaleString('en')})`);

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

interface Fed {
  answered: number;
  failed: number;
  skipped: number;
  seconds: number;
  submit: number[];
  read: number[];
  /** When each stored score's answer arrived (ms since the epoch), by score id. */
  answeredAt: Map<number, number>;
  firstError?: string;
}

/**
 * Moves at `perMinute` for `seconds` (open loop: each is sent when due, at most MAX_IN_FLIGHT at once, the rest
 * skipped and counted), while one reader reads the board every READ_EVERY_MS; every answer timed.
 */
async function feed(base: string, challengeId: number, board: Board, seconds: number, perMinute: number): Promise<Fed> {
  const fed: Fed = { answered: 0, failed: 0, skipped: 0, seconds, submit: [], read: [], answeredAt: new Map() };
  const interval = 60_000 / perMinute;
  const inFlight = new Set<Promise<void>>();
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/challenges/rankings?challenge_id=${challengeId}&offset=0&limit=50`);
      await res.arrayBuffer();
      if (res.ok) fed.read.push(performance.now() - t0);
      await sleep(READ_EVERY_MS);
    }
  })();
  const submit = async (athlete: Athlete, reps: number) => {
    board.busy.add(athlete.userId);
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/challenges/${challengeId}/submit-score`, {
        method: 'POST',
        headers: athlete.headers,
        body: JSON.stringify({ reps }),
      });
      const body = await res.text();
      if (res.status === 201) {
        fed.submit.push(performance.now() - t0);
        fed.answeredAt.set(Number((JSON.parse(body) as { score: { id: number } }).score.id), Date.now());
        fed.answered += 1;
      } else {
        fed.failed += 1;
        fed.firstError ??= `${res.status} ${body.slice(0, 200)}`;
      }
    } finally {
      board.busy.delete(athlete.userId);
    }
  };
  const start = performance.now();
  let k = 0;
  for (;;) {
    const elapsed = performance.now() - start;
    if (elapsed >= seconds * 1000) break;
    for (const due = Math.floor(elapsed / interval) + 1; k < due; k++) {
      const move = inFlight.size < MAX_IN_FLIGHT ? board.next() : null;
      if (!move) {
        fed.skipped += 1;
        continue;
      }
      const p: Promise<void> = submit(move.athlete, move.reps).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  reading = false;
  await reader;
  return fed;
}

/** Which parts run (BENCH_COMMENTARY_PARTS, comma-separated; all by default). */
const PARTS = new Set((process.env.BENCH_COMMENTARY_PARTS ?? 'lag,hook,latency,lane').split(',').map((p) => p.trim()));

/**
 * Counts the move hook's deferred tasks still to finish (the facts read and the job queued), and drops them while
 * `off` says so (commentary off: no facts read, no job), by wrapping this app's `tasks.defer`.
 */
function moveTasks(built: BuiltApp) {
  const tasks = built.context.tasks;
  const defer = tasks.defer.bind(tasks);
  const state = { off: false, pending: 0, seen: 0, dropped: 0 };
  tasks.defer = (name, work) => {
    if (name === LINES_TASK) {
      state.pending += 1;
      return defer(name, () => work().finally(() => (state.pending -= 1)));
    }
    if (name !== MOVE_TASK) return defer(name, work);
    state.seen += 1;
    if (state.off) {
      state.dropped += 1;
      return;
    }
    state.pending += 1;
    defer(name, () => work().finally(() => (state.pending -= 1)));
  };
  return state;
}

async function listen(built: BuiltApp) {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
}

/**
 * Template commentary at the rate: moves for LAG_SECONDS, the backlog sampled each second, then the queue drained;
 * answers the lag from each move to its line.
 */
async function lagRun(handle: DatabaseHandle, id: number, board: Board, pollMs: number, seconds: number) {
  const db = handle.db;
  const built = await buildApp({ ...config, jobsPollMs: pollMs }, handle, { rateLimit: false });
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

/** Commentary off beside a model answering after 5 s, in alternating windows at the same rate. */
async function latencyRun(handle: DatabaseHandle, id: number, board: Board) {
  const model = await slowModel(SLOW_MODEL_MS);
  const llm: LlmSettings = {
    baseUrl: model.baseUrl,
    model: 'bench-slow',
    timeoutMs: 8000,
    callsPerHour: 300,
    concurrency: Number(process.env.LLM_CONCURRENCY ?? DEFAULT_LLM_CONCURRENCY),
  };
  const built = await buildApp({ ...config, llm }, handle, { rateLimit: false });
  const moves = moveTasks(built);
  const base = await listen(built);
  const since = new Date().toISOString();
  const results = { off: { submit: [] as number[], read: [] as number[] }, slow: { submit: [] as number[], read: [] as number[] } };
  const loadBefore = load();
  let answered = 0;
  // The jobs table's commentary rows and the drafts, sampled each second while the model is on.
  const most = { jobs: 0, drafts: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      if (!moves.off) {
        const now = await waitingRows(handle.db);
        most.jobs = Math.max(most.jobs, now.jobs);
        most.drafts = Math.max(most.drafts, now.drafts);
      }
      await sleep(1000);
    }
  })();
  try {
    moves.off = true;
    await feed(base, id, board, 1, RATE); // warm-up
    for (let w = 0; w < WINDOWS * 2; w++) {
      const off = (moves.off = w % 2 === 0);
      const fed = await feed(base, id, board, WINDOW_SECONDS, RATE);
      answered += fed.answered;
      const into = off ? results.off : results.slow;
      into.submit.push(...fed.submit);
      into.read.push(...fed.read);
      if (fed.firstError) console.log(`    first refusal: ${fed.firstError}`);
    }
    sampling = false;
    await sampler;
    while (moves.pending > 0) await sleep(50);
    const db = handle.db;
    const [lines] = await exec<{ model: number; fallback: number }>(
      db,
      sql`select count(*) filter (where source = 'model')::int as model, count(*) filter (where fallback_reason is not null)::int as fallback
        from commentary_lines where challenge_id = ${id} and created_at >= ${since}::timestamptz`,
    );
    const waitingNow = await waitingRows(db);
    console.log(
      `  the leaderboard's own latency, ${WINDOWS} windows of ${WINDOW_SECONDS} s each way, alternating, ${answered.toLocaleString('en')} moves` +
        ` (load ${loadBefore} → ${load()}):`,
    );
    const offSubmit = stats(results.off.submit);
    const slowSubmit = stats(results.slow.submit);
    const offRead = stats(results.off.read);
    const slowRead = stats(results.slow.read);
    row('the submission’s answer, commentary off', offSubmit);
    row(`the submission’s answer, model answering after ${SLOW_MODEL_MS / 1000} s`, slowSubmit);
    row('the board read, commentary off', offRead);
    row(`the board read, model answering after ${SLOW_MODEL_MS / 1000} s`, slowRead);
    const ratio = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
      `p50 ${(b.p50 / a.p50).toFixed(2)}x, p99 ${(b.p99 / a.p99).toFixed(2)}x`;
    console.log(
      `    ratio slow model / off: submission ${ratio(offSubmit, slowSubmit)}; board read ${ratio(offRead, slowRead)} (target ~1)`,
    );
    console.log(
      `    the model was asked ${model.calls()} times (at most ${model.mostAtOnce()} at once, ${SLOW_MODEL_MS / 1000} s each): ${lines!.model} model lines written (${lines!.fallback} by the templates instead),` +
        ` ${waitingNow.jobs.toLocaleString('en')} commentary jobs not finished (at most ${most.jobs} while the model was on, sampled each second),` +
        ` ${waitingNow.drafts.toLocaleString('en')} lines waiting for the model (at most ${most.drafts.toLocaleString('en')});` +
        ` ${moves.dropped.toLocaleString('en')} moves' commentary dropped while off`,
    );
    if (moves.dropped === 0 || moves.seen === moves.dropped) {
      console.log(`    NOT measured: the move hook's deferred task '${MOVE_TASK}' was not seen in both modes (renamed in moves.ts?)`);
      process.exitCode = 1;
    }
  } finally {
    sampling = false;
    await sampler;
    // Close the slow endpoint before the app: a call still in flight fails, falls back to the templates, and its line
    // is written while the database is still open.
    await model.close();
    await sleep(500);
    await built.app.close();
  }
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
  if (PARTS.has('lag'))
    printLag(`templates, ${LAG_SECONDS} s of moves`, await lagRun(handle, id, board, config.jobsPollMs!, LAG_SECONDS), config.jobsPollMs!);
  if (PARTS.has('hook')) await hookRun(handle, LAG_SECONDS);
  if (PARTS.has('latency')) await latencyRun(handle, id, board);
  if (PARTS.has('lane')) await laneRun(handle, config, { id, userId: athletes[0]!.userId }, Math.max(12, LAG_SECONDS));
}

await onEachDatabase('bench_commentary', bench);
