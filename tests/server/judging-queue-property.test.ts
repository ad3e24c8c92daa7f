import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { rebuildRankSlices } from '#server/lib/boards/rank-slices.ts';
import { judgingQueue } from '#server/areas/judging/judging-verdicts.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const ATHLETES = 6;
const STATES = ['waiting', 'appealed', 'confirming', 'judged'] as const;
/** Small results in the key's high bits and a tie-break in its low ones, so places tie often and share rank slices. */
const key = (result: number, tiebreak: number) => BigInt(result) * 2n ** 25n + BigInt(tiebreak);

/** What happens after the queue is filled, through ordinary updates (the queue's key must follow). */
type Change =
  | { kind: 'withdraw'; score: number }
  | { kind: 'rekey'; score: number; result: number }
  | { kind: 'state'; score: number; state: (typeof STATES)[number] }
  | { kind: 'delete-challenge'; challenge: number };

const scoreArb = fc.record({
  challenge: fc.nat(2),
  athlete: fc.nat(ATHLETES - 1),
  result: fc.nat(3),
  tiebreak: fc.nat(2),
  entry: fc.boolean(),
  video: fc.option(fc.constantFrom(...STATES), { nil: null, freq: 4 }),
  secondsAgo: fc.nat(3),
});
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('withdraw' as const), score: fc.nat(40) }),
  fc.record({ kind: fc.constant('rekey' as const), score: fc.nat(40), result: fc.nat(5) }),
  fc.record({ kind: fc.constant('state' as const), score: fc.nat(40), state: fc.constantFrom(...STATES) }),
  fc.record({ kind: fc.constant('delete-challenge' as const), challenge: fc.nat(2) }),
);

type Score = typeof scoreArb extends fc.Arbitrary<infer S> ? S : never;
const score = (
  challenge: number,
  athlete: number,
  result: number,
  tiebreak: number,
  video: Score['video'],
  entry = true,
  secondsAgo = 0,
): Score => ({
  challenge,
  athlete,
  result,
  tiebreak,
  entry,
  video,
  secondsAgo,
});
/**
 * The edges, run every time: an empty queue; one board where every waiting score ties on its result (places shared,
 * order by key, then time, then id), the judge's own score waiting among them, a score with no entry, and each state;
 * then changes that move keys past each other, withdraw a score and delete a whole challenge.
 */
const EDGES: [Score[], Change[], number][] = [
  [[], [], 0],
  [
    [
      score(0, 0, 1, 2, 'waiting'),
      score(0, 1, 1, 0, 'appealed', true, 2),
      score(0, 2, 1, 0, 'confirming', true, 1),
      score(0, 3, 1, 1, 'judged'),
      score(0, 4, 0, 0, null),
      score(0, 5, 2, 0, 'waiting', false),
      score(0, 6, 1, 1, 'waiting', true, 3),
      score(1, 1, 0, 0, 'waiting'),
      score(1, 2, 3, 2, 'waiting', true, 1),
      score(2, 3, 0, 0, 'waiting'),
    ],
    [],
    6,
  ],
  [
    [
      score(0, 0, 3, 0, 'waiting'),
      score(0, 1, 2, 0, 'waiting', true, 1),
      score(0, 2, 1, 0, 'appealed'),
      score(1, 3, 0, 0, 'waiting'),
      score(2, 4, 0, 0, 'waiting'),
    ],
    [
      { kind: 'rekey', score: 0, result: 0 },
      { kind: 'withdraw', score: 2 },
      { kind: 'state', score: 1, state: 'judged' },
      { kind: 'delete-challenge', challenge: 1 },
    ],
    5,
  ],
];

interface Waiting {
  score_id: number;
  challenge_id: number;
  athlete_id: number;
  sort_key: string;
  submitted_at: number;
}

/** The queue by definition, from the raw tables: every waiting score's place counted over its whole board. */
async function naiveQueue(db: Database, judgeId: number) {
  const waiting = await rowsOf<Waiting>(
    db,
    sql`select sv.score_id, sv.challenge_id, sv.athlete_id, s.sort_key::text as sort_key, (extract(epoch from s.submitted_at) * 1000)::float8 as submitted_at
      from score_videos sv join challenge_scores s on s.id = sv.score_id join challenges c on c.id = sv.challenge_id
      where sv.state in ('waiting', 'appealed', 'confirming') and s.deleted_at is null and c.deleted_at is null`,
  );
  const entries = await rowsOf<{ challenge_id: number; sort_key: string }>(
    db,
    sql`select challenge_id, sort_key::text as sort_key from challenge_entries`,
  );
  const placed = waiting
    .filter((w) => w.athlete_id !== judgeId)
    .map((w) => ({
      ...w,
      key: BigInt(w.sort_key),
      at: Number(w.submitted_at),
      place: 1 + entries.filter((e) => e.challenge_id === w.challenge_id && BigInt(e.sort_key) < BigInt(w.sort_key)).length,
    }));
  const byPlace = [...placed].sort((a, b) => a.place - b.place || a.at - b.at || a.score_id - b.score_id);
  const byKey = (challengeId: number) =>
    placed
      .filter((w) => w.challenge_id === challengeId)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.at - b.at || a.score_id - b.score_id));
  return { byPlace, byKey };
}

// The queue reads each waiting score's key from score_videos.queue_key (kept by triggers) and places only
// the candidates a page can hold: it must equal the queue by definition on any boards, after any changes.
describe.each(databaseKinds)('the judging queue equals a naive count over random boards on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('every page, across challenges and within one, with places and totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(scoreArb, { maxLength: 60 }),
        fc.array(changeArb, { maxLength: 6 }),
        fc.nat(ATHLETES),
        async (scores, changes, judgeIndex) => {
          const db = t.context.database.db;
          await db.execute(sql`delete from challenges`);
          await db.execute(sql`delete from users`);
          const users = (
            await rowsOf<{ id: number }>(
              db,
              sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
              select 'q' || g || '@queue.test', 'q' || g || '@queue.test', 'x', 'Athlete ' || g, now()
              from generate_series(0, ${ATHLETES}) g returning id`,
            )
          ).map((u) => Number(u.id));
          const judgeId = users[judgeIndex]!;
          const today = t.clock.now().toISOString();
          await db.execute(sql`insert into judge_certificates (user_id, level, granted_at, expires_at)
            values (${judgeId}, 'judge', ${today}::timestamptz - interval '1 day', ${today}::timestamptz + interval '300 days')`);
          const challengeIds = (
            await rowsOf<{ id: number }>(
              db,
              sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
              select 'Queue ' || g, ${judgeId}, 'reps', now() - interval '1 day', now() + interval '30 days'
              from generate_series(0, 2) g returning id`,
            )
          ).map((c) => Number(c.id));
          // One statement per table (row triggers still fire per row): the scores, their entries, their videos.
          const base = t.clock.now().getTime();
          const rows = scores.map((s) => ({
            ...s,
            challengeId: challengeIds[s.challenge]!,
            userId: users[s.athlete]!,
            at: new Date(base - s.secondsAgo * 1000).toISOString(),
            k: String(key(s.result, s.tiebreak)),
          }));
          const values = (list: SQL[]) => sql.join(list, sql`, `);
          // Identity values are drawn in the order of the VALUES list, so the ids sorted are the scores in order.
          const scoreIds = rows.length
            ? (
                await rowsOf<{ id: number }>(
                  db,
                  sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
                    values ${values(rows.map((r) => sql`(${r.challengeId}, ${r.userId}, 'rx', 'finished', ${r.result}, ${r.k}::bigint, ${r.at}::timestamptz)`))}
                    returning id`,
                )
              )
                .map((r) => Number(r.id))
                .sort((a, b) => a - b)
            : [];
          const entered = new Set<string>();
          const entries = rows.flatMap((r, i) => {
            if (!r.entry || entered.has(`${r.challengeId}:${r.userId}`)) return [];
            entered.add(`${r.challengeId}:${r.userId}`);
            return [
              sql`(${r.challengeId}, ${r.userId}, ${scoreIds[i]!}, 'rx', 'male', 'finished', ${r.result}, ${r.k}::bigint, ${r.at}::timestamptz)`,
            ];
          });
          if (entries.length)
            await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
              values ${values(entries)}`);
          const videos = rows.flatMap((r, i) =>
            r.video
              ? [
                  sql`(${scoreIds[i]!}, ${r.challengeId}, ${r.userId}, 'https://vimeo.com/1', ${r.video}, ${r.result}, ${r.k}::bigint, ${r.at}::timestamptz)`,
                ]
              : [],
          );
          if (videos.length)
            await db.execute(sql`insert into score_videos (score_id, challenge_id, athlete_id, external_url, state, original_value, original_sort_key, created_at)
              values ${values(videos)}`);
          for (const c of changes) {
            const scoreId = scoreIds.length ? scoreIds[('score' in c ? c.score : 0) % scoreIds.length]! : null;
            if (c.kind === 'delete-challenge')
              await db.execute(sql`update challenges set deleted_at = now() where id = ${challengeIds[c.challenge]!}`);
            else if (scoreId === null) continue;
            else if (c.kind === 'withdraw') await db.execute(sql`update challenge_scores set deleted_at = now() where id = ${scoreId}`);
            else if (c.kind === 'rekey')
              await db.execute(sql`update challenge_scores set sort_key = ${String(key(c.result, 1))}::bigint where id = ${scoreId}`);
            else await db.execute(sql`update score_videos set state = ${c.state} where score_id = ${scoreId}`);
          }
          for (const id of challengeIds) await rebuildRankSlices(db, id);

          const naive = await naiveQueue(db, judgeId);
          const seen = (items: { score_id: number; place: number | null }[]) => items.map((i) => [i.score_id, i.place]);
          const expected = (rows: { score_id: number; place: number }[]) => rows.map((r) => [r.score_id, r.place]);
          for (const [offset, limit] of [
            [0, 1],
            [0, 2],
            [1, 3],
            [0, 60],
          ] as const) {
            const page = await judgingQueue(t.context, judgeId, { offset, limit });
            expect(seen(page.items)).toEqual(expected(naive.byPlace.slice(offset, offset + limit)));
            expect(page.total).toBe(naive.byPlace.length);
            for (const challengeId of challengeIds) {
              const one = await judgingQueue(t.context, judgeId, { challenge_id: challengeId, offset, limit });
              const all = naive.byKey(challengeId);
              expect(seen(one.items)).toEqual(expected(all.slice(offset, offset + limit)));
              expect(one.total).toBe(all.length);
            }
          }
        },
      ),
      // Bounded (#36): 40 and 25 runs were about 12 CPU-seconds on PGlite; the edges are explicit examples below.
      { numRuns: kind === 'pglite' ? 20 : 12, examples: EDGES },
    );
  }, 600_000);
});
