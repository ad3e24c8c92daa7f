// The judging queue at scale: GET /api/judging/queue (judgingQueue in
// server/areas/judging/judging-verdicts.ts) with N scores waiting for a judge (default 100,000,
// bulk-inserted with generate_series over C challenges (default 50); a third of them an
// athlete's earlier, worse score that is not their board entry; the boards also hold entries
// without a video), p50/p99 of the first page of one challenge's queue, of the
// unfiltered queue (every challenge, best place first) and of a deep page, beside in the
// same run the naive unfiltered query: each waiting score's place counted over the entries
// ahead of it on its board, for every waiting score, before the page is cut (the queue's
// former query; timed on a few runs, each a page of 25 at offset 0 or 1,000, whose answers
// must be the queue's). And a plain listing with no place
// at all, the floor. PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../server/context.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { rebuildRankSlices } from '../server/lib/boards/rank-slices.ts';
import { judgingQueue } from '../server/areas/judging/judging-verdicts.ts';
import { onEachDatabase, percentile, rowsOf, time } from './bench-lib.ts';

const N = Number(process.env.BENCH_JUDGING_PENDING ?? 100_000);
const CHALLENGES = Number(process.env.BENCH_JUDGING_CHALLENGES ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const NAIVE_RUNS = Number(process.env.BENCH_NAIVE_RUNS ?? 2);
const PAGE = 25;

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const t0 = performance.now();
  const perChallenge = Math.ceil(N / CHALLENGES);
  // Every athlete enters every challenge. Two in five have their board entry waiting for a
  // judge, one in five an earlier, worse score (not on the board) with its video.
  const athletes = Math.ceil(perChallenge / 0.6);
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'j' || g || '@bench.local', 'j' || g || '@bench.local', 'x', 'Judged ' || g, now() from generate_series(0, ${athletes}) g`);
  const [judge] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) as id from users where email like 'j%@bench.local'`));
  const judgeId = Number(judge!.id);
  await db.execute(sql`insert into judge_certificates (user_id, level, granted_at, expires_at)
    values (${judgeId}, 'judge', now() - interval '1 day', now() + interval '300 days')`);
  await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
    select 'Bench judging ' || g, ${judgeId}, 'reps', now() - interval '1 day', now() + interval '30 days' from generate_series(1, ${CHALLENGES}) g`);
  // reps 0..9999; the sort key as domain/scoring builds it for an Rx reps score without tie-break.
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select cid, uid, 'rx', 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint, now() - (uid % 1000) * interval '1 second'
    from (select c.id as cid, u.id as uid, floor(random() * 10000)::int as v from challenges c cross join users u
      where c.title like 'Bench judging %' and u.email like 'j%@bench.local' and u.id <> ${judgeId}) x`);
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, s.id, s.division, 'male', s.status, s.value, s.sort_key, s.submitted_at
    from challenge_scores s join challenges c on c.id = s.challenge_id where c.title like 'Bench judging %'`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, 'rx', 'finished', s.value / 2, ((68719476735 - s.value / 2) * 33554432 + 33554431)::bigint,
      s.submitted_at - interval '1 day'
    from challenge_scores s join challenges c on c.id = s.challenge_id where c.title like 'Bench judging %' and s.user_id % 5 = 4`);
  await db.execute(sql`insert into score_videos (score_id, challenge_id, athlete_id, external_url, state, original_value, original_sort_key, created_at)
    select s.id, s.challenge_id, s.user_id, 'https://vimeo.com/' || s.id, 'waiting', s.value, s.sort_key, s.submitted_at
    from challenge_scores s join challenges c on c.id = s.challenge_id left join challenge_entries e on e.score_id = s.id
    where c.title like 'Bench judging %' and (e.score_id is null or s.user_id % 5 in (0, 2))`);
  const challengeIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from challenges where title like 'Bench judging %' order by id`),
  );
  for (const { id } of challengeIds) await rebuildRankSlices(db, Number(id));
  await db.execute(sql`update challenges c set rx_entries = (select count(*) from challenge_entries e where e.challenge_id = c.id)
    where c.title like 'Bench judging %'`);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  const [pending] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from score_videos where state = 'waiting'`));
  const [entries] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from challenge_entries`));
  return {
    judgeId,
    challengeIds: challengeIds.map((c) => Number(c.id)),
    pending: Number(pending!.n),
    entries: Number(entries!.n),
    seconds: (performance.now() - t0) / 1000,
  };
}

async function bench(label: string, handle: DatabaseHandle) {
  if (label.startsWith('PGlite')) return;
  const { judgeId, challengeIds, pending, entries, seconds } = await load(handle);
  const ctx = { database: handle, now: () => new Date(), config: {} } as unknown as AppContext;
  const some = () => challengeIds[Math.floor(Math.random() * challengeIds.length)]!;
  console.log(
    `\n# Judging queue on ${label}: ${pending.toLocaleString('en')} scores waiting in ${challengeIds.length} challenges, ` +
      `${entries.toLocaleString('en')} board entries (loaded in ${seconds.toFixed(0)} s), ${RUNS} runs each`,
  );
  const row = (name: string, t: { p50: number; p99: number }, runs = RUNS) =>
    console.log(`  ${name.padEnd(62)} p50 ${t.p50.toFixed(1).padStart(8)} ms   p99 ${t.p99.toFixed(1).padStart(8)} ms   (${runs} runs)`);

  // The naive query, timed on its own few runs; its first two pages are the queue's, place for place.
  const naivePage = (offset: number, challengeId?: number) =>
    handle.db.execute(sql`select sv.score_id, (select count(*) from challenge_entries e
        where e.challenge_id = sv.challenge_id and e.sort_key < s.sort_key)::int + 1 as place
      from score_videos sv join challenge_scores s on s.id = sv.score_id join challenges c on c.id = sv.challenge_id
      join users u on u.id = sv.athlete_id
      where sv.state in ('waiting', 'appealed', 'confirming') and sv.athlete_id <> ${judgeId} and s.deleted_at is null and c.deleted_at is null
        ${challengeId ? sql`and sv.challenge_id = ${challengeId}` : sql``}
      -- One challenge's queue is in its board's order (the key's); across challenges, by place.
      order by ${challengeId ? sql`s.sort_key` : sql`place`}, s.submitted_at, sv.score_id limit ${PAGE} offset ${offset}`);
  const pairs = (rows: { score_id: number; place: number | null }[]) =>
    JSON.stringify(rows.map((r) => [Number(r.score_id), Number(r.place)]));
  for (const offset of [0, 1000]) {
    const one = await judgingQueue(ctx, judgeId, { challenge_id: challengeIds[0], offset, limit: PAGE });
    const expected = pairs(rowsOf<{ score_id: number; place: number }>(await naivePage(offset, challengeIds[0])));
    if (expected !== pairs(one.items)) throw new Error(`one challenge's queue (offset ${offset}) and the naive count disagree`);
  }
  const naiveSamples: number[] = [];
  for (let i = 0; i < NAIVE_RUNS; i++) {
    const offset = i % 2 === 0 ? 0 : 1000;
    const t0 = performance.now();
    const naive = rowsOf<{ score_id: number; place: number }>(await naivePage(offset));
    naiveSamples.push(performance.now() - t0);
    const queue = await judgingQueue(ctx, judgeId, { offset, limit: PAGE });
    const expected = pairs(naive);
    const got = pairs(queue.items);
    if (expected !== got) throw new Error(`the queue (offset ${offset}) and the naive count disagree:\n${expected}\n${got}`);
    if (queue.total !== pending) throw new Error(`total ${queue.total}, expected ${pending}`);
  }
  naiveSamples.sort((a, b) => a - b);

  row(
    'judgingQueue, one challenge, first page of 25',
    await time(RUNS, () => judgingQueue(ctx, judgeId, { challenge_id: some(), offset: 0, limit: PAGE }), 5),
  );
  row(
    'judgingQueue, one challenge, page at offset 1,000',
    await time(RUNS, () => judgingQueue(ctx, judgeId, { challenge_id: some(), offset: 1000, limit: PAGE }), 5),
  );
  row(
    'judgingQueue, unfiltered (every challenge), first page of 25',
    await time(RUNS, () => judgingQueue(ctx, judgeId, { offset: 0, limit: PAGE }), 5),
  );
  row(
    'judgingQueue, unfiltered, page at offset 1,000',
    await time(Math.ceil(RUNS / 5), () => judgingQueue(ctx, judgeId, { offset: 1000, limit: PAGE }), 2),
    Math.ceil(RUNS / 5),
  );
  // The dashboard pages through the whole queue: its last page, the deepest a judge can reach.
  const { total } = await judgingQueue(ctx, judgeId, { offset: 0, limit: 1 });
  const last = Math.max(0, Math.min(100_000, Math.floor((total - 1) / PAGE) * PAGE));
  row(
    `judgingQueue, unfiltered, the last page (offset ${last.toLocaleString('en-US')})`,
    await time(Math.ceil(RUNS / 20), () => judgingQueue(ctx, judgeId, { offset: last, limit: PAGE }), 1),
    Math.ceil(RUNS / 20),
  );
  row(
    'floor: plain listing, no place (25 waiting scores by id)',
    await time(
      RUNS,
      () =>
        handle.db.execute(
          sql`select sv.* from score_videos sv where sv.state in ('waiting', 'appealed', 'confirming') order by sv.score_id limit ${PAGE}`,
        ),
      5,
    ),
  );
  row(
    'naive: unfiltered, place counted per waiting score, then sorted',
    { p50: percentile(naiveSamples, 50), p99: percentile(naiveSamples, 99) },
    NAIVE_RUNS,
  );
}

await onEachDatabase('bench_judging', bench);
