import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { MAILS_PER_JOB, notify, notifyMany } from '#server/areas/notifications/notifications.ts';
import { notificationMailJobHandlers } from '#server/areas/notifications/notifications-mail.ts';
import { EMAIL_KINDS, NOTIFICATION_KINDS } from '#domain/notifications.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

describe.each(databaseKinds)('notification mail on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cap: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    cap = await signIn(t, 'cap@example.test', 'athlete-password', 'Cara Captain');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana Athlete');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben Burpee');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  /** Runs the job worker once, as the app's poller does; answers the mails it sent to `to`. */
  const deliver = async (to: string) => {
    const before = t.outbox.sent.length;
    await runDueJobs(t.context, notificationMailJobHandlers);
    return t.outbox.sent.slice(before).filter((m) => m.to === to);
  };
  const inbox = async (who: SignedIn) => (await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string }[];
  const makeTeam = async (name: string) => {
    const res = await call('POST', '/api/teams', cap, { name, max_size: 6 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const invite = async (teamId: number, who: SignedIn) => {
    const res = await call('POST', `/api/teams/${teamId}/invitations`, cap, { user_id: who.userId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('lists every kind with its default: invitations and join-request answers on, news off', async () => {
    const email = (await call('GET', '/api/settings', ana)).json().notifications.email;
    expect(Object.keys(email).sort()).toEqual([...EMAIL_KINDS].sort());
    expect(email).toMatchObject({
      team_invitation: true,
      team_request_approved: true,
      team_request_declined: true,
      score_rejected: true,
      team_member_joined: false,
    });
    for (const k of EMAIL_KINDS) expect(email[k], k).toBe(NOTIFICATION_KINDS[k].email);
  });

  it('a kind left on: the inbox item and, after the commit, a mail with its link and how to switch it off', async () => {
    const teamId = await makeTeam('Mail Wolves');
    await invite(teamId, ana);
    expect((await inbox(ana))[0]).toMatchObject({ kind: 'team_invitation', title: 'Cara Captain invited you to join Mail Wolves' });
    const [mail, ...more] = await deliver('ana@example.test');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Cara Captain invited you to join Mail Wolves');
    expect(mail?.text).toContain(`http://127.0.0.1:8080/team-dashboard-page?id=${teamId}`);
    expect(mail?.text).toContain(
      'To stop these emails, switch it off in your notification settings: http://127.0.0.1:8080/settings#notifications',
    );
    // Sent once: the job is done.
    expect(await deliver('ana@example.test')).toEqual([]);
  });

  it('a kind switched off: the inbox item still arrives, no mail; a kind off by default switched on does mail', async () => {
    const saved = await call('PUT', '/api/settings', ben, {
      notifications: { email: { team_invitation: false, team_member_joined: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notifications.email).toMatchObject({ team_invitation: false, team_member_joined: true, team_removed: true });
    const teamId = await makeTeam('Quiet Wolves');
    const invitation = await invite(teamId, ben);
    expect((await inbox(ben))[0]).toMatchObject({ kind: 'team_invitation', title: 'Cara Captain invited you to join Quiet Wolves' });
    expect(await deliver('ben@example.test')).toEqual([]);
    // Saving another kind later keeps this choice.
    await call('PUT', '/api/settings', ben, { notifications: { email: { score_judged: false } } });
    expect((await call('GET', '/api/settings', ben)).json().notifications.email).toMatchObject({
      team_invitation: false,
      team_member_joined: true,
      score_judged: false,
    });
    // Cara keeps "new team members" off (its default): Ben's joining tells her in the inbox only.
    expect((await call('POST', `/api/team-invitations/${invitation}/accept`, ben)).statusCode).toBe(200);
    expect((await inbox(cap))[0]).toMatchObject({ kind: 'team_member_joined', title: 'Ben Burpee joined Quiet Wolves' });
    expect(await deliver('cap@example.test')).toEqual([]);
    // Ben switched "new team members" on: Ana joining his team comes to him by mail.
    const own = await call('POST', '/api/teams', ben, { name: 'Ben Squad', max_size: 6 });
    const asked = await call('POST', `/api/teams/${own.json().id as number}/invitations`, ben, { user_id: ana.userId });
    expect((await call('POST', `/api/team-invitations/${asked.json().id as number}/accept`, ana)).statusCode).toBe(200);
    expect((await deliver('ben@example.test')).map((m) => m.subject)).toEqual(['Ana Athlete joined Ben Squad']);
  });

  it('a rolled-back change queues no mail', async () => {
    await expect(
      t.context.database.db.transaction(async (tx) => {
        await notify(tx as unknown as Database, { userId: ana.userId, kind: 'team_removed', title: 'Never' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await deliver('ana@example.test')).toEqual([]);
  });

  it('notices told together: one mail each, a mail that fails is retried alone while the rest go, a rerun sends none twice', async () => {
    const now = t.clock.now();
    const [{ last }] = (await rowsOf<{ last: number }>(t.context.database.db, sql`select coalesce(max(id), 0)::int as last from jobs`)) as [
      { last: number },
    ];
    await t.context.database.db.transaction(async (tx) => {
      await notifyMany(
        tx as unknown as Database,
        [ana, ben, cap].map((who) => ({ userId: who.userId, kind: 'battle_eliminated' as const, title: 'Out in round 1' })),
        now,
      );
    });
    const jobs = async () =>
      rowsOf<{ id: number; state: string }>(
        t.context.database.db,
        sql`select id, state from jobs where kind = 'notification.mail' and id > ${last} order by id`,
      );
    expect(MAILS_PER_JOB).toBeGreaterThan(3);
    expect(await jobs()).toMatchObject([{ state: 'queued' }]);
    // Ben's mail server refuses once: his mail becomes a job of its own, Ana's and Cara's go out.
    const send = t.outbox.send.bind(t.outbox);
    t.outbox.send = async (message) => {
      if (message.to === 'ben@example.test') throw new Error('mailbox busy');
      return send(message);
    };
    const before = t.outbox.sent.length;
    try {
      await runDueJobs(t.context, notificationMailJobHandlers);
    } finally {
      t.outbox.send = send;
    }
    const out = () =>
      t.outbox.sent
        .slice(before)
        .filter((m) => m.subject === 'Out in round 1')
        .map((m) => m.to);
    expect(out().sort()).toEqual(['ana@example.test', 'cap@example.test']);
    const [batch] = await jobs();
    expect((await jobs()).map((j) => j.state)).toEqual(['done', 'queued']);
    t.clock.advance(31_000);
    await runDueJobs(t.context, notificationMailJobHandlers);
    expect(out().sort()).toEqual(['ana@example.test', 'ben@example.test', 'cap@example.test']);
    // The batch run again (its worker's lease lapsed before it settled): it has sent all it holds, so nothing more.
    await t.context.database.db.execute(sql`update jobs set state = 'queued' where id = ${batch!.id}`);
    await runDueJobs(t.context, notificationMailJobHandlers);
    expect(out()).toHaveLength(3);
  });

  it('an unknown kind or a value that is not on or off is a 400 naming the field, and nothing is stored', async () => {
    const before = (await call('GET', '/api/settings', ana)).json();
    const stored = async () =>
      (
        await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from user_settings where user_id = ${ana.userId}`)
      )[0]!.n;
    const rowsBefore = await stored();
    const bad: [unknown, RegExp][] = [
      [{ notifications: { email: { sign_in_code: false } } }, /sign_in_code/],
      [{ notifications: { email: { team_invitation: 'off' } } }, /team_invitation/],
      [{ units: 'imperial', notifications: { email: { team_invitation: false, score_judged: 0 } } }, /score_judged/],
      [{ notifications: { email: {} } }, /email/],
      [{ notifications: { email: [true] } }, /email/],
    ];
    for (const [payload, why] of bad) {
      const res = await call('PUT', '/api/settings', ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusal(res), JSON.stringify(payload)).toMatch(why);
    }
    expect((await call('GET', '/api/settings', ana)).json()).toEqual(before);
    expect(await stored()).toBe(rowsBefore);
    expect((await call('PUT', '/api/settings', undefined, { notifications: { email: { team_invitation: false } } })).statusCode).toBe(401);
  });
});
