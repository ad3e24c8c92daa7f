import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinChallenge, submitScore } from '#server/areas/challenges/index.ts';
import { viewerRowColumn } from '#server/areas/challenges/board-pages.ts';
import type { BoardRow } from '#server/areas/challenges/boards.ts';
import { rowsOf } from '#server/db/rows.ts';
import { rebuildRankSlices } from '#server/lib/boards/rank-slices.ts';
import { createTestApp, openSplitChallenge, signIn, type SignedIn } from './helpers.ts';

// A signed-in reader's own row and place (viewerRowColumn, read in their session check's statement on every board
// request, #43). PostgreSQL keeps each statement prepared per connection; a statement whose generic plan it costs over
// its custom ones is planned afresh on every run, and planning was most of the own row's time. Its board, division and
// category are in the statement's text, so after the first five runs it is served from the kept plan, with the
// place still right.

const FILLERS = 20_000;
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a signed-in reader’s own row on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let challengeId: number;
  const who: SignedIn[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { rateLimit: false });
    const ctx = t.context;
    for (let i = 0; i < 4; i++) who.push(await signIn(t, `plan${i}@x.test`, 'athlete-password', `Planned ${i}`));
    for (const [i, w] of who.entries())
      await ctx.database.db.execute(sql`insert into athlete_profiles (user_id, sex, birth_year, privacy)
        values (${w.userId}, ${i % 2 ? 'male' : 'female'}, 1990, ${JSON.stringify(PUBLIC)}::jsonb)
        on conflict (user_id) do update set sex = excluded.sex`);
    challengeId = await openSplitChallenge(ctx, who[0]!.userId, 'Planned once');
    // Reps 9, 7, 7, 5 (women first, men second): the two on 7 share second place; the women are 1st and 2nd of theirs.
    for (const [i, reps] of [9, 7, 7, 5].entries()) {
      await joinChallenge(ctx, who[i]!.userId, challengeId, { division: 'rx' });
      await submitScore(ctx, who[i]!.userId, challengeId, { reps });
    }
    // Behind them, FILLERS more (0–4 reps, either sex), vacuumed and analyzed as a live board would be: on a handful of
    // rows a generic plan costs about what a custom one does, whatever the statement.
    const db = ctx.database.db;
    await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
      select 'f' || g || '@fill.test', 'f' || g || '@fill.test', 'x', 'Filler ' || g, now() from generate_series(1, ${FILLERS}) g`);
    await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
      select ${challengeId}, id, 'rx', 'finished', id % 5, ((68719476735 - id % 5) * 33554432 + 33554431)::bigint, now()
      from users where email like '%@fill.test'`);
    await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, category, status, value, sort_key, submitted_at)
      select s.challenge_id, s.user_id, s.id, s.division, x.sex, x.sex, s.status, s.value, s.sort_key, s.submitted_at
      from challenge_scores s, lateral (select case when s.user_id % 2 = 0 then 'female' else 'male' end as sex) x
      where s.challenge_id = ${challengeId} and s.user_id in (select id from users where email like '%@fill.test')`);
    await rebuildRankSlices(db, challengeId);
    await db.execute(sql`vacuum analyze challenge_entries, challenge_rank_slices, users`);
  });
  afterAll(async () => t.close());

  it.each([
    ['the combined board', {}, 2],
    ['the Rx division', { division: 'rx' as const }, 2],
    ['a category', { category: 'female' }, 2],
  ])('on %s, is read from a kept plan after five runs, its place right', async (_name, board, place) => {
    const q = { challenge_id: challengeId, offset: 0, limit: 50, ...board };
    const reader = who[2]!.userId; // 7 reps, a woman: second on every board here (tied on the combined one)
    // One connection throughout (a transaction's): each of the pool's connections keeps its own prepared statements,
    // and this one may have run the statement before; what counts is how its eight runs here were planned.
    const plansOf = (tx: Parameters<typeof rowsOf>[0]) =>
      rowsOf<{ statement: string; generic: number; custom: number }>(
        tx,
        sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like '%row_to_json(own)%' and statement not like '%pg_prepared_statements%'`,
      );
    const { places, before, after } = await t.context.database.db.transaction(async (tx) => {
      const before = await plansOf(tx);
      const places: (number | null)[] = [];
      for (let i = 0; i < 8; i++) {
        const [row] = await rowsOf<{ own: BoardRow | null }>(tx, sql`select ${viewerRowColumn(t.context, q, reader)} as own`);
        places.push(row?.own?.rank ?? null);
      }
      return { places, before, after: await plansOf(tx) };
    });
    expect(places).toEqual(Array(8).fill(place));
    const ran = after
      .map((a) => {
        const b = before.find((x) => x.statement === a.statement) ?? { generic: 0, custom: 0 };
        return { generic: a.generic - b.generic, custom: a.custom - b.custom };
      })
      .filter((d) => d.generic + d.custom > 0);
    expect(ran).toHaveLength(1);
    // At most the first five are custom plans; the rest come from the generic plan kept (before, all eight were custom).
    expect(ran[0]!.generic).toBeGreaterThanOrEqual(3);
  });
});
