import fc from 'fast-check';
import { sql } from 'drizzle-orm';
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
          const entered = new Set<string>();
          const scoreIds: number[] = [];
          const base = t.clock.now().getTime();
          for (const s of scores) {
            const challengeId = challengeIds[s.challenge]!;
            const userId = users[s.athlete]!;
            const at = new Date(base - s.secondsAgo * 1000).toISOString();
            const k = key(s.result, s.tiebreak);
            const [row] = await rowsOf<{ id: number }>(
              db,
              sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
                values (${challengeId}, ${userId}, 'rx', 'finished', ${s.result}, ${String(k)}::bigint, ${at}::timestamptz) returning id`,
            );
            const scoreId = Number(row!.id);
            scoreIds.push(scoreId);
            if (s.entry && !entered.has(`${challengeId}:${userId}`)) {
              entered.add(`${challengeId}:${userId}`);
              await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
                values (${challengeId}, ${userId}, ${scoreId}, 'rx', 'male', 'finished', ${s.result}, ${String(k)}::bigint, ${at}::timestamptz)`);
            }
            if (s.video) {
              await db.execute(sql`insert into score_videos (score_id, challenge_id, athlete_id, external_url, state, original_value, original_sort_key, created_at)
                values (${scoreId}, ${challengeId}, ${userId}, 'https://vimeo.com/1', ${s.video}, ${s.result}, ${String(k)}::bigint, ${at}::timestamptz)`);
            }
          }
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
      { numRuns: kind === 'pglite' ? 40 : 25 },
    );
  }, 600_000);
});
