import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_MS } from '#domain/privacy.ts';
import { privacySweep } from '#server/areas/privacy/privacy.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, type SignedIn, signIn } from './helpers.ts';

describe.each(databaseKinds)('an erased captain hands the team over on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dee: SignedIn;
  let co: SignedIn;
  let early: SignedIn;
  let late: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    dee = await signIn(t, 'dee@example.test', 'dee-password', 'Dee Captain');
    co = await signIn(t, 'co@example.test', 'athlete-password', 'Cody Co');
    early = await signIn(t, 'early@example.test', 'athlete-password', 'Ezra Early');
    late = await signIn(t, 'late@example.test', 'athlete-password', 'Lara Late');
    other = await signIn(t, 'other@example.test', 'athlete-password', 'Olga Other');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  async function makeTeam(captain: SignedIn, name: string, others: SignedIn[]) {
    const res = await call('POST', '/api/teams', captain, { name, max_size: 8 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    for (const who of others) {
      const sent = await call('POST', `/api/teams/${id}/invitations`, captain, { user_id: who.userId });
      expect((await call('POST', `/api/team-invitations/${sent.json().id}/accept`, who)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    return id;
  }
  const roles = async (teamId: number, who: SignedIn) => {
    const res = await call('GET', `/api/teams/${teamId}`, who);
    if (res.statusCode !== 200) return res.statusCode;
    return (res.json().members as { display_name: string; role: string }[]).map((m) => `${m.display_name}: ${m.role}`);
  };

  it('captaincy passes to a co-captain, else the longest-standing member; a team left empty is disbanded', async () => {
    const withCo = await makeTeam(dee, 'With Co', [early, co]);
    expect((await call('PUT', `/api/teams/${withCo}/members/${co.userId}/role`, dee, { role: 'co_captain' })).statusCode).toBe(200);
    const plain = await makeTeam(dee, 'Plain Members', [early, late]);
    const alone = await makeTeam(dee, 'Dee Alone', []);
    const asMember = await makeTeam(other, 'Olga Team', [dee]);
    const waiting = await makeTeam(other, 'Waiting Team', []);
    expect((await call('POST', `/api/teams/${waiting}/invitations`, other, { user_id: dee.userId })).statusCode).toBe(201);
    // Dee's lone team is allied with Olga's: disbanded by the erasure, it takes the alliance down with it.
    const pact = await call('POST', `/api/teams/${alone}/alliances`, dee, { name: 'Lone Pact', team_ids: [waiting] });
    expect(pact.statusCode, pact.body).toBe(201);
    expect((await call('POST', `/api/alliances/${pact.json().id}/teams/${waiting}/accept`, other)).json().status).toBe('active');

    expect((await call('POST', '/api/privacy/account-deletion/code', dee, { password: 'dee-password' })).statusCode).toBe(202);
    const code = await lastCode(t, 'dee@example.test');
    expect((await call('POST', '/api/privacy/account-deletion', dee, { code })).statusCode).toBe(200);
    t.clock.advance(DELETION_GRACE_MS + 1000);
    await privacySweep(t.context);

    // Access tokens live a day: everyone signs in again on the moved clock.
    const again = async (who: SignedIn, email: string) => ({ ...(await signIn(t, email, 'athlete-password')), userId: who.userId });
    co = await again(co, 'co@example.test');
    early = await again(early, 'early@example.test');
    other = await again(other, 'other@example.test');
    expect(await roles(withCo, co)).toEqual(['Cody Co: captain', 'Ezra Early: member']);
    expect(await roles(plain, early)).toEqual(['Ezra Early: captain', 'Lara Late: member']);
    expect(await roles(alone, co)).toBe(404);
    expect(await roles(asMember, other)).toEqual(['Olga Other: captain']);
    expect((await call('GET', `/api/teams/${waiting}`, other)).json().pending).toEqual([]);
    expect((await call('GET', `/api/teams/${waiting}/alliances`, other)).json().items).toEqual([]);
    const told = (await call('GET', '/api/notifications', other)).json().items as { kind: string; title: string }[];
    expect(told).toContainEqual(expect.objectContaining({ kind: 'alliance_ended', title: 'The alliance Lone Pact has ended' }));
    // The new captains hear about it.
    const notices = async (who: SignedIn) =>
      ((await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string }[]).filter(
        (n) => n.kind === 'team_captaincy',
      );
    expect(await notices(co)).toContainEqual(expect.objectContaining({ title: 'You are now the captain of With Co' }));
    expect(await notices(early)).toContainEqual(expect.objectContaining({ title: 'You are now the captain of Plain Members' }));
  });
});
