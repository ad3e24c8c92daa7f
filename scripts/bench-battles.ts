// Battle royale figures (#39): a battle of N athletes over 8 rounds (10,000 on PGlite; 100,000 on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), seeded in bulk SQL. Prints
// - closing a round through the closing job's own function (rank + cut, one transaction), then the notices job it queued
//   (the fallen told: inbox, push, mail), each timed: round 1 (the
//   whole field) several times, reset between, then rounds 2-8 once each; beside a naive close measured in the same
//   run (every attempt loaded, ranked in JS by the same engine, each elimination and its notification written one
//   by one). Targets: under 1 s at 100,000 on PostgreSQL, under 500 ms at 10,000.
// - the board page (a page of 50, the caller's row and the live cut line) served over HTTP by the app, p50/p99
//   (target p99 under 20 ms), beside a naive board ranked in JS from every attempt.
// - two closes of the same round at once (two connections on PostgreSQL, two calls on the embedded database): the
//   round closes once, its eliminations and notifications are written once.
// BENCH_BATTLE_SCALE (e.g. 0.1) shrinks both fields while developing; BENCH_ONLY=postgres skips PGlite.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { AppContext } from '../server/context.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/index.ts';
import { Outbox } from '../server/lib/mail.ts';
import { battleJobHandlers, closeRound, ROUND_NOTICES_JOB } from '../server/areas/battles/index.ts';
import { runDueJobs } from '../server/lib/jobs.ts';
import { notify } from '../server/areas/notifications/index.ts';
import { closeRoyaleRound, keepCount, rankRound, type CutRule } from '../domain/battles/index.ts';
import { benchConfig, onEachDatabase, percentile, rowsOf, time } from './bench-lib.ts';

const SCALE = Number(process.env.BENCH_BATTLE_SCALE ?? 1);
const ROUNDS = 8;
const CUT: CutRule = { kind: 'cut_percent', percent: 25, minimum: 10 };
const MAIL_JOB = 'notification.mail';
/** Only the notices job the close queues (the bench's rounds have no close jobs queued). */
const noticesOnly = { [ROUND_NOTICES_JOB]: battleJobHandlers[ROUND_NOTICES_JOB]! };

interface Sizes {
  athletes: number;
  closes: number;
  naiveCloses: number;
  boardRuns: number;
  target: number;
}
const sizesFor = (postgres: boolean): Sizes => ({
  athletes: Math.max(100, Math.round((postgres ? 100_000 : 10_000) * SCALE)),
  closes: Number(process.env.BENCH_BATTLE_CLOSES ?? 5),
  naiveCloses: Number(process.env.BENCH_BATTLE_NAIVE_CLOSES ?? (postgres ? 1 : 2)),
  boardRuns: Number(process.env.BENCH_BATTLE_BOARD_RUNS ?? 200),
  target: postgres ? 1000 : 500,
});

const exec = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, outbox: Outbox, shift: () => void) {
  const email = 'bench-battles@example.test';
  const password = 'bench-athlete-password';
  await app.app.inject({ method: 'POST', url: '/api/user_registration/register', payload: { email, password, display_name: 'Caller' } });
  shift(); // past the resend window of the registration mail
  const started = await app.app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: { email, password } });
  if (started.statusCode !== 200) throw new Error(started.body);
  await app.context.tasks.settled();
  const code = /\b(\d{6})\b/.exec(`${outbox.last(email)?.subject}\n${outbox.last(email)?.text}`)?.[1];
  const verified = await app.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(verified.body);
  const session = verified.json<{ token: { token: string }; user: { id: number } }>();
  const [me] = await exec<{ id: number }>(app.context.database.db, sql`select id from users where email = ${email}`);
  return { authorization: `Bearer ${session.token.token}`, userId: Number(me!.id) };
}

/** N athletes (and the signed-in caller) entered in a battle royale of 8 rounds, all of whose windows have ended. */
async function seed(db: Database, n: number, callerId: number) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'r' || g || '@bench.local', 'r' || g || '@bench.local', 'x', 'Royale ' || g, now() from generate_series(1, ${n}) g`);
  const [battle] = await exec<{ id: number }>(
    db,
    sql`insert into battles (name, format, creator_id, score_type, attempts_per_round, starts_at, ends_at, created_at)
      values ('Bench royale', 'battle_royale', ${callerId}, 'reps', 3, now() - interval '${sql.raw(String(ROUNDS + 1))} days', now() - interval '1 day', now())
      returning id`,
  );
  const id = Number(battle!.id);
  await db.execute(sql`insert into battle_rounds (battle_id, round_no, opens_at, closes_at, cut)
    select ${id}, r, now() - (${ROUNDS + 2} - r) * interval '1 day', now() - (${ROUNDS + 1} - r) * interval '1 day', ${JSON.stringify(CUT)}::jsonb
    from generate_series(1, ${ROUNDS}) r`);
  await db.execute(sql`insert into battle_entries (battle_id, user_id, entered_at)
    select ${id}, id, now() - interval '20 days' + id * interval '1 second' from users where email like 'r%@bench.local' or id = ${callerId}`);
  return id;
}

/**
 * Round `roundNo`'s attempts by the living field: one each, a second for one in three, a third for one in ten; one
 * in twenty scores nothing. Reps 0..9,999 with the scoring domain's sort key for an Rx reps score.
 */
async function seedAttempts(db: Database, battleId: number, roundNo: number) {
  await db.execute(sql`insert into battle_attempts (battle_id, round_no, user_id, status, value, sort_key, submitted_at)
    select ${battleId}, ${roundNo}, e.user_id, 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint,
      now() - ${ROUNDS + 1 - roundNo}::int * interval '1 day' - (random() * 80000) * interval '1 second'
    from battle_entries e, generate_series(1, 3) k, lateral (select floor(random() * 10000)::int + 0 * k + 0 * e.user_id as v) s
    where e.battle_id = ${battleId} and e.eliminated_round is null and e.user_id % 20 <> 7
      and (k = 1 or (k = 2 and e.user_id % 3 = 0) or (k = 3 and e.user_id % 10 = 0))`);
  await db.execute(sql`analyze battle_attempts`);
}

/** Opens round `roundNo` again: nobody fell in it, nobody was told. */
async function reopen(db: Database, battleId: number, roundNo: number) {
  await db.execute(sql`update battle_entries set eliminated_round = null, eliminated_place = null, final_place = null
    where battle_id = ${battleId} and eliminated_round = ${roundNo}`);
  await db.execute(sql`update battle_rounds set closed_at = null, field_size = null, eliminated_count = null, notified_at = null
    where battle_id = ${battleId} and round_no = ${roundNo}`);
  await db.execute(sql`delete from notifications where kind = 'battle_eliminated'`);
  await db.execute(sql`delete from jobs where kind in (${MAIL_JOB}, ${ROUND_NOTICES_JOB})`);
  await db.execute(sql`vacuum analyze battle_entries`);
}

/** The naive close: every attempt loaded, ranked in JS by the same engine, each elimination and notice written alone. */
async function naiveClose(db: Database, battleId: number, roundNo: number, now: Date) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await tx.execute(sql`select 1 from battle_rounds where battle_id = ${battleId} and round_no = ${roundNo} for update`);
    const field = await exec<{ user_id: number; entered_at: string }>(
      tx,
      sql`select user_id, entered_at from battle_entries where battle_id = ${battleId} and eliminated_round is null`,
    );
    const attempts = await exec<{ user_id: number; sort_key: string; submitted_at: string }>(
      tx,
      sql`select user_id, sort_key::text as sort_key, submitted_at from battle_attempts where battle_id = ${battleId} and round_no = ${roundNo}`,
    );
    const outcome = closeRoyaleRound(
      field.map((f) => ({ athleteId: f.user_id, enteredAt: new Date(f.entered_at).getTime() })),
      attempts.map((a) => ({ athleteId: a.user_id, sortKey: BigInt(a.sort_key), submittedAt: new Date(a.submitted_at).getTime() })),
      CUT,
    );
    const placeOf = new Map(outcome.ranking.map((r) => [r.athleteId, r.place]));
    for (const athleteId of outcome.eliminated) {
      await tx.execute(sql`update battle_entries set eliminated_round = ${roundNo}, eliminated_place = ${placeOf.get(athleteId)!}
        where battle_id = ${battleId} and user_id = ${athleteId}`);
      await notify(tx, { userId: athleteId, kind: 'battle_eliminated', title: `Eliminated in round ${roundNo}` }, now);
    }
    await tx.execute(sql`update battle_rounds set closed_at = ${now.toISOString()}::timestamptz, field_size = ${field.length},
      eliminated_count = ${outcome.eliminated.length} where battle_id = ${battleId} and round_no = ${roundNo}`);
  });
}

/** The naive board: the field, names and every attempt loaded, ranked in JS; a page of 50, the caller's row, the line. */
async function naiveBoard(db: Database, battleId: number, roundNo: number, callerId: number) {
  const field = await exec<{ user_id: number; entered_at: string; display_name: string }>(
    db,
    sql`select e.user_id, e.entered_at, u.display_name from battle_entries e join users u on u.id = e.user_id
      where e.battle_id = ${battleId} and (e.eliminated_round is null or e.eliminated_round >= ${roundNo})`,
  );
  const attempts = await exec<{ user_id: number; sort_key: string; submitted_at: string }>(
    db,
    sql`select user_id, sort_key::text as sort_key, submitted_at from battle_attempts where battle_id = ${battleId} and round_no = ${roundNo}`,
  );
  const ranking = rankRound(
    field.map((f) => ({ athleteId: f.user_id, enteredAt: new Date(f.entered_at).getTime() })),
    attempts.map((a) => ({ athleteId: a.user_id, sortKey: BigInt(a.sort_key), submittedAt: new Date(a.submitted_at).getTime() })),
  );
  return { keep: keepCount(CUT, ranking.length), page: ranking.slice(0, 50), me: ranking.find((r) => r.athleteId === callerId) };
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const row = (name: string, m: { p50: number; p99: number }) =>
  console.log(`  ${name.padEnd(60)} p50 ${ms(m.p50).padStart(10)}   p99 ${ms(m.p99).padStart(10)}`);

async function timed(fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Closes round 1 twice at once (on two connections when `second` is given) and counts what was written. */
async function twoCloses(ctx: AppContext, second: AppContext, battleId: number, label: string) {
  const [a, b] = await Promise.all([closeRound(ctx, battleId, 1), closeRound(second, battleId, 1)]);
  // The notices job the close queued (once), and a second run of it, as a retried job would.
  const noticeJobs = (await runDueJobs(ctx, noticesOnly)) + (await runDueJobs(second, noticesOnly));
  const db = ctx.database.db;
  const [counts] = await exec<{ fallen: number; told: number; mails: number; mailJobs: number; recorded: number }>(
    db,
    sql`select (select count(*)::int from battle_entries where battle_id = ${battleId} and eliminated_round = 1) as fallen,
      (select count(*)::int from notifications where kind = 'battle_eliminated') as told,
      (select coalesce(sum(jsonb_array_length(coalesce(payload->'notificationIds', '[0]'::jsonb))), 0)::int from jobs where kind = ${MAIL_JOB}) as mails,
      (select count(*)::int from jobs where kind = ${MAIL_JOB}) as "mailJobs",
      (select eliminated_count from battle_rounds where battle_id = ${battleId} and round_no = 1) as recorded`,
  );
  const closes = [a, b].filter((r) => r.closed).length;
  const eliminated = Math.max(a.eliminated.length, b.eliminated.length);
  const once =
    closes === 1 &&
    noticeJobs === 1 &&
    counts!.fallen === eliminated &&
    counts!.told === eliminated &&
    counts!.mails === eliminated &&
    counts!.recorded === eliminated;
  console.log(
    `  ${label}: ${closes} of 2 closed it; ${counts!.fallen} eliminated, ${counts!.told} notifications, ${counts!.mails} mails queued (${counts!.mailJobs} jobs)` +
      ` (the close cut ${eliminated}; ${noticeJobs} notices job) → ${once ? 'closed exactly once' : 'NOT exactly once'}`,
  );
  if (!once) process.exitCode = 1;
}

async function bench(label: string, handle: DatabaseHandle) {
  const postgres = label.startsWith('PostgreSQL');
  const size = sizesFor(postgres);
  const outbox = new Outbox();
  let clockShift = 0;
  const built = await buildApp(benchConfig(), handle, { mailer: outbox, rateLimit: false, now: () => new Date(Date.now() + clockShift) });
  const { app, context: ctx } = built;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = handle.db;
  try {
    const caller = await signIn(built, outbox, () => (clockShift += 61_000));
    const t0 = performance.now();
    const battleId = await seed(db, size.athletes, caller.userId);
    await seedAttempts(db, battleId, 1);
    await db.execute(sql`vacuum analyze`);
    if (postgres) await db.execute(sql`checkpoint`);
    const field = size.athletes + 1;
    console.log(
      `\n# ${label}: a battle royale of ${field.toLocaleString('en')} athletes over ${ROUNDS} rounds, 25% cut per round` +
        ` (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    // The board of round 1 while it is open (its window ended, not yet closed): the live cut line, the caller's row.
    const path = `/api/battle-royale/challenges/${battleId}/leaderboard?round=1&offset=0&limit=50`;
    const first = (await (await fetch(`${base}${path}`, { headers: { authorization: caller.authorization } })).json()) as {
      field: number;
      keep: number;
      me: unknown;
    };
    if (first.field !== field || !first.me) throw new Error(`unexpected board: ${JSON.stringify(first).slice(0, 300)}`);
    const served = await time(
      size.boardRuns,
      () => fetch(`${base}${path}`, { headers: { authorization: caller.authorization } }).then((r) => r.arrayBuffer()),
      20,
    );
    const naiveBoardTimes = await time(Math.max(3, Math.ceil(size.boardRuns / 20)), () => naiveBoard(db, battleId, 1, caller.userId));
    console.log(`  board page (50 rows + the caller's row + the live cut line at ${first.keep.toLocaleString('en')}):`);
    row('served over HTTP by the app (GET …/leaderboard, signed in)', served);
    row('naive: every attempt loaded and ranked in JS (in process)', naiveBoardTimes);
    console.log(
      `  target p99 < 20 ms → ${served.p99 < 20 ? 'met' : 'NOT met'}; the naive board is ${(naiveBoardTimes.p50 / served.p50).toFixed(1)}x the served page at p50`,
    );

    // Round 1 (the whole field) closed by the closing job's function, reopened between samples; then the naive close.
    const closes: number[] = [];
    const notices: number[] = [];
    for (let i = 0; i < size.closes; i++) {
      closes.push(await timed(() => closeRound(ctx, battleId, 1)));
      notices.push(await timed(() => runDueJobs(ctx, noticesOnly)));
      await reopen(db, battleId, 1);
    }
    const naive: number[] = [];
    for (let i = 0; i < size.naiveCloses; i++) {
      naive.push(await timed(() => naiveClose(db, battleId, 1, ctx.now())));
      await reopen(db, battleId, 1);
    }

    // Two closes of round 1 at once: on a second connection pool (a second node) on PostgreSQL.
    console.log('  a round closing on two nodes at once:');
    if (postgres) {
      const [{ name }] = (await exec<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = await openDatabase({ url: url.toString() });
      try {
        await twoCloses(ctx, { ...ctx, database: other } as AppContext, battleId, 'two connection pools (two nodes), one database');
      } finally {
        await other.close();
      }
    } else await twoCloses(ctx, ctx, battleId, 'two closing calls at once (the embedded database runs one transaction at a time)');

    // Rounds 2..8, each with the living field's attempts, closed once.
    const later: { round: number; field: number; ms: number; notices: number }[] = [];
    for (let r = 2; r <= ROUNDS; r++) {
      await seedAttempts(db, battleId, r);
      const [{ alive }] = (await exec<{ alive: number }>(
        db,
        sql`select count(*)::int as alive from battle_entries where battle_id = ${battleId} and eliminated_round is null`,
      )) as [{ alive: number }];
      const ms = await timed(() => closeRound(ctx, battleId, r));
      later.push({ round: r, field: alive, ms, notices: await timed(() => runDueJobs(ctx, noticesOnly)) });
    }
    console.log(`  closing a round (rank + cut, the notices queued: one transaction), then its notices job (inbox + push + mail):`);
    const first1 = stats(closes);
    row(`round 1, the whole field (${field.toLocaleString('en')}), ${closes.length} closes`, first1);
    row(`  its notices job (${(size.athletes / 4).toLocaleString('en')} told, after the close's commit)`, stats(notices));
    row(`  close + notices`, stats(closes.map((c, i) => c + notices[i]!)));
    row(`every round (1 × ${closes.length}, then 2-${ROUNDS} as the field shrinks)`, stats([...closes, ...later.map((l) => l.ms)]));
    console.log(
      `    rounds 2-${ROUNDS} (close + notices): ${later.map((l) => `${l.field.toLocaleString('en')}: ${ms(l.ms)} + ${ms(l.notices)}`).join(', ')}`,
    );
    const met = `target p99 < ${size.target} ms at ${field.toLocaleString('en')} → ${first1.p99 < size.target ? 'met' : 'NOT met'}`;
    if (naive.length) {
      const naiveStats = stats(naive);
      row(`naive close of round 1 (row by row, notices inside), ${naive.length} closes`, naiveStats);
      const whole = stats(closes.map((c, i) => c + notices[i]!));
      console.log(
        `  ${met}; the naive close is ${(naiveStats.p50 / first1.p50).toFixed(1)}x the job's close, ${(naiveStats.p50 / whole.p50).toFixed(1)}x close + notices at p50`,
      );
    } else console.log(`  ${met}`);
  } finally {
    await app.close();
  }
}

await onEachDatabase('bench_battles', bench);
