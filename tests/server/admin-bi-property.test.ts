import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { addDays, COHORT_WEEKS, COHORT_WEEKS_AFTER, rebuildRollups } from '#server/areas/admin/admin-bi-rollup.ts';
import { createTestApp } from './helpers.ts';
import { naiveCohorts, naiveDaily } from './admin-bi-naive.ts';
import { insertActivity, insertUsers, readFacts } from './admin-bi-seed.ts';

const TODAY = '2026-11-23'; // the test clock's day
const SPAN_DAYS = 420; // a little over the longest range and the cohorts' reach, so the window edges get hit

// The rollups' running-sum trick (each activity day counts until the window ends or the next one takes over)
// must equal counting distinct users per window, for any activity at all: checked on random histories.
describe('business-intelligence rollups equal a naive count for random activity', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('daily, weekly and monthly actives, signups and cohorts', async () => {
    const history = fc.record({
      signups: fc.array(fc.integer({ min: 0, max: SPAN_DAYS * 24 - 1 }), { minLength: 1, maxLength: 12 }),
      activity: fc.array(fc.tuple(fc.nat(11), fc.integer({ min: 0, max: SPAN_DAYS })), { maxLength: 80 }),
    });
    await fc.assert(
      fc.asyncProperty(history, async ({ signups, activity }) => {
        const db = t.context.database.db;
        await db.execute(sql`delete from users`);
        // Signups at whole hours back from the end of today, so some land on day and week edges.
        const end = Date.parse(`${addDays(TODAY, 1)}T00:00:00Z`);
        const ids = await insertUsers(
          db,
          signups.map((h) => new Date(end - 1 - h * 3_600_000)),
          `p${Math.random().toString(36).slice(2, 8)}`,
        );
        await insertActivity(
          db,
          activity.map(([who, back]) => ({ userId: ids[who % ids.length]!, day: addDays(TODAY, -back) })),
        );
        await rebuildRollups(t.context);
        const facts = await readFacts(db);
        const daily = await rowsOf<Record<string, unknown>>(
          db,
          sql`select day::text as day, signups, daily_active, weekly_active, monthly_active from bi_daily order by day`,
        );
        expect(daily).toEqual(naiveDaily(facts, TODAY, 365));
        const cells = await rowsOf<{ cohort_week: string; weeks_after: number; cohort_size: number; active_users: number }>(
          db,
          sql`select cohort_week::text as cohort_week, weeks_after, cohort_size, active_users from bi_cohorts`,
        );
        const naive = naiveCohorts(facts, TODAY, COHORT_WEEKS, COHORT_WEEKS_AFTER);
        expect(new Map(cells.map((c) => [`${c.cohort_week}|${c.weeks_after}`, [c.cohort_size, c.active_users]]))).toEqual(naive);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
