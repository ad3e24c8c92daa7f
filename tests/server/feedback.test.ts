import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '#domain/constants.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const valid = {
  type: 'bug_report',
  subject: 'Ranks are off',
  description: 'Two equal scores got different places.',
  page_url: 'http://app.test/leaderboard-page?id=1',
  browser_info: 'Chromium 156',
  steps_to_reproduce: '1. open the board',
};

describe.each(databaseKinds)('feedback on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let athlete: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Head Coach');
    athlete = await signIn(t, 'athlete@example.test', 'athlete-password', 'Ana');
  });
  afterAll(async () => t.close());

  const submit = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/feedback/submit-feedback', payload: payload as object, headers });
  const count = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/feedback/feedback-summary', headers: authHeaders(admin) })).json().total as number;

  it('takes feedback from a signed-out visitor and from a signed-in athlete (linked to them)', async () => {
    const anon = await submit(valid);
    expect(anon.statusCode).toBe(201);
    const mine = await submit({ ...valid, subject: 'From Ana' }, authHeaders(athlete));
    expect(mine.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/api/feedback/feedback/${mine.json().id}`, headers: authHeaders(admin) });
    expect(detail.json().author).toMatchObject({ display_name: 'Ana', email: 'athlete@example.test' });
    const anonDetail = await t.app.inject({ method: 'GET', url: `/api/feedback/feedback/${anon.json().id}`, headers: authHeaders(admin) });
    expect(anonDetail.json()).toMatchObject({ author: null, status: 'new', steps_to_reproduce: '1. open the board', history: [] });
  });

  it('needs the CSRF header when a signed-in athlete sends feedback', async () => {
    const before = await count();
    const res = await submit(valid, authHeaders(athlete, false));
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('accepts each field at its limit and refuses one character more, naming the field, storing nothing', async () => {
    for (const [field, limit] of Object.entries(FEEDBACK_LIMITS)) {
      const atLimit = await submit({ ...valid, [field]: 'x'.repeat(limit) });
      expect(atLimit.statusCode, field).toBe(201);
      const before = await count();
      const over = await submit({ ...valid, [field]: 'x'.repeat(limit + 1) });
      expect(over.statusCode, field).toBe(400);
      expect(over.json().field_errors, field).toEqual({ [field]: expect.stringMatching(/must be at most \d+ characters\.$/) });
      expect(await count(), field).toBe(before);
    }
  });

  it('refuses blank, missing, wrongly typed and unknown input with a detail', async () => {
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{ ...valid, subject: '   ' }, /subject/],
      [{ ...valid, description: '\n\t ' }, /description/],
      [{ ...valid, subject: undefined }, /subject/],
      [{ ...valid, type: 'complaint' }, /type/],
      [{ ...valid, subject: 42 }, /subject/],
      [{ ...valid, description: ['a'] }, /description/],
      [{ ...valid, rating: 5 }, /Unknown field "rating"/],
      [{ ...valid, description: 'y'.repeat(10_000) }, /description/],
    ];
    for (const [payload, detail] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(refusal(res)).toMatch(detail);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/submit-feedback',
      headers: { 'content-type': 'application/json' },
      payload: '{"type": "bug_report", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('drops steps to reproduce unless it is a bug report', async () => {
    const res = await submit({ ...valid, type: 'feature_request', subject: 'Idea' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/feedback/feedback/${res.json().id}`, headers: authHeaders(admin) });
    expect(detail.json().steps_to_reproduce).toBeNull();
  });

  it('refuses a subscriber and a visitor on every admin call', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/api/feedback/list-feedback'],
      ['GET', '/api/feedback/feedback/1'],
      ['PUT', '/api/feedback/update-feedback/1', { status: 'resolved' }],
      ['GET', '/api/feedback/feedback-summary'],
      ['GET', '/api/feedback/signout-feedback'],
    ];
    for (const [method, url, payload] of calls) {
      const sub = await t.app.inject({ method: method as 'GET', url, payload, headers: authHeaders(athlete) });
      expect(sub.statusCode, url).toBe(403);
      const anon = await t.app.inject({ method: method as 'GET', url, payload });
      expect(anon.statusCode, url).toBe(401);
    }
  });

  it('lists newest first with filters, search and pages', async () => {
    await submit({ ...valid, type: 'feature_request', subject: 'Rowing 100% please', description: 'Add rowing_machine scores' });
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/feedback/list-feedback?${query}`, headers: authHeaders(admin) })).json();
    const all = await list('page_size=100');
    const times = all.items.map((i: { created_at: string }) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list('type=feature_request')).items.every((i: { type: string }) => i.type === 'feature_request')).toBe(true);
    expect((await list('search=ROWING')).items.map((i: { subject: string }) => i.subject)).toEqual(['Rowing 100% please']);
    expect((await list('search=100%25')).items).toHaveLength(1);
    expect((await list('search=rowing_')).items).toHaveLength(1);
    expect((await list('search=%25')).total).toBe(1);
    const page2 = await list('page=2&page_size=2');
    expect(page2.items).toHaveLength(2);
    expect(page2.total).toBe(all.total);
    const bad = await t.app.inject({ method: 'GET', url: '/api/feedback/list-feedback?status=closed', headers: authHeaders(admin) });
    expect(bad.statusCode).toBe(400);
  });

  it('moves status along the allowed paths, records who and when, and refuses the rest', async () => {
    const id = (await submit({ ...valid, subject: 'Status flow' })).json().id;
    const put = (status: string, admin_note?: string, who = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/feedback/update-feedback/${id}`,
        headers: authHeaders(who),
        payload: { status, admin_note },
      });
    expect((await put('in_progress', 'Looking')).statusCode).toBe(200);
    const done = await put('resolved', 'Fixed');
    expect(done.json()).toMatchObject({ status: 'resolved', admin_note: 'Fixed' });
    expect(
      done
        .json()
        .history.map((h: { from_status: string; to_status: string; changed_by: string }) => [h.from_status, h.to_status, h.changed_by]),
    ).toEqual([
      ['new', 'in_progress', 'Head Coach'],
      ['in_progress', 'resolved', 'Head Coach'],
    ]);
    const illegal = await put('wont_fix');
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().detail).toMatch(/cannot move/);
    expect((await put('in_progress', 'Reopened')).statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/feedback/update-feedback/999999',
      headers: authHeaders(admin),
      payload: { status: 'resolved' },
    });
    expect(missing.statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `/api/feedback/update-feedback/${id}`,
      headers: authHeaders(admin, false),
      payload: { status: 'resolved' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('counts by type and status and for the last 7 and 30 days', async () => {
    const summary = (await t.app.inject({ method: 'GET', url: '/api/feedback/feedback-summary', headers: authHeaders(admin) })).json();
    expect(summary.total).toBe(Object.values(summary.by_type as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(summary.total).toBe(Object.values(summary.by_status as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(summary.last_7_days).toBe(summary.total);
    expect(summary.by_status.in_progress).toBeGreaterThanOrEqual(1);
  });

  it('takes sign-out ratings 1 to 5 and reports the average and a daily series', async () => {
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, { rating: 3, comment: 'x'.repeat(1001) }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback/signout-feedback', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    for (const [rating, comment] of [
      [5, 'Great'],
      [4, ''],
      [3, undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback/signout-feedback', payload: { rating, comment } });
      expect(res.statusCode).toBe(201);
    }
    const report = (
      await t.app.inject({ method: 'GET', url: '/api/feedback/signout-feedback?days=7', headers: authHeaders(admin) })
    ).json();
    expect(report).toMatchObject({ total: 3, average_rating: 4 });
    expect(report.items.map((i: { comment: string | null }) => i.comment)).toEqual([null, null, 'Great']);
    expect(report.by_day).toHaveLength(1);
    expect(report.by_day[0]).toMatchObject({ count: 3, average_rating: 4 });
  });
});
