import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('lasting teams enter team challenges on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let cap: SignedIn;
  let co: SignedIn;
  let mem: SignedIn;
  let m3: SignedIn;
  let out: SignedIn;
  let rival: SignedIn;
  let coach: SignedIn;
  let teamId: number;
  let rivalTeamId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    cap = await signIn(t, 'cap@example.test', 'athlete-password', 'Cara Captain');
    co = await signIn(t, 'co@example.test', 'athlete-password', 'Cody Co');
    mem = await signIn(t, 'mem@example.test', 'athlete-password', 'Mia Member');
    m3 = await signIn(t, 'm3@example.test', 'athlete-password', 'Max Third');
    out = await signIn(t, 'out@example.test', 'athlete-password', 'Otto Outsider');
    rival = await signIn(t, 'rival@example.test', 'athlete-password', 'Rita Rival');
    coach = await signIn(t, 'coach@example.test', 'athlete-password', 'Coach Carla');
    teamId = await makeTeam(cap, 'Iron Lifters', [co, mem, m3]);
    expect((await call('PUT', `/api/teams/${teamId}/members/${co.userId}/role`, cap, { role: 'co_captain' })).statusCode).toBe(200);
    // Max Third trains with two teams.
    rivalTeamId = await makeTeam(rival, 'Rival Crew', [m3]);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const enter = (team: number, challengeId: number, who: SignedIn, members: SignedIn[], extra: object = {}) =>
    call('POST', `/api/teams/${team}/challenges/${challengeId}`, who, { member_ids: members.map((m) => m.userId), ...extra });
  const enterable = (team: number, who: SignedIn) => call('GET', `/api/teams/${team}/enterable-challenges`, who);

  async function makeTeam(captain: SignedIn, name: string, others: SignedIn[]) {
    const res = await call('POST', '/api/teams', captain, { name, max_size: 8 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    for (const who of others) {
      const sent = await call('POST', `/api/teams/${id}/invitations`, captain, { user_id: who.userId });
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await call('POST', `/api/team-invitations/${sent.json().id}/accept`, who)).statusCode).toBe(200);
    }
    return id;
  }
  async function challenge(overrides: Record<string, unknown> = {}) {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', coach, {
      title: 'Team burpees',
      score_type: 'reps',
      kind: 'team',
      team_rule: 'sum',
      team_size_max: 3,
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const board = async (id: number) => {
    const res = await call('GET', `/api/challenges/${id}/team-rankings`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { rank: number; team: { id: number; name: string }; member_count: number }[] };
  };
  const stored = async () => ({
    entries: await count('team_challenge_entries'),
    teams: await count('challenge_teams'),
    participants: await count('challenge_participants'),
  });

  it('permissions: co-captains see what the team can enter; only the captain (or an administrator) enters it', async () => {
    const id = await challenge({ title: 'Permission burpees' });
    for (const who of [cap, co, admin]) {
      const res = await enterable(teamId, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((c: { id: number }) => c.id)).toContain(id);
    }
    for (const who of [mem, out]) expect((await enterable(teamId, who)).statusCode).toBe(403);
    expect((await call('GET', `/api/teams/${teamId}/enterable-challenges`)).statusCode).toBe(401);
    const before = await stored();
    for (const who of [co, mem, out]) {
      const res = await enter(teamId, id, who, [cap, mem]);
      expect(res.statusCode).toBe(403);
      expect(refusal(res)).toMatch(/captain/);
    }
    expect(await stored()).toEqual(before);

    const res = await enter(teamId, id, cap, [cap, mem]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      challenge_id: id,
      title: 'Permission burpees',
      status: 'open',
      competitors: 2,
      place: null,
      teams: 1,
    });
    // The challenge's own team holds exactly the chosen members, under the team's name, on the unchanged board.
    const items = (await board(id)).items;
    expect(items).toMatchObject([{ rank: 1, team: { name: 'Iron Lifters' }, member_count: 2 }]);
    expect(items[0]!.team.id).toBe(res.json().challenge_team_id);
    expect((await call('GET', `/api/challenges/${id}`, mem)).json().my_entry).toMatchObject({
      division: 'rx',
      team: { name: 'Iron Lifters' },
    });
    // Each chosen member hears about it; the others do not.
    const inbox = async (who: SignedIn) =>
      ((await call('GET', '/api/notifications', who)).json().items as { kind: string; link: string }[]).filter(
        (n) => n.kind === 'team_challenge_entered',
      );
    expect(await inbox(mem)).toMatchObject([{ link: `/challenge-detail-page?id=${id}` }]);
    expect(await inbox(co)).toEqual([]);
    // It leaves the enterable list and shows on the dashboard.
    expect((await enterable(teamId, cap)).json().items.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await call('GET', `/api/teams/${teamId}`, out)).json().entries).toMatchObject([{ challenge_id: id, competitors: 2 }]);

    const second = await challenge({ title: 'Admin burpees' });
    expect((await enter(teamId, second, admin, [co])).statusCode).toBe(201);
  });

  it('entering twice is refused, and so is a member already in another team of that challenge (named)', async () => {
    const id = await challenge({ title: 'Conflict burpees' });
    expect((await enter(teamId, id, cap, [cap])).statusCode).toBe(201);
    let before = await stored();
    const twice = await enter(teamId, id, cap, [co]);
    expect(twice.statusCode).toBe(409);
    expect(refusal(twice)).toMatch(/Iron Lifters is entered in Conflict burpees already/);
    expect(await stored()).toEqual(before);

    // Max Third joins another challenge with a team for that challenge only.
    const other = await challenge({ title: 'Busy burpees' });
    const joined = await call('POST', `/api/challenges/${other}/join`, m3, { division: 'rx', team_name: 'Solo Crew' });
    expect(joined.statusCode, joined.body).toBe(200);
    const list = (await enterable(teamId, cap)).json().items as { id: number; members_in_it: { display_name: string }[] }[];
    expect(list.find((c) => c.id === other)!.members_in_it).toEqual([{ user_id: m3.userId, display_name: 'Max Third' }]);
    before = await stored();
    const busy = await enter(teamId, other, cap, [cap, m3]);
    expect(busy.statusCode).toBe(409);
    expect(refusal(busy)).toBe('Max Third (with Solo Crew) is in Busy burpees with another team already.');
    expect(await stored()).toEqual(before);
    // A quick team of the same name is there: the lasting team cannot take its name.
    const named = await challenge({ title: 'Named burpees' });
    expect((await call('POST', `/api/challenges/${named}/join`, out, { division: 'rx', team_name: 'iron lifters' })).statusCode).toBe(200);
    expect((await enter(teamId, named, cap, [cap])).statusCode).toBe(409);
  });

  it('bounds: no one, more than the team size, non-members and individual challenges are refused; nothing stored', async () => {
    const id = await challenge({ title: 'Pairs burpees', team_size_max: 2 });
    const before = await stored();
    expect((await enter(teamId, id, cap, [])).statusCode).toBe(400);
    const tooMany = await enter(teamId, id, cap, [cap, co, mem]);
    expect(tooMany.statusCode).toBe(422);
    expect(refusal(tooMany)).toMatch(/at most 2 members/);
    expect((await enter(teamId, id, cap, [cap, out])).statusCode).toBe(422);
    expect((await enter(teamId, id, cap, [cap], { division: 'elite' })).statusCode).toBe(400);
    expect((await enter(teamId, 999999, cap, [cap])).statusCode).toBe(404);
    const solo = await challenge({ title: 'Solo burpees', kind: 'individual', team_rule: undefined, team_size_max: undefined });
    expect((await enter(teamId, solo, cap, [cap])).statusCode).toBe(422);
    expect(await stored()).toEqual(before);
    expect((await enter(teamId, id, cap, [cap, co], { division: 'scaled' })).statusCode).toBe(201);
  });

  it('the dashboard shows the team’s place by the team board’s rule', async () => {
    const id = await challenge({ title: 'Placed burpees' });
    expect((await enter(teamId, id, cap, [cap, mem])).statusCode).toBe(201);
    // A quick team scores more than the lasting team.
    expect((await call('POST', `/api/challenges/${id}/join`, out, { division: 'rx', team_name: 'Quick Crew' })).statusCode).toBe(200);
    for (const [who, reps] of [
      [cap, 20],
      [mem, 15],
      [out, 50],
    ] as const)
      expect((await call('POST', `/api/challenges/${id}/submit-score`, who, { reps })).statusCode).toBe(201);
    const entry = ((await call('GET', `/api/teams/${teamId}`, mem)).json().entries as { challenge_id: number }[]).find(
      (e) => e.challenge_id === id,
    );
    expect(entry).toMatchObject({ place: 2, teams: 2, aggregate: '35 reps', competitors: 2 });
    expect((await board(id)).items.map((r) => `${r.rank} ${r.team.name}`)).toEqual(['1 Quick Crew', '2 Iron Lifters']);
  });

  it('two entries racing for one member: exactly one wins; the same team twice: once', async () => {
    const id = await challenge({ title: 'Race burpees' });
    const [a, b] = await Promise.all([enter(teamId, id, cap, [cap, m3]), enter(rivalTeamId, id, rival, [rival, m3])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(refusal(a.statusCode === 409 ? a : b)).toMatch(/Max Third/);
    expect((await board(id)).items).toHaveLength(1);

    const again = await challenge({ title: 'Twice burpees' });
    const [c, d] = await Promise.all([enter(teamId, again, cap, [cap]), enter(teamId, again, cap, [co])]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
    expect((await board(again)).items).toHaveLength(1);
  });

  it('the team calendar: an iCalendar feed of running and upcoming windows, its link the only key', async () => {
    const entered = await challenge({ title: 'Calendar burpees' });
    expect((await enter(teamId, entered, cap, [cap])).statusCode).toBe(201);
    const now = t.clock.now().getTime();
    const later = await challenge({
      title: 'Next month rows',
      starts_at: new Date(now + 30 * 24 * HOUR).toISOString(),
      ends_at: new Date(now + 31 * 24 * HOUR).toISOString(),
    });
    // A challenge a member joined on their own is on it too; one nobody joined is not.
    expect((await call('POST', `/api/challenges/${later}/join`, mem, { division: 'rx', team_name: 'Mia Pair' })).statusCode).toBe(200);
    const unrelated = await challenge({ title: 'Nobody burpees' });
    expect(unrelated).toBeGreaterThan(0);

    const url = (await call('GET', `/api/teams/${teamId}`, mem)).json().calendar_url as string;
    expect(url).toMatch(new RegExp(`^/api/teams/${teamId}/calendar\\.ics\\?key=[0-9a-f]{64}$`));
    expect((await call('GET', `/api/teams/${teamId}`, out)).json().calendar_url).toBeNull();
    expect((await call('GET', `/api/teams/${teamId}`, admin)).json().calendar_url).toBe(url);

    const feed = await t.app.inject({ method: 'GET', url });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const text = feed.body.replace(/\r\n[ \t]/g, '');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('X-WR-CALNAME:Iron Lifters challenges');
    expect(text).toContain('SUMMARY:Calendar burpees');
    expect(text).toContain('SUMMARY:Next month rows');
    expect(text).not.toContain('SUMMARY:Nobody burpees');
    const start = new Date(now + 30 * 24 * HOUR).toISOString().replace(/[-:]/g, '').slice(0, 15);
    expect(text).toContain(`DTSTART:${start}Z`);
    expect(text).toContain(`URL:http://127.0.0.1:8080/challenge-detail-page?id=${later}`);

    // Another team's key, a made-up key or a malformed one open nothing.
    const key = url.split('key=')[1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/teams/${rivalTeamId}/calendar.ics?key=${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/teams/${teamId}/calendar.ics?key=${'0'.repeat(64)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/teams/${teamId}/calendar.ics?key=nope` })).statusCode).toBe(400);
  });
});
