import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATIONS_PER_DAY } from '#domain/constants.ts';
import { hasLink, mailSubject } from '#domain/mail-text.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';

describe.each(databaseKinds)('abuse limits and rotated links on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cap: SignedIn;
  let mem: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    cap = await signIn(t, 'cap@example.test', 'athlete-password', 'Cara Captain');
    mem = await signIn(t, 'mem@example.test', 'athlete-password', 'Mia Member');
    other = await signIn(t, 'other@example.test', 'athlete-password', 'Otto Other');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });

  it('a removed member’s calendar link stops working, and so do old links after the captain asks for a new one', async () => {
    const team = (await call('POST', '/api/teams', cap, { name: 'Salted', max_size: 4 })).json();
    const sent = await call('POST', `/api/teams/${team.id}/invitations`, cap, { user_id: mem.userId });
    expect((await call('POST', `/api/team-invitations/${sent.json().id}/accept`, mem)).statusCode).toBe(200);
    const theirs = (await call('GET', `/api/teams/${team.id}`, mem)).json().calendar_url as string;
    expect((await call('GET', theirs)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/teams/${team.id}/members/${mem.userId}`, cap)).statusCode).toBe(200);
    expect((await call('GET', theirs)).statusCode).toBe(404);
    const mine = (await call('GET', `/api/teams/${team.id}`, cap)).json().calendar_url as string;
    expect((await call('GET', mine)).statusCode).toBe(200);
    expect((await call('POST', `/api/teams/${team.id}/calendar/rotate`, other)).statusCode).toBe(403);
    const rotated = await call('POST', `/api/teams/${team.id}/calendar/rotate`, cap);
    expect(rotated.statusCode).toBe(200);
    expect((await call('GET', mine)).statusCode).toBe(404);
    expect((await call('GET', rotated.json().calendar_url)).statusCode).toBe(200);
  });

  it('an unverified gym shows in its creator’s autocomplete only', async () => {
    expect((await call('POST', '/api/gyms', other, { name: 'Zzyzx Spam Box' })).statusCode).toBe(201);
    const names = async (who?: SignedIn) =>
      ((await call('GET', '/api/gyms?q=Zzyzx', who)).json().items as { name: string }[]).map((g) => g.name);
    expect(await names(other)).toEqual(['Zzyzx Spam Box']);
    expect(await names(cap)).toEqual([]);
    expect(await names()).toEqual([]);
  });

  it('an account creates at most its day’s teams, then gets 429 in plain words', async () => {
    const made: number[] = [];
    for (let i = 0; i < CREATIONS_PER_DAY.teams + 1; i++)
      made.push((await call('POST', '/api/teams', other, { name: `Flood ${i}`, max_size: 4 })).statusCode);
    expect(made.filter((s) => s === 201)).toHaveLength(CREATIONS_PER_DAY.teams);
    const last = await call('POST', '/api/teams', other, { name: 'Flood again', max_size: 4 });
    expect(last.statusCode).toBe(429);
    expect(last.json().detail).toMatch(/in the last 24 hours/);
  });
});

describe('mail subjects', () => {
  it('carry no link and no control character, whatever a name holds', () => {
    const piece = fc.constantFrom(
      'Verify account ',
      'http://evil.example',
      'www.x.io',
      'evil.example/login',
      '\r\nBcc: x',
      'St. Louis',
      'Ana',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.string(), (parts, extra) => {
        const subject = mailSubject(parts.join('') + extra);
        expect(hasLink(subject)).toBe(false);
        expect([...subject].some((ch) => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f))).toBe(false);
      }),
    );
    expect(mailSubject('Meet in St. Louis')).toBe('Meet in St. Louis');
  });
});
