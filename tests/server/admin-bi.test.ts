import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { rowsOf } from '#server/db/rows.ts';
import { addDays, biJobHandlers, biSweep, COHORT_WEEKS, COHORT_WEEKS_AFTER, ROLLUP_EVERY_MS } from '#server/areas/admin/admin-bi-rollup.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';
import { naiveCohorts, naiveDaily, naiveFunnel } from './admin-bi-naive.ts';
import { insertActivity, insertUsers, readFacts } from './admin-bi-seed.ts';

const TODAY = '2026-11-23'; // the test clock's day (a Monday)
const at = (iso: string) => new Date(iso);

describe.each(databaseKinds)('business intelligence on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let athlete: SignedIn;
  let fran: number;
  let grace: number;
  const db = () => t.context.database.db;
  const report = (who: SignedIn | null, range: unknown = 30) =>
    t.app.inject({ method: 'GET', url: `/api/admin/bi?range=${String(range)}`, headers: who ? authHeaders(who, false) : {} });
  const refresh = (range = 30) =>
    t.app.inject({ method: 'POST', url: `/api/admin/bi/refresh?range=${range}`, headers: authHeaders(admin) });
  const exportCsv = (table: string, range = 30) =>
    t.app.inject({ method: 'GET', url: `/api/admin/bi/export/${table}?range=${range}`, headers: authHeaders(admin, false) });

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss@bi.test'] }, { rateLimit: false });
    admin = await signIn(t, 'boss@bi.test', 'admin-password', 'Boss');
    athlete = await signIn(t, 'ath@bi.test', 'athlete-password', 'Ath');
    // Accounts on the edges of days and weeks (UTC): the last millisecond of Sunday and the first of Monday.
    const ids = await insertUsers(
      db(),
      [
        at('2026-11-22T23:59:59.999Z'),
        at('2026-11-23T00:00:00.000Z'),
        at('2026-11-16T00:00:00.000Z'),
        at('2026-10-25T12:00:00.000Z'),
        at('2026-08-01T08:00:00.000Z'),
        at('2025-11-24T00:00:00.000Z'),
        at('2025-11-23T23:59:59.000Z'),
        at('2026-11-24T00:00:00.000Z'), // tomorrow: not counted yet
      ],
      'seed',
    );
    const [sunday, monday, lastWeek, october, august, yearAgo, beforeYear] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const back = (n: number) => addDays(TODAY, -n);
    await insertActivity(db(), [
      { userId: sunday, day: back(1) },
      { userId: sunday, day: TODAY },
      { userId: monday, day: TODAY },
      { userId: lastWeek, day: back(7) },
      { userId: lastWeek, day: back(6) },
      { userId: october, day: back(29) },
      { userId: october, day: back(30) },
      { userId: october, day: back(14) },
      { userId: august, day: back(100) },
      { userId: august, day: back(40) },
      { userId: yearAgo, day: back(364) },
      { userId: yearAgo, day: back(357) },
      { userId: beforeYear, day: back(365) },
      { userId: beforeYear, day: back(300) },
    ]);
    const challenge = async (title: string) =>
      (
        await rowsOf<{ id: number }>(
          db(),
          sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
              values (${title}, ${admin.userId}, 'reps', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z') returning id`,
        )
      )[0]!.id;
    fran = await challenge('Fran, "the classic"');
    grace = await challenge('=Grace');
    const join = (c: number, u: number, when: string) =>
      db().execute(
        sql`insert into challenge_participants (challenge_id, user_id, division, joined_at) values (${c}, ${u}, 'rx', ${when}::timestamptz)`,
      );
    const score = (c: number, u: number, when: string, deleted = false) =>
      db().execute(
        sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at, deleted_at)
            values (${c}, ${u}, 'rx', 'finished', 100, 100, ${when}::timestamptz, ${deleted ? when : null}::timestamptz)`,
      );
    await join(fran, sunday, '2026-11-22T23:59:59Z');
    await join(fran, monday, '2026-10-24T23:59:59.999Z'); // one millisecond before the 30-day range starts
    await join(fran, october, '2026-10-25T00:00:00Z'); // the first instant of the 30-day range
    await join(grace, sunday, '2026-11-20T10:00:00Z');
    await score(fran, sunday, '2026-11-23T01:00:00Z');
    await score(fran, sunday, '2026-11-23T02:00:00Z'); // a second score: one submitter
    await score(fran, october, '2026-11-01T00:00:00Z', true); // deleted: not counted
    await score(grace, sunday, '2026-08-01T00:00:00Z'); // outside 30 and 90 days, inside 365
    await db().execute(
      sql`insert into challenge_view_days (challenge_id, day, visitor, user_id) values
          (${fran}, ${back(29)}, 'aolder', null), (${fran}, ${back(30)}, 'aoutside', null), (${grace}, ${back(200)}, 'u1', null)`,
    );
  });
  afterAll(async () => t.close());

  it('is for administrators only: 401 without a session, 403 for an athlete, on every operation', async () => {
    expect((await report(null)).statusCode).toBe(401);
    const forbidden = await report(athlete);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toMatch(/administrator/);
    const refreshAsAthlete = await t.app.inject({ method: 'POST', url: '/api/admin/bi/refresh', headers: authHeaders(athlete) });
    expect(refreshAsAthlete.statusCode).toBe(403);
    const csvAsAthlete = await t.app.inject({ method: 'GET', url: '/api/admin/bi/export/daily', headers: authHeaders(athlete) });
    expect(csvAsAthlete.statusCode).toBe(403);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/bi/refresh', headers: authHeaders(admin, false) });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses a range it does not offer, and an unknown table, in words', async () => {
    for (const range of [7, 0, -30, 366, 'year', '30;drop']) {
      const res = await report(admin, range);
      expect(res.statusCode, String(range)).toBe(400);
      expect(refusal(res)).toMatch(/range/i);
    }
    expect((await exportCsv('users')).statusCode).toBe(400);
  });

  it('answers before the first rollup with nothing made up', async () => {
    const res = await report(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refreshed_at: null, days: [], cohorts: [], totals: { signups: 0 } });
  });

  it('records one activity day per account and one view per visitor and day, whatever the number of calls', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: `/api/challenges/${fran}`, headers: authHeaders(athlete, false) });
      await t.app.inject({
        method: 'GET',
        url: `/api/challenges/${fran}`,
        headers: { 'user-agent': 'Phone A' },
        remoteAddress: '203.0.113.5',
      });
      await t.app.inject({
        method: 'GET',
        url: `/api/challenges/${grace}`,
        headers: { 'user-agent': 'Phone B' },
        remoteAddress: '203.0.113.6',
      });
    }
    await t.settled();
    const views = await rowsOf<{ challenge_id: number; visitor: string; user_id: number | null }>(
      db(),
      sql`select challenge_id, visitor, user_id from challenge_view_days where day = ${TODAY}::date order by challenge_id, visitor`,
    );
    expect(views).toHaveLength(3);
    expect(views).toContainEqual({ challenge_id: fran, visitor: `u${athlete.userId}`, user_id: athlete.userId });
    // The anonymous key is a daily hash: no address in it.
    expect(views.filter((v) => v.user_id === null).every((v) => /^a[0-9a-f]{24}$/.test(v.visitor))).toBe(true);
    const active = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from user_activity_days where user_id = ${athlete.userId} and day = ${TODAY}::date`,
    );
    expect(active[0]!.n).toBe(1);
  });

  it.each([30, 90, 365])('matches a naive count of the facts over %i days', async (range) => {
    const res = await refresh(range);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refreshed_at).toBe(t.clock.now().toISOString());
    expect(body.through_day).toBe(TODAY);
    const facts = await readFacts(db());
    const daily = naiveDaily(facts, TODAY, range);
    expect(body.days).toEqual(daily);
    expect(body.totals).toEqual({
      signups: daily.reduce((s, d) => s + d.signups, 0),
      daily_active: daily.at(-1)!.daily_active,
      weekly_active: daily.at(-1)!.weekly_active,
      monthly_active: daily.at(-1)!.monthly_active,
    });
    const cells = naiveCohorts(facts, TODAY, COHORT_WEEKS, COHORT_WEEKS_AFTER);
    const firstWeek = addDays(TODAY, -(range - 1));
    for (const cohort of body.cohorts) {
      for (const w of cohort.weeks) {
        expect([cohort.users, w.active], `${cohort.cohort_week} +${w.weeks_after}`).toEqual(
          cells.get(`${cohort.cohort_week}|${w.weeks_after}`),
        );
      }
    }
    const expectedCells = [...cells.keys()].filter((k) => k.split('|')[0]! >= addDays(firstWeek, -6)).length;
    expect(body.cohorts.reduce((s: number, c: { weeks: unknown[] }) => s + c.weeks.length, 0)).toBe(expectedCells);
    const funnel = naiveFunnel(facts, TODAY, range);
    expect(body.funnel.overall).toEqual(funnel.get(0));
    expect(
      body.funnel.challenges.map((c: { challenge_id: number; viewers: number; joiners: number; submitters: number }) => [
        c.challenge_id,
        { viewers: c.viewers, joiners: c.joiners, submitters: c.submitters },
      ]),
    ).toEqual(expect.arrayContaining([...funnel].filter(([id]) => id !== 0)));
    expect(body.funnel.challenges).toHaveLength(funnel.size - 1);
  });

  it('counts the edges right in the 30 days (named, beside the naive check)', async () => {
    const body = (await report(admin, 30)).json();
    const today = body.days.at(-1);
    // Sunday 23:59:59.999 counts on Sunday, Monday 00:00 on Monday; tomorrow's account not at all.
    expect(body.days.at(-2).signups).toBeGreaterThanOrEqual(1);
    expect(today.day).toBe(TODAY);
    const frans = body.funnel.challenges.find((c: { challenge_id: number }) => c.challenge_id === fran);
    // Joined at 23:59:59.999 before the range: out; at 00:00 on its first day: in. The deleted score: out.
    expect(frans).toMatchObject({ title: 'Fran, "the classic"', joiners: 2, submitters: 1, viewers: 3 });
  });

  it('exports every table as CSV with a header row and correct quoting', async () => {
    const daily = await exportCsv('daily');
    expect(daily.statusCode).toBe(200);
    expect(daily.headers['content-type']).toMatch(/^text\/csv/);
    expect(daily.headers['content-disposition']).toBe('attachment; filename="repforge-daily-30d.csv"');
    const dailyRows = parse(daily.body) as string[][];
    expect(dailyRows[0]).toEqual(['day', 'signups', 'daily_active_users', 'weekly_active_users', 'monthly_active_users']);
    expect(dailyRows).toHaveLength(31);
    const body = (await report(admin, 30)).json();
    expect(dailyRows.at(-1)).toEqual([
      TODAY,
      ...[body.days.at(-1).signups, body.totals.daily_active, body.totals.weekly_active, body.totals.monthly_active].map(String),
    ]);

    const funnel = parse((await exportCsv('funnel', 365)).body) as string[][];
    expect(funnel[0]).toEqual(['challenge_id', 'challenge', 'viewers', 'joiners', 'submitters', 'join_percent', 'submit_percent']);
    expect(funnel[1]![1]).toBe('All challenges');
    expect(funnel.find((r) => r[0] === String(fran))![1]).toBe('Fran, "the classic"');
    // A title a spreadsheet would run as a formula is exported as text.
    expect(funnel.find((r) => r[0] === String(grace))![1]).toBe("'=Grace");
    expect((await exportCsv('funnel', 365)).body).toContain('"Fran, ""the classic"""');

    const weeks = parse((await exportCsv('signup-weeks')).body) as string[][];
    expect(weeks[0]).toEqual(['week_start', 'signups']);
    expect(weeks.slice(1).reduce((s, r) => s + Number(r[1]), 0)).toBe(body.totals.signups);
    const cohorts = parse((await exportCsv('cohorts', 365)).body) as string[][];
    expect(cohorts[0]).toEqual(['cohort_week', 'cohort_users', 'weeks_after', 'active_users', 'percent_active']);
    expect(cohorts.length).toBeGreaterThan(5);
  });

  it('the admin dashboard counts "Active today" as BI counts daily actives: accounts active today (one definition)', async () => {
    const dashboard = () => t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: authHeaders(admin, false) });
    await dashboard(); // the administrator is active today too (recorded after the answer)
    await t.settled();
    const dash = await dashboard();
    expect(dash.statusCode).toBe(200);
    const bi = (await refresh(30)).json();
    const figures = dash.json().figures as { id: string; value: number; hint: string }[];
    const activeToday = figures.find((f) => f.id === 'active_today')!;
    expect(activeToday.value).toBe(bi.totals.daily_active);
    expect(activeToday.value).toBe(bi.days.at(-1).daily_active);
  });

  it('rebuilds on a schedule: the sweep queues one job when the rollup is older than ten minutes, and none before', async () => {
    const queued = async () =>
      (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from jobs where kind = 'bi.rollup' and state = 'queued'`))[0]!.n;
    await biSweep(t.context);
    expect(await queued()).toBe(0);
    t.clock.advance(ROLLUP_EVERY_MS + 1000);
    await biSweep(t.context);
    await biSweep(t.context);
    expect(await queued()).toBe(1);
    expect(await runDueJobs(t.context, biJobHandlers())).toBe(1);
    expect(await queued()).toBe(0);
    const body = (await report(admin)).json();
    expect(body.refreshed_at).toBe(t.clock.now().toISOString());
    expect(body.refresh_pending).toBe(false);
  });
});
