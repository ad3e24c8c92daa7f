import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { INVITATION_TTL_MS, INVITES_PER_CAPTAIN_PER_HOUR, INVITES_PER_TEAM_PER_DAY, PENDING_INVITATIONS_MAX } from '#domain/teams.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { notificationMailJobHandlers } from '#server/areas/notifications/notifications-mail.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

describe.each(databaseKinds)('lasting teams on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let cap: SignedIn;
  let co: SignedIn;
  let mem: SignedIn;
  let out: SignedIn;
  let shy: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    cap = await signIn(t, 'cap@example.test', 'athlete-password', 'Cara Captain');
    co = await signIn(t, 'co@example.test', 'athlete-password', 'Cody Co');
    mem = await signIn(t, 'mem@example.test', 'athlete-password', 'Mia Member');
    out = await signIn(t, 'out@example.test', 'athlete-password', 'Otto Outsider');
    shy = await signIn(t, 'shy@example.test', 'athlete-password', 'Shy Sam');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const invite = (teamId: number, who: SignedIn, body: object) => call('POST', `/api/teams/${teamId}/invitations`, who, body);
  const accept = (id: number, who: SignedIn) => call('POST', `/api/team-invitations/${id}/accept`, who);
  const unread = async (who: SignedIn) =>
    (await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string; link: string }[];

  /** A team of cap (captain), co (co-captain) and mem (member). */
  async function makeTeam(name: string, extra: object = {}) {
    const res = await call('POST', '/api/teams', cap, { name, tag: 'ab-1', gym: 'North Box', max_size: 4, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    for (const who of [co, mem]) {
      const sent = await invite(id, cap, { user_id: who.userId });
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await accept(sent.json().id, who)).statusCode).toBe(200);
    }
    expect((await call('PUT', `/api/teams/${id}/members/${co.userId}/role`, cap, { role: 'co_captain' })).statusCode).toBe(200);
    return id;
  }

  it('creates a team with a case-insensitively unique name; the creator is its captain', async () => {
    const res = await call('POST', '/api/teams', cap, { name: '  Iron   Wolves ', tag: 'iw!', visibility: 'public', max_size: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Iron Wolves',
      tag: 'IW',
      visibility: 'public',
      max_size: 5,
      viewer_role: 'captain',
      member_count: 1,
    });
    const before = await count('teams');
    const dup = await call('POST', '/api/teams', out, { name: 'iron wolves' });
    expect(dup.statusCode).toBe(409);
    expect(refusal(dup)).toContain('already exists');
    expect((await call('POST', '/api/teams', out, { name: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/api/teams', out, { name: 'X', max_size: 500 })).statusCode).toBe(400);
    expect((await call('POST', '/api/teams', undefined, { name: 'Nobody' })).statusCode).toBe(401);
    expect(await count('teams')).toBe(before);
    const mine = (await call('GET', '/api/teams/mine', cap)).json();
    expect(mine.teams.map((x: { name: string; role: string }) => [x.name, x.role])).toContainEqual(['Iron Wolves', 'captain']);
  });

  it('permissions: edit by captain and co-captain, not member or outsider; admin may; disband by captain only', async () => {
    const id = await makeTeam('Permission Squad');
    expect((await call('PATCH', `/api/teams/${id}`, co, { description: 'We lift.' })).json().description).toBe('We lift.');
    for (const who of [mem, out]) expect((await call('PATCH', `/api/teams/${id}`, who, { description: 'Hacked' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/teams/${id}`, admin, { gym: 'South Box' })).json().gym).toBe('South Box');
    const tooSmall = await call('PATCH', `/api/teams/${id}`, cap, { max_size: 2 });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().detail).toMatch(/has 3 members, more than 2/);
    expect((await call('GET', `/api/teams/${id}`, cap)).json().max_size).toBe(4);
    const taken = await call('PATCH', `/api/teams/${id}`, co, { name: 'IRON wolves' });
    expect(taken.statusCode).toBe(409);
    expect((await call('GET', `/api/teams/${id}`, cap)).json().name).toBe('Permission Squad');
    // Only leaders see what waits; everyone signed in sees the members.
    expect((await call('GET', `/api/teams/${id}`, out)).json()).toMatchObject({ viewer_role: null, member_count: 3, pending: [] });
    // Roles: only the captain changes them; a co-captain may remove plain members only.
    expect((await call('PUT', `/api/teams/${id}/members/${mem.userId}/role`, co, { role: 'co_captain' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${id}/members/${co.userId}`, mem)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${id}/members/${cap.userId}`, co)).statusCode).toBe(409);
    const removed = await call('DELETE', `/api/teams/${id}/members/${mem.userId}`, co);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().member_count).toBe(2);
    expect((await unread(mem))[0]).toMatchObject({ kind: 'team_removed', title: 'You were removed from Permission Squad' });
    for (const who of [co, out]) expect((await call('DELETE', `/api/teams/${id}`, who)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${id}`, cap)).statusCode).toBe(204);
    expect((await call('GET', `/api/teams/${id}`, cap)).statusCode).toBe(404);
    expect((await unread(co))[0]).toMatchObject({ kind: 'team_disbanded' });
    const adminTeam = await makeTeam('Admin Disbands');
    expect((await call('DELETE', `/api/teams/${adminTeam}`, admin)).statusCode).toBe(204);
  });

  it('the last captain cannot leave before handing over; a transfer makes the old captain a co-captain', async () => {
    const id = await makeTeam('Handover Crew');
    const refused = await call('POST', `/api/teams/${id}/leave`, cap);
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused)).toContain('hand the captaincy');
    expect((await call('PUT', `/api/teams/${id}/members/${cap.userId}/role`, cap, { role: 'member' })).statusCode).toBe(409);
    const handed = await call('PUT', `/api/teams/${id}/members/${mem.userId}/role`, cap, { role: 'captain' });
    expect(handed.statusCode, handed.body).toBe(200);
    const roles = Object.fromEntries(handed.json().members.map((m: { user_id: number; role: string }) => [m.user_id, m.role]));
    expect(roles).toMatchObject({ [mem.userId]: 'captain', [cap.userId]: 'co_captain', [co.userId]: 'co_captain' });
    expect((await unread(mem))[0]).toMatchObject({ kind: 'team_captaincy' });
    expect((await call('POST', `/api/teams/${id}/leave`, cap)).statusCode).toBe(204);
    expect((await call('POST', `/api/teams/${id}/leave`, out)).statusCode).toBe(403);
  });

  it('refuses yourself, a member, a duplicate, a full team and a private invitee, storing nothing', async () => {
    const id = await makeTeam('Refusals', { max_size: 4 });
    const before = await count('team_invitations');
    const self = await invite(id, cap, { user_id: cap.userId });
    expect([self.statusCode, refusal(self)]).toEqual([422, 'You cannot invite yourself.']);
    const member = await invite(id, cap, { email: 'MEM@example.test' });
    expect(member.statusCode).toBe(422);
    expect(refusal(member)).toContain('Mia Member is already a member');
    expect((await invite(id, mem, { user_id: out.userId })).statusCode).toBe(403);
    expect((await invite(id, cap, { user_id: out.userId, email: 'x@example.test' })).statusCode).toBe(400);
    expect((await invite(id, cap, { user_id: 999999 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/privacy/settings', shy, { invitations: 'nobody' })).statusCode).toBeLessThan(300);
    const privateOne = await invite(id, cap, { user_id: shy.userId });
    expect(privateOne.statusCode).toBe(403);
    expect(refusal(privateOne)).toContain('privacy choice');
    expect(await count('team_invitations')).toBe(before);

    const first = await invite(id, co, { user_id: out.userId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await invite(id, cap, { user_id: out.userId });
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toContain('already has an invitation');
    expect((await unread(out))[0]).toMatchObject({
      kind: 'team_invitation',
      title: 'Cody Co invited you to join Refusals',
      link: `/team-dashboard-page?id=${id}`,
    });
    // The invitation comes by mail too (on by default), queued at commit and sent by the job worker.
    await runDueJobs(t.context, notificationMailJobHandlers);
    expect(t.outbox.last('out@example.test')?.subject).toBe('Cody Co invited you to join Refusals');
    expect((await accept(first.json().id, out)).statusCode).toBe(200);
    const full = await invite(id, cap, { email: 'new@example.test' });
    expect(full.statusCode).toBe(409);
    expect(refusal(full)).toContain('Refusals is full (4 of 4 places)');
  });

  it('an invitation lapses after 14 days on the server clock; captains revoke; invitees decline', async () => {
    const id = await makeTeam('Clockwork');
    const sent = (await invite(id, cap, { user_id: out.userId })).json();
    expect(new Date(sent.expires_at).getTime() - new Date(sent.created_at).getTime()).toBe(INVITATION_TTL_MS);
    expect((await call('GET', '/api/teams/mine', out)).json().invitations.map((i: { team_name: string }) => i.team_name)).toContain(
      'Clockwork',
    );
    t.clock.advance(INVITATION_TTL_MS + 1000);
    // Access tokens live a day: everyone signs in again on the moved clock.
    const again: SignedIn[] = [];
    for (const name of ['admin', 'cap', 'co', 'mem', 'out', 'shy'])
      again.push(await signIn(t, `${name}@example.test`, name === 'admin' ? 'admin-password' : 'athlete-password'));
    [admin, cap, co, mem, out, shy] = again as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    const late = await accept(sent.id, out);
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toContain('expired');
    expect((await call('GET', '/api/teams/mine', out)).json().invitations.map((i: { team_name: string }) => i.team_name)).not.toContain(
      'Clockwork',
    );
    // A new one may be sent once the old one lapsed.
    const fresh = (await invite(id, cap, { user_id: out.userId })).json();
    expect((await call('DELETE', `/api/team-invitations/${fresh.id}`, mem)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/team-invitations/${fresh.id}`, co)).statusCode).toBe(204);
    expect((await accept(fresh.id, out)).statusCode).toBe(409);
    const third = (await invite(id, cap, { user_id: out.userId })).json();
    expect((await accept(third.id, mem)).statusCode).toBe(403);
    expect((await call('POST', `/api/team-invitations/${third.id}/decline`, out)).json().status).toBe('declined');
    expect((await call('GET', `/api/teams/${id}`, out)).json().viewer_role).toBeNull();
  });

  it('an email invitation waits for the address to sign up, then shows in its inbox', async () => {
    const id = await makeTeam('Mail Order');
    const sent = await invite(id, cap, { email: 'Later@Example.test' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ athlete: null, email: 'later@example.test', status: 'pending' });
    await t.settled();
    const mail = t.outbox.last('later@example.test')!;
    expect(mail.text).toContain(`login-page?mode=register&next=%2Fteam-dashboard-page%3Fid%3D${id}`);
    expect((await invite(id, co, { email: 'later@example.test' })).statusCode).toBe(409);
    const later = await signIn(t, 'later@example.test', 'athlete-password', 'Lou Later');
    const inbox = await unread(later);
    expect(inbox[0]).toMatchObject({ kind: 'team_invitation', title: 'Cara Captain invited you to join Mail Order' });
    const mine = (await call('GET', '/api/teams/mine', later)).json();
    const waiting = mine.invitations.find((i: { team_id: number }) => i.team_id === id);
    expect(waiting).toMatchObject({ athlete: { display_name: 'Lou Later' }, invited_by: 'Cara Captain' });
    expect((await accept(waiting.id, later)).statusCode).toBe(200);
    expect((await call('GET', `/api/teams/${id}`, later)).json().viewer_role).toBe('member');
    expect((await unread(cap)).some((n) => n.title === 'Lou Later joined Mail Order')).toBe(true);
  });

  it('public teams take join requests a captain approves; invite-only teams do not', async () => {
    const id = await makeTeam('Open Doors', { visibility: 'public' });
    const closed = await makeTeam('Closed Doors');
    expect((await call('POST', `/api/teams/${closed}/join-requests`, out)).statusCode).toBe(403);
    expect((await call('POST', `/api/teams/${id}/join-requests`, mem)).statusCode).toBe(422);
    const asked = await call('POST', `/api/teams/${id}/join-requests`, out);
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await call('POST', `/api/teams/${id}/join-requests`, out)).statusCode).toBe(409);
    expect((await unread(co))[0]).toMatchObject({ kind: 'team_join_request', title: 'Otto Outsider asks to join Open Doors' });
    const dashboard = (await call('GET', `/api/teams/${id}`, co)).json();
    expect(dashboard.pending.map((p: { kind: string }) => p.kind)).toEqual(['request']);
    expect((await call('GET', `/api/teams/${id}`, out)).json().viewer_pending).toMatchObject({ kind: 'request' });
    expect((await accept(asked.json().id, out)).statusCode).toBe(403);
    expect((await accept(asked.json().id, mem)).statusCode).toBe(403);
    expect((await accept(asked.json().id, co)).statusCode).toBe(200);
    expect((await unread(out))[0]).toMatchObject({ kind: 'team_request_approved', title: 'You joined Open Doors' });
    const search = await call('GET', `/api/teams/${id}/invitable?q=sh`, cap);
    expect(search.json().athletes.map((a: { display_name: string }) => a.display_name)).toEqual(['Shy Sam']);
    expect((await call('GET', `/api/teams/${id}/invitable?q=ot`, cap)).json().athletes).toEqual([]);
    expect((await call('GET', `/api/teams/${id}/invitable?q=sh`, out)).statusCode).toBe(403);
  });

  it('two accepts racing for the last seat: exactly one wins', async () => {
    const id = await makeTeam('Last Seat', { max_size: 4 });
    const racers = [out, await signIn(t, 'racer@example.test', 'athlete-password', 'Rae Racer')];
    const sent: number[] = [];
    for (const who of racers) sent.push((await invite(id, cap, { user_id: who.userId })).json().id as number);
    const answers = await Promise.all(racers.map((who, i) => accept(sent[i]!, who)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(refusal(answers.find((a) => a.statusCode === 409)!)).toContain('is full');
    expect((await call('GET', `/api/teams/${id}`, cap)).json().member_count).toBe(4);
  });

  it('no links in team names: a URL or domain-like text is refused with a reason, on create and rename', async () => {
    const before = await count('teams');
    for (const name of ['Verify account http://evil.example', 'www.evil-team', 'Visit evil.example/login', 'hxxp evil.com', 'EVIL.COM']) {
      const res = await call('POST', '/api/teams', cap, { name });
      expect(res.statusCode, name).toBe(400);
      expect(refusal(res), name).toMatch(/web address/);
    }
    expect(await count('teams')).toBe(before);
    const id = await makeTeam('Plain Name Crew');
    const renamed = await call('PATCH', `/api/teams/${id}`, cap, { name: 'Verify account http://evil.example' });
    expect(renamed.statusCode).toBe(400);
    expect(refusal(renamed)).toMatch(/web address/);
    expect((await call('GET', `/api/teams/${id}`, cap)).json().name).toBe('Plain Name Crew');
    // Ordinary names with dots and numbers still pass.
    for (const name of ['St. Louis Lifters', 'Team 2.0', 'A.M. Crew'])
      expect((await call('POST', '/api/teams', out, { name })).statusCode, name).toBe(201);
  });

  it('invitations are limited per captain per hour, per team per day, and in how many wait at once', async () => {
    let boss = await signIn(t, 'boss@example.test', 'athlete-password', 'Bo Boss');
    let deputy = await signIn(t, 'deputy@example.test', 'athlete-password', 'Dee Deputy');
    // Access tokens do not outlive the clock's jumps: sign in again after each.
    const later = async (ms: number) => {
      t.clock.advance(ms);
      boss = await signIn(t, 'boss@example.test', 'athlete-password', 'Bo Boss');
      deputy = await signIn(t, 'deputy@example.test', 'athlete-password', 'Dee Deputy');
    };
    const made = await call('POST', '/api/teams', boss, { name: 'Invite Flood', max_size: 50 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const dep = await invite(id, boss, { user_id: deputy.userId });
    expect((await accept(dep.json().id, deputy)).statusCode).toBe(200);
    expect((await call('PUT', `/api/teams/${id}/members/${deputy.userId}/role`, boss, { role: 'co_captain' })).statusCode).toBe(200);
    let n = 0;
    const send = (who: SignedIn) => invite(id, who, { email: `guest${++n}@example.test` });
    const refusedNothingStored = async (res: Awaited<ReturnType<typeof send>>, status: number, words: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(refusal(res)).toMatch(words);
      await t.settled();
      expect(t.outbox.last(`guest${n}@example.test`)).toBeUndefined();
      const rows = await rowsOf(t.context.database.db, sql`select id from team_invitations where email = ${`guest${n}@example.test`}`);
      expect(rows).toEqual([]);
    };

    // Per captain per hour (the deputy's invitation counted for boss above: one already).
    for (let i = 1; i < INVITES_PER_CAPTAIN_PER_HOUR; i++) expect((await send(boss)).statusCode).toBe(201);
    await refusedNothingStored(await send(boss), 429, /invitations in the last hour/);
    expect((await send(deputy)).statusCode).toBe(201);

    // Per team per day: an hour later boss may send again, until the team reaches its day's number.
    await later(60 * 60 * 1000 + 1000);
    let sentToday = INVITES_PER_CAPTAIN_PER_HOUR + 1;
    for (; sentToday < INVITES_PER_TEAM_PER_DAY; sentToday++) {
      const who = sentToday % 2 ? boss : deputy;
      expect((await send(who)).statusCode).toBe(201);
    }
    await refusedNothingStored(await send(deputy), 429, /invitations today/);

    // Waiting at once: a day later the team may invite again, up to the pending cap.
    await later(24 * 60 * 60 * 1000);
    const pending = async () =>
      (
        await rowsOf<{ n: number }>(
          t.context.database.db,
          sql`select count(*)::int as n from team_invitations where team_id = ${id} and status = 'pending'`,
        )
      )[0]!.n;
    while ((await pending()) < PENDING_INVITATIONS_MAX) expect((await send(boss)).statusCode).toBe(201);
    await refusedNothingStored(await send(deputy), 409, /waiting for an answer/);
  });
});
