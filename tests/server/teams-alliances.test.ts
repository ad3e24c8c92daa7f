import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { ALLIANCE_LIMIT } from '#domain/teams-alliances.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

describe.each(databaseKinds)('team alliances on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let capA: SignedIn;
  let coA: SignedIn;
  let memA: SignedIn;
  let capB: SignedIn;
  let capC: SignedIn;
  let out: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    capA = await signIn(t, 'capa@example.test', 'athlete-password', 'Ann Alpha');
    coA = await signIn(t, 'coa@example.test', 'athlete-password', 'Cody Alpha');
    memA = await signIn(t, 'mema@example.test', 'athlete-password', 'Mia Alpha');
    capB = await signIn(t, 'capb@example.test', 'athlete-password', 'Ben Bravo');
    capC = await signIn(t, 'capc@example.test', 'athlete-password', 'Cat Charlie');
    out = await signIn(t, 'out@example.test', 'athlete-password', 'Otto Outsider');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const inbox = async (who: SignedIn) => (await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string }[];
  const propose = (teamId: number, who: SignedIn, body: object) => call('POST', `/api/teams/${teamId}/alliances`, who, body);
  const accept = (allianceId: number, teamId: number, who: SignedIn) =>
    call('POST', `/api/alliances/${allianceId}/teams/${teamId}/accept`, who);
  const leave = (allianceId: number, teamId: number, who: SignedIn) =>
    call('POST', `/api/alliances/${allianceId}/teams/${teamId}/leave`, who);
  const list = (teamId: number, who: SignedIn) => call('GET', `/api/teams/${teamId}/alliances`, who);

  let n = 0;
  /** A new team with its captain; for capA's teams coA is co-captain and memA a member. */
  async function team(captain: SignedIn) {
    const res = await call('POST', '/api/teams', captain, { name: `Squad ${++n} ${kind}`, max_size: 5 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    if (captain === capA) {
      for (const who of [coA, memA]) {
        const sent = await call('POST', `/api/teams/${id}/invitations`, capA, { user_id: who.userId });
        expect((await call('POST', `/api/team-invitations/${sent.json().id}/accept`, who)).statusCode).toBe(200);
      }
      const role = await t.app.inject({
        method: 'PUT',
        url: `/api/teams/${id}/members/${coA.userId}/role`,
        headers: authHeaders(capA),
        payload: { role: 'co_captain' },
      });
      expect(role.statusCode).toBe(200);
    }
    return id;
  }

  it('life cycle: proposed → every invited captain accepts → active; leaving down to one team ends it; captains are told', async () => {
    const [a, b, c] = [await team(capA), await team(capB), await team(capC)];
    const res = await propose(a, capA, { name: '  North   Pact ', team_ids: [b, c] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toMatchObject({ name: 'North Pact', status: 'pending', team_state: 'accepted', proposed_by_team: a });
    expect(res.json().teams.map((x: { id: number; state: string }) => [x.id, x.state])).toEqual([
      [a, 'accepted'],
      [b, 'invited'],
      [c, 'invited'],
    ]);
    expect((await inbox(capB))[0]).toMatchObject({ kind: 'alliance_proposed', title: expect.stringContaining('North Pact') });
    expect((await list(b, capB)).json()).toMatchObject({ can_act: true, items: [{ id, status: 'pending', team_state: 'invited' }] });
    // Outsiders see active alliances only; members see but cannot act.
    expect((await list(b, out)).json()).toEqual({ can_act: false, items: [] });
    expect((await list(a, memA)).json()).toMatchObject({ can_act: false, items: [{ id }] });

    expect((await accept(id, b, capB)).json()).toMatchObject({ status: 'pending', team_state: 'accepted' });
    expect((await inbox(capA))[0]).toMatchObject({ kind: 'alliance_accepted' });
    const again = await accept(id, b, capB);
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toMatch(/already/);
    expect((await accept(id, c, capC)).json()).toMatchObject({ status: 'active', active_at: expect.any(String) });
    expect((await inbox(capA))[0]).toMatchObject({ kind: 'alliance_active', title: 'The alliance North Pact is active' });
    expect((await inbox(coA))[0]).toMatchObject({ kind: 'alliance_active' });
    expect((await list(b, out)).json().items).toMatchObject([{ id, status: 'active' }]);

    expect((await leave(id, b, capB)).json()).toMatchObject({ status: 'active', team_state: 'left' });
    expect((await inbox(capC))[0]).toMatchObject({ kind: 'alliance_left' });
    expect((await leave(id, b, capB)).statusCode).toBe(409);
    expect((await leave(id, c, capC)).json()).toMatchObject({ status: 'ended' });
    expect((await inbox(capA))[0]).toMatchObject({ kind: 'alliance_ended' });
    expect((await list(a, capA)).json().items).toEqual([]);
    expect((await accept(id, a, capA)).statusCode).toBe(409);
  });

  it('a declined proposal ends when fewer than two teams remain; with three, the rest go on', async () => {
    const [a, b, c] = [await team(capA), await team(capB), await team(capC)];
    const one = (await propose(a, capA, { name: 'Short Pact', team_ids: [b] })).json().id as number;
    expect((await leave(one, b, capB)).json()).toMatchObject({ status: 'ended', team_state: 'left' });
    const three = (await propose(a, capA, { name: 'Three Pact', team_ids: [b, c] })).json().id as number;
    expect((await leave(three, b, capB)).json()).toMatchObject({ status: 'pending' });
    expect((await accept(three, c, capC)).json()).toMatchObject({ status: 'active' });
  });

  it('a disbanded team leaves its alliances: an alliance left with one team ends, the others are told', async () => {
    const [a, b, c] = [await team(capA), await team(capB), await team(capC)];
    const pair = (await propose(a, capA, { name: 'Pair Pact', team_ids: [b] })).json().id as number;
    expect((await accept(pair, b, capB)).json()).toMatchObject({ status: 'active' });
    const trio = (await propose(a, capA, { name: 'Trio Pact', team_ids: [b, c] })).json().id as number;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/teams/${b}`, headers: authHeaders(capB) })).statusCode).toBe(204);
    expect((await list(a, capA)).json().items.map((x: { id: number }) => x.id)).toEqual([trio]);
    expect((await inbox(capA)).map((x) => x.kind)).toContain('alliance_ended');
    expect((await accept(trio, c, capC)).json()).toMatchObject({ status: 'active', teams: [{ id: a }, { id: c }] });
  });

  it('refusals say why and store nothing: own team, same team twice, unknown team, same name, same teams, blank name', async () => {
    const [a, b] = [await team(capA), await team(capB)];
    const before = [await count('alliances'), await count('alliance_members'), await count('notifications')];
    const own = await propose(a, capA, { name: 'Selfie', team_ids: [a, b] });
    expect(own.statusCode).toBe(422);
    expect(refusal(own)).toMatch(/Your own team/);
    const twice = await propose(a, capA, { name: 'Twice', team_ids: [b, b] });
    expect(twice.statusCode).toBe(422);
    expect(refusal(twice)).toMatch(/named twice/);
    const unknown = await propose(a, capA, { name: 'Ghost', team_ids: [b, 999999] });
    expect(unknown.statusCode).toBe(404);
    expect(refusal(unknown)).toMatch(/does not exist/);
    expect((await propose(a, capA, { name: '   ', team_ids: [b] })).statusCode).toBe(400);
    expect((await propose(a, capA, { name: 'X', team_ids: [] })).statusCode).toBe(400);
    expect((await propose(a, capA, { name: 'X'.repeat(61), team_ids: [b] })).statusCode).toBe(400);
    expect([await count('alliances'), await count('alliance_members'), await count('notifications')]).toEqual(before);

    expect((await propose(a, capA, { name: 'Iron Pact', team_ids: [b] })).statusCode).toBe(201);
    const sameName = await propose(a, capA, { name: 'IRON pact', team_ids: [await team(capC)] });
    expect(sameName.statusCode).toBe(409);
    expect(refusal(sameName)).toMatch(/already in an alliance called IRON pact/);
    const sameTeams = await propose(b, capB, { name: 'Other Name', team_ids: [a] });
    expect(sameTeams.statusCode).toBe(409);
    expect(refusal(sameTeams)).toMatch(/already allied/);
  });

  it('permissions: captain and co-captain act, members and outsiders get 403, administrators may act', async () => {
    const [a, b, c] = [await team(capA), await team(capB), await team(capC)];
    for (const who of [memA, out]) {
      const res = await propose(a, who, { name: 'Not Mine', team_ids: [b] });
      expect(res.statusCode).toBe(403);
      expect(refusal(res)).toMatch(/captain/);
      expect((await call('GET', `/api/teams/${a}/alliance-candidates?q=Squad`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/teams/${a}/alliances`)).statusCode).toBe(401);
    const found = (await call('GET', `/api/teams/${a}/alliance-candidates?q=squad`, coA)).json().items as { id: number }[];
    expect(found.map((x) => x.id)).toContain(b);
    expect(found.map((x) => x.id)).not.toContain(a);
    const id = (await propose(a, coA, { name: 'Co Pact', team_ids: [b, c] })).json().id as number;
    expect((await accept(id, b, capA)).statusCode).toBe(403);
    expect((await accept(id, b, out)).statusCode).toBe(403);
    expect((await accept(id, b, admin)).json()).toMatchObject({ team_state: 'accepted' });
    expect((await leave(id, a, memA)).statusCode).toBe(403);
    expect((await leave(id, a, coA)).json()).toMatchObject({ team_state: 'left', status: 'pending' });
    // b and c are proposed together already (a left): the same teams again are refused, even for an administrator.
    expect((await propose(c, admin, { name: 'Admin Pact', team_ids: [b] })).statusCode).toBe(409);
    expect((await propose(c, admin, { name: 'Admin Pact', team_ids: [await team(capB)] })).statusCode).toBe(201);
  });

  it(`a team stands in at most ${ALLIANCE_LIMIT} alliances: the next proposal or acceptance is refused`, async () => {
    const a = await team(capA);
    const waiting = await team(capC);
    const invitedEarly = (await propose(waiting, capC, { name: 'Early Pact', team_ids: [a] })).json().id as number;
    const partners = [];
    for (let i = 0; i < ALLIANCE_LIMIT; i++) {
      const p = await team(capB);
      partners.push(p);
      expect((await propose(a, capA, { name: `Pact ${i}`, team_ids: [p] })).statusCode).toBe(201);
    }
    const more = await propose(a, capA, { name: 'One Too Many', team_ids: [await team(capC)] });
    expect(more.statusCode).toBe(409);
    expect(refusal(more)).toMatch(new RegExp(`already in ${ALLIANCE_LIMIT} alliances`));
    // A fresh team proposes to the full one: the proposal is refused too.
    const fresh = await team(capC);
    expect((await propose(fresh, capC, { name: 'Late Pact', team_ids: [a] })).statusCode).toBe(409);
    // Invited before it filled up: accepting now is refused, and it stays invited.
    const late = await accept(invitedEarly, a, capA);
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toMatch(/Leave one first/);
    expect((await list(a, capA)).json().items.find((x: { id: number }) => x.id === invitedEarly)).toMatchObject({ team_state: 'invited' });
  });

  it('races: two captains accepting at once make it active once; one team accepting twice at once counts once', async () => {
    const [a, b, c] = [await team(capA), await team(capB), await team(capC)];
    const id = (await propose(a, capA, { name: 'Race Pact', team_ids: [b, c] })).json().id as number;
    const both = await Promise.all([accept(id, b, capB), accept(id, c, capC)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = (await list(a, capA)).json().items.find((x: { id: number }) => x.id === id);
    expect(final).toMatchObject({ status: 'active' });
    expect((await inbox(capA)).filter((x) => x.kind === 'alliance_active' && x.title.includes('Race Pact'))).toHaveLength(1);

    const d = await team(capB);
    const id2 = (await propose(a, capA, { name: 'Twin Pact', team_ids: [d] })).json().id as number;
    const twin = await Promise.all([accept(id2, d, capB), accept(id2, d, admin)]);
    expect(twin.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
