import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentReports, users } from '#server/db/schema.ts';
import { queue } from '#server/areas/moderation/moderation.ts';
import { MODERATION_REASON_IDS, severityOf } from '#domain/moderation.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(databaseKinds)('moderation on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let admin2: SignedIn;
  let editor: SignedIn;
  let carla: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test', 'admin2@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    admin2 = await signIn(t, 'admin2@example.test', 'admin-password', 'Admin Abe');
    editor = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    carla = await signIn(t, 'carla@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    const promoted = await call('PUT', `/api/auth/admin/users/${editor.userId}/role`, admin, { wp_role: 'editor' });
    expect(promoted.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const now = () => t.clock.now().getTime();
  const create = async (who: SignedIn, title: string) => {
    const res = await call('POST', '/api/challenges/', who, {
      title,
      description: 'Row 2k as fast as you can',
      score_type: 'time',
      time_cap_seconds: 900,
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const report = (who: SignedIn, body: Record<string, unknown>) => call('POST', '/api/moderation/reports', who, body);
  const act = (who: SignedIn, k: string, id: number | string, body: Record<string, unknown>) =>
    call('POST', `/api/admin/moderation/items/${k}/${id}/actions`, who, body);
  const discoverTitles = async (who?: SignedIn) =>
    ((await call('GET', '/api/challenges/discover?limit=50', who)).json().items as { title: string }[]).map((c) => c.title);
  const inbox = async (who: SignedIn) => {
    await t.settled();
    return (await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string; body: string }[];
  };

  it('takes one open report per user per item, refuses missing items and bad reasons, storing nothing', async () => {
    const c = await create(carla, 'Row 2k');
    const first = await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'spam', details: 'Selling supplements' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toMatch(/already reported/);
    expect((await report(ana, { kind: 'challenge', item_id: '999999', reason: 'spam' })).statusCode).toBe(404);
    expect((await report(ana, { kind: 'video', item_id: '00000000-0000-0000-0000-000000000000', reason: 'spam' })).statusCode).toBe(404);
    expect((await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'rude' })).statusCode).toBe(400);
    expect((await report(ben, { kind: 'challenge', item_id: String(c.id), reason: 'other' })).statusCode).toBe(400);
    expect((await report(ben, { kind: 'planet', item_id: '1', reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/moderation/reports', payload: { kind: 'challenge', item_id: '1', reason: 'spam' } }))
        .statusCode,
    ).toBe(401);
    expect((await report(carla, { kind: 'challenge', item_id: String(c.id), reason: 'spam' })).statusCode).toBe(400);
    const q = (await call('GET', '/api/admin/moderation/queue', editor)).json();
    expect(q.open_reports).toBe(1);
    expect(q.items).toEqual([
      expect.objectContaining({ kind: 'challenge', item_id: String(c.id), title: 'Row 2k', reports: 1, details: ['Selling supplements'] }),
    ]);
  });

  it('orders the queue by the most severe reason, then by how many reported it', async () => {
    const a = await create(carla, 'Many spam reports');
    const b = await create(carla, 'One threat');
    for (const who of [ana, ben, admin2])
      expect((await report(who, { kind: 'challenge', item_id: String(a.id), reason: 'spam' })).statusCode).toBe(201);
    expect((await report(ana, { kind: 'challenge', item_id: String(b.id), reason: 'threat' })).statusCode).toBe(201);
    const items = (await call('GET', '/api/admin/moderation/queue', admin)).json().items as {
      title: string;
      reports: number;
      severity: number;
    }[];
    expect(items.slice(0, 3).map((i) => [i.title, i.reports, i.severity])).toEqual([
      ['One threat', 1, 5],
      ['Many spam reports', 3, 2],
      ['Row 2k', 1, 2],
    ]);
  });

  it('lets only editors and administrators see the queue and act', async () => {
    expect((await call('GET', '/api/admin/moderation/queue', ana)).statusCode).toBe(403);
    const c = await create(carla, 'Not yours to hide');
    expect((await act(ana, 'challenge', c.id, { action: 'hide', reason: 'I do not like it' })).statusCode).toBe(403);
    expect((await act(editor, 'challenge', c.id, { action: 'hide', reason: 'x' })).statusCode).toBe(400);
    expect((await act(editor, 'challenge', c.id, { action: 'suspend', reason: 'Repeated spam' })).statusCode).toBe(400);
    expect((await act(editor, 'challenge', 999999, { action: 'hide', reason: 'Spam challenge' })).statusCode).toBe(404);
    expect(await discoverTitles()).toContain('Not yours to hide');
  });

  it('hides a challenge from discovery and its page for others; the author still sees it labelled; reporters and author are told', async () => {
    const c = await create(carla, 'Buy my pills');
    expect((await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'spam' })).statusCode).toBe(201);
    const hidden = await act(editor, 'challenge', c.id, { action: 'hide', reason: 'Advertising is not a challenge.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      action: 'hide',
      reports_closed: 1,
      actor: { display_name: 'Ed' },
      author: { display_name: 'Coach Carla' },
    });
    expect(await discoverTitles()).not.toContain('Buy my pills');
    expect(await discoverTitles(carla)).not.toContain('Buy my pills');
    expect((await call('GET', `/api/challenges/${c.id}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/challenges/${c.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/challenges/rankings?challenge_id=${c.id}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/challenges/rankings?challenge_id=${c.id}`, carla)).statusCode).toBe(200);
    const own = await call('GET', `/api/challenges/${c.id}`, carla);
    expect(own.statusCode).toBe(200);
    expect(own.json().hidden).toBe(true);
    const mine = (await call('GET', '/api/challenges/my-created', carla)).json().items as { title: string; hidden: boolean }[];
    expect(mine.find((m) => m.title === 'Buy my pills')?.hidden).toBe(true);
    expect((await inbox(ana))[0]).toMatchObject({ kind: 'report_outcome', body: 'Moderators hid it.' });
    expect((await inbox(carla))[0]).toMatchObject({ kind: 'moderation_decision', title: 'Moderators hid your challenge “Buy my pills”' });
    expect((await inbox(carla))[0]!.body).toContain('Advertising is not a challenge.');
    expect((await act(editor, 'challenge', c.id, { action: 'hide', reason: 'Again' })).statusCode).toBe(409);
    const queue = (await call('GET', '/api/admin/moderation/queue', editor)).json().items as { title: string }[];
    expect(queue.map((i) => i.title)).not.toContain('Buy my pills');
    const audit = (await call('GET', '/api/admin/moderation/actions', editor)).json().items;
    expect(audit[0]).toMatchObject({ action: 'hide', title: 'Buy my pills', reason: 'Advertising is not a challenge.' });
  });

  it('takes a hidden score off the board and puts it back when restored', async () => {
    const c = await create(carla, 'Hidden score board');
    for (const who of [ana, ben])
      expect((await call('POST', `/api/challenges/${c.id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const sa = await call('POST', `/api/challenges/${c.id}/submit-score`, ana, { time_ms: 400_000 });
    await call('POST', `/api/challenges/${c.id}/submit-score`, ben, { time_ms: 420_000 });
    const board = async () =>
      (
        (await call('GET', `/api/challenges/rankings?challenge_id=${c.id}`)).json().items as {
          rank: number;
          athlete: { display_name: string };
        }[]
      ).map((r) => `${r.rank} ${r.athlete.display_name}`);
    expect(await board()).toEqual(['1 Ana', '2 Ben']);
    const scoreId = sa.json().score.id as number;
    expect((await report(ben, { kind: 'score', item_id: String(scoreId), reason: 'cheating' })).statusCode).toBe(201);
    expect((await act(editor, 'score', scoreId, { action: 'hide', reason: 'The video shows half reps.' })).statusCode).toBe(200);
    expect(await board()).toEqual(['1 Ben']);
    expect((await act(editor, 'score', scoreId, { action: 'restore', reason: 'The full video shows full reps.' })).statusCode).toBe(200);
    expect(await board()).toEqual(['1 Ana', '2 Ben']);
  });

  it("refuses a moderator acting on an administrator's content (403); an administrator may", async () => {
    const c = await create(admin2, 'Admin challenge');
    expect((await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'spam' })).statusCode).toBe(201);
    const refused = await act(editor, 'challenge', c.id, { action: 'hide', reason: 'Looks like spam' });
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toMatch(/administrator's content/);
    expect(await discoverTitles()).toContain('Admin challenge');
    expect((await act(editor, 'challenge', c.id, { action: 'suspend', reason: 'Looks like spam', days: 3 })).statusCode).toBe(403);
    expect((await act(admin, 'challenge', c.id, { action: 'dismiss', reason: 'Not spam, a real workout.' })).statusCode).toBe(200);
    expect((await inbox(ana))[0]).toMatchObject({ body: 'Moderators looked at it and found nothing against the rules.' });
  });

  it('hides a profile from everyone but its athlete and staff', async () => {
    expect(
      (await call('PUT', '/api/v1/athlete-profiles/me', ben, { display_name: 'Ben', bio: 'Buy followers at spam.example' })).statusCode,
    ).toBeLessThan(300);
    expect((await report(ana, { kind: 'profile', item_id: String(ben.userId), reason: 'spam' })).statusCode).toBe(201);
    expect((await act(editor, 'profile', ben.userId, { action: 'hide', reason: 'Advertising in the bio.' })).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/athlete-profiles/${ben.userId}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/athlete-profiles/${ben.userId}`, editor)).statusCode).toBe(200);
    const own = await call('GET', `/api/v1/athlete-profiles/${ben.userId}`, ben);
    expect(own.json()).toMatchObject({ hidden: true, is_me: true });
  });

  it('takes a report of a profile never saved (it shows on boards by its name) and hides it like any other', async () => {
    const dora = await signIn(t, 'dora@example.test', 'athlete-password', 'Dora Neversaved');
    expect((await call('GET', `/api/v1/athlete-profiles/${dora.userId}`, ana)).statusCode).toBe(200);
    const reported = await report(ana, { kind: 'profile', item_id: String(dora.userId), reason: 'spam' });
    expect(reported.statusCode, reported.body).toBe(201);
    const items = (await call('GET', '/api/admin/moderation/queue', editor)).json().items as {
      kind: string;
      item_id: string;
      title: string;
    }[];
    expect(items.find((i) => i.kind === 'profile' && i.item_id === String(dora.userId))?.title).toBe('Dora Neversaved');
    expect((await act(editor, 'profile', dora.userId, { action: 'hide', reason: 'A spam name.' })).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/athlete-profiles/${dora.userId}`, ana)).statusCode).toBe(404);
    // An account that does not exist is still not found.
    expect((await report(ana, { kind: 'profile', item_id: '999999', reason: 'spam' })).statusCode).toBe(404);
  });

  it('lets the author appeal once; an administrator who did not act decides; reversing shows the item again', async () => {
    const c = await create(carla, 'Appeal me');
    expect((await report(ben, { kind: 'challenge', item_id: String(c.id), reason: 'sexual' })).statusCode).toBe(201);
    const hide = (await act(admin, 'challenge', c.id, { action: 'hide', reason: 'The cover picture is not for a gym.' })).json();
    const decisions = (await call('GET', '/api/moderation/decisions', carla)).json().items as {
      id: number;
      appealable: boolean;
      title: string;
    }[];
    expect(decisions[0]).toMatchObject({ id: hide.id, action: 'hide', title: 'Appeal me', appealable: true, appeal: null });
    expect(
      (await call('POST', `/api/moderation/decisions/${hide.id}/appeal`, ana, { reason: 'It was not mine but still unfair.' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/moderation/decisions/${hide.id}/appeal`, carla, { reason: 'short' })).statusCode).toBe(400);
    const appealed = await call('POST', `/api/moderation/decisions/${hide.id}/appeal`, carla, {
      reason: 'The picture is a normal rowing machine photo.',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    expect(appealed.json()).toMatchObject({ appealable: false, appeal: { status: 'open' } });
    const twice = await call('POST', `/api/moderation/decisions/${hide.id}/appeal`, carla, { reason: 'Please look again at the picture.' });
    expect(twice.statusCode).toBe(409);
    const waiting = (await call('GET', '/api/admin/moderation/actions', admin2)).json().appeals as { appeal: { id: number } }[];
    expect(waiting).toHaveLength(1);
    const appealId = waiting[0]!.appeal.id;
    const decide = (who: SignedIn, body: Record<string, unknown>) =>
      call('POST', `/api/admin/moderation/appeals/${appealId}/decision`, who, body);
    expect((await decide(editor, { decision: 'reverse', reason: 'Looks fine to me.' })).statusCode).toBe(403);
    const self = await decide(admin, { decision: 'reverse', reason: 'Looks fine to me.' });
    expect(self.statusCode).toBe(403);
    expect(refusal(self)).toMatch(/did not take the action/);
    const reversed = await decide(admin2, { decision: 'reverse', reason: 'A normal rowing photo.' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().appeal).toMatchObject({ status: 'reversed', decided_by: 'Admin Abe' });
    expect(await discoverTitles()).toContain('Appeal me');
    expect((await decide(admin2, { decision: 'uphold', reason: 'Changed my mind.' })).statusCode).toBe(409);
    expect((await inbox(carla))[0]).toMatchObject({ kind: 'moderation_appeal', title: 'Your appeal succeeded' });
  });

  it('counts the platform on the admin dashboard for staff only', async () => {
    expect((await call('GET', '/api/admin/dashboard', ana)).statusCode).toBe(403);
    const d = (await call('GET', '/api/admin/dashboard', editor)).json();
    const fig = Object.fromEntries((d.figures as { id: string; value: number }[]).map((f) => [f.id, f.value]));
    expect(fig.users).toBe(7); // Dora included, who never saved a profile
    expect(fig.active_today).toBeGreaterThanOrEqual(6);
    expect(fig.submissions_today).toBe(2);
    expect(fig.reports_waiting).toBe(5);
    expect(fig.appeals_waiting).toBe(0);
    expect(d.figures.find((f: { id: string }) => f.id === 'reports_waiting')).toMatchObject({
      link: '/admin-reported-content-page',
      attention: true,
    });
  });

  it('a suspended account cannot sign in until the period ends (403 with the date), and its sessions end', async () => {
    const dan = await signIn(t, 'dan@example.test', 'athlete-password', 'Dan');
    const c = await create(dan, 'Threatening challenge');
    // A code mailed just before the suspension opens no session during it.
    t.clock.advance(61_000);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email: 'dan@example.test', password: 'athlete-password' },
    });
    expect(started.statusCode).toBe(200);
    await t.settled();
    const pending = await lastCode(t, 'dan@example.test');
    expect((await report(ana, { kind: 'challenge', item_id: String(c.id), reason: 'threat' })).statusCode).toBe(201);
    expect(
      (await act(editor, 'challenge', c.id, { action: 'suspend', reason: 'Threats against another athlete.', days: 0 })).statusCode,
    ).toBe(400);
    const s = await act(editor, 'challenge', c.id, { action: 'suspend', reason: 'Threats against another athlete.', days: 3 });
    expect(s.statusCode, s.body).toBe(200);
    const until = s.json().suspended_until as string;
    expect(new Date(until).getTime()).toBe(now() + 3 * DAY);
    expect((await call('GET', '/api/notifications', dan)).statusCode).toBe(401);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'dan@example.test', code: pending } });
    expect(late.statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/initiate-login',
        payload: { email: 'dan@example.test', password: 'athlete-password' },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toContain(until.slice(0, 10));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email: 'dan@example.test', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(200);
    t.clock.advance(3 * DAY + 1000);
    expect((await login()).statusCode).toBe(200);
    await t.settled();
    expect(await lastCode(t, 'dan@example.test')).toMatch(/^\d{6}$/);
  });

  const queueReport = fc.record({
    item: fc.integer({ min: 0, max: 5 }),
    reporter: fc.integer({ min: 0, max: 5 }),
    reason: fc.constantFrom(...MODERATION_REASON_IDS),
  });

  // The queue's order as a property, on the reports table alone (it deletes every report first: it runs after the
  // tests above, which read their own).
  it('orders the queue most severe reason first, then most reports, then latest report (equals a naive sort)', async () => {
    const reporters = (
      await t.context.database.db
        .insert(users)
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            email: `r${i}@x.test`,
            emailNormalized: `r${i}@x.test`,
            passwordHash: 'x',
            displayName: `R${i}`,
          })),
        )
        .returning({ id: users.id })
    ).map((r) => r.id);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(queueReport, { minLength: 1, maxLength: 30, selector: (r) => `${r.item}-${r.reporter}` }),
        async (reports) => {
          const db = t.context.database.db;
          await db.delete(contentReports);
          const base = t.clock.now().getTime();
          await db.insert(contentReports).values(
            reports.map((r, i) => ({
              kind: 'challenge',
              itemId: String(900_000 + r.item),
              reporterId: reporters[r.reporter]!,
              reason: r.reason,
              createdAt: new Date(base + i * 1000),
            })),
          );
          const groups = new Map<string, { severity: number; count: number; last: number }>();
          reports.forEach((r, i) => {
            const id = String(900_000 + r.item);
            const g = groups.get(id) ?? { severity: 0, count: 0, last: 0 };
            groups.set(id, { severity: Math.max(g.severity, severityOf(r.reason)), count: g.count + 1, last: Math.max(g.last, i) });
          });
          const expected = [...groups.entries()]
            .sort(([, a], [, b]) => b.severity - a.severity || b.count - a.count || b.last - a.last)
            .map(([id, g]) => [id, g.count, g.severity]);
          const got = (await queue(t.context)).items.map((i) => [i.item_id, i.reports, i.severity]);
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("takes a hidden profile's name off every board and out of the board search; restoring brings it back", async () => {
    // The editor signed in again: the tests above moved the clock past their first session.
    const moderator = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    const dana = await signIn(t, 'dana@example.test', 'athlete-password', 'Dana');
    const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
    expect((await call('PUT', '/api/v1/athlete-profiles/me', dana, { display_name: 'Dana', bio: 'Rower' })).statusCode).toBeLessThan(300);
    const c = await create(dana, 'Hidden name board');
    for (const who of [dana, eve])
      expect((await call('POST', `/api/challenges/${c.id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    await call('POST', `/api/challenges/${c.id}/submit-score`, dana, { time_ms: 400_000 });
    await call('POST', `/api/challenges/${c.id}/submit-score`, eve, { time_ms: 420_000 });
    const board = async (who?: SignedIn) =>
      (
        (await call('GET', `/api/challenges/rankings?challenge_id=${c.id}`, who)).json().items as {
          rank: number;
          athlete: { display_name: string };
        }[]
      ).map((r) => `${r.rank} ${r.athlete.display_name}`);
    const found = async (who: SignedIn) =>
      (
        (await call('GET', `/api/challenges/rankings/find?challenge_id=${c.id}&q=dan`, who)).json().items as {
          athlete: { display_name: string };
        }[]
      ).map((m) => m.athlete.display_name);
    expect(await board()).toEqual(['1 Dana', '2 Eve']);
    expect(await found(eve)).toEqual(['Dana']);
    expect((await report(eve, { kind: 'profile', item_id: String(dana.userId), reason: 'harassment' })).statusCode).toBe(201);
    expect((await act(moderator, 'profile', dana.userId, { action: 'hide', reason: 'An insult in the display name.' })).statusCode).toBe(
      200,
    );
    // The result stays ranked; the name is gone for everyone but Dana herself.
    expect(await board()).toEqual([`1 Athlete #${dana.userId}`, '2 Eve']);
    expect(await board(eve)).toEqual([`1 Athlete #${dana.userId}`, '2 Eve']);
    expect(await board(dana)).toEqual(['1 Dana', '2 Eve']);
    expect(await found(eve)).toEqual([]);
    expect(await found(dana)).toEqual(['Dana']);
    expect((await act(moderator, 'profile', dana.userId, { action: 'restore', reason: 'The name was changed.' })).statusCode).toBe(200);
    expect(await board()).toEqual(['1 Dana', '2 Eve']);
    expect(await found(eve)).toEqual(['Dana']);
  });
});
