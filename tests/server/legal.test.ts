import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('liability waiver on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const signatureCount = async () =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from waiver_signatures`))[0]!.n;
  const createChallenge = async (requires_waiver: boolean) => {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', admin, {
      title: requires_waiver ? 'Risky Throwdown' : 'Easy Row',
      score_type: 'reps',
      requires_waiver,
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const join = (who: SignedIn, id: number) => call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', waiver_accepted: true });
  const sign = (who: SignedIn, body: Record<string, unknown>) => call('POST', '/api/legal/waiver/signatures', who, body);

  it('shows the first waiver to anyone, and an athlete has not signed it yet', async () => {
    const doc = await call('GET', '/api/legal/documents/waiver/current');
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ kind: 'waiver', version: 1, body: expect.stringContaining('Assumption of risk') });
    const status = await call('GET', '/api/legal/waiver/me', ana);
    expect(status.json()).toMatchObject({ document: { version: 1 }, signature: null });
    expect((await call('GET', '/api/legal/waiver/me')).statusCode).toBe(401);
  });

  it('refuses a blank name, a missing agreement, an unknown version and no CSRF, storing nothing', async () => {
    const before = await signatureCount();
    const blank = await sign(ana, { version: 1, full_name: '   ', agreed: true });
    expect(blank.statusCode).toBe(400);
    expect(refusal(blank)).toContain('Type your full name');
    expect((await sign(ana, { version: 1, full_name: 'Ana Silva', agreed: false })).statusCode).toBe(400);
    const stale = await sign(ana, { version: 7, full_name: 'Ana Silva', agreed: true });
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale)).toContain('version 1 is the current one');
    expect((await sign(ana, { full_name: 'Ana Silva', agreed: true })).statusCode).toBe(400);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/legal/waiver/signatures',
      headers: authHeaders(ana, false),
      payload: { version: 1, full_name: 'Ana Silva', agreed: true },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await signatureCount()).toBe(before);
  });

  it('a waiver challenge is joined only after signing the current version; a new version asks again', async () => {
    const risky = await createChallenge(true);
    const refused = await join(ana, risky);
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused)).toContain('signature on the current liability waiver (version 1)');

    const signed = await sign(ana, { version: 1, full_name: '  Ana   Silva ', agreed: true, challenge_id: risky });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ version: 1, full_name: 'Ana Silva' });
    expect((await call('GET', '/api/legal/waiver/me', ana)).json().signature).toMatchObject({ version: 1, full_name: 'Ana Silva' });
    // Never edited: the same version cannot be signed again under another name.
    const again = await sign(ana, { version: 1, full_name: 'Someone Else', agreed: true });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', '/api/legal/waiver/me', ana)).json().signature.full_name).toBe('Ana Silva');
    t.clock.advance(1000);
    expect((await join(ana, risky)).statusCode).toBe(200);

    // The address it came from is stored with it.
    const [row] = await rowsOf<{ ip: string; challenge_id: number }>(
      t.context.database.db,
      sql`select ip, challenge_id from waiver_signatures`,
    );
    expect(row).toMatchObject({ ip: '127.0.0.1', challenge_id: risky });

    // Ben signs version 1; then version 2 is published and his next join needs a new signature.
    expect((await sign(ben, { version: 1, full_name: 'Ben Okoro', agreed: true })).statusCode).toBe(201);
    t.clock.advance(1000);
    const v2 = await call('POST', '/api/legal/documents/waiver', admin, { body: '## New rules\n\nStill risky.', summary: 'Adds rules.' });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ kind: 'waiver', version: 2 });
    expect((await call('GET', '/api/legal/waiver/me', ben)).json()).toMatchObject({ document: { version: 2 }, signature: null });
    const benRefused = await join(ben, risky);
    expect(benRefused.statusCode).toBe(409);
    expect(refusal(benRefused)).toContain('version 2');
    expect((await sign(ben, { version: 1, full_name: 'Ben Okoro', agreed: true })).statusCode).toBe(409);
    expect((await sign(ben, { version: 2, full_name: 'Ben Okoro', agreed: true })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await join(ben, risky)).statusCode).toBe(200);
    // A challenge without the waiver needs none.
    const easy = await createChallenge(false);
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    expect((await call('POST', `/api/challenges/${easy}/join`, cy, { division: 'rx' })).statusCode).toBe(200);

    // Administrators see who joined under which signature.
    const list = await call('GET', `/api/legal/challenges/${risky}/waiver-signatures`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      challenge_id: risky,
      requires_waiver: true,
      signatures: [
        { display_name: 'Ana', signature: { version: 1, full_name: 'Ana Silva' } },
        { display_name: 'Ben', signature: { version: 2, full_name: 'Ben Okoro' } },
      ],
    });
    expect((await call('GET', `/api/legal/challenges/${risky}/waiver-signatures`, ana)).statusCode).toBe(403);
    expect((await call('GET', `/api/legal/challenges/999999/waiver-signatures`, admin)).statusCode).toBe(404);
  });

  it('joined with a signature but the box unticked: a 400 that names the box, not "needs your signature"', async () => {
    const risky = await createChallenge(true);
    const current = (await call('GET', '/api/legal/documents/waiver/current')).json().version as number;
    await sign(ben, { version: current, full_name: 'Ben Burpee', agreed: true }); // (he may have signed it already)
    expect((await call('GET', '/api/legal/waiver/me', ben)).json().signature).not.toBeNull();
    for (const body of [{ division: 'rx', waiver_accepted: false }, { division: 'rx' }]) {
      const unticked = await call('POST', `/api/challenges/${risky}/join`, ben, body);
      expect(unticked.statusCode).toBe(400);
      expect(refusal(unticked)).toContain('Tick the box');
      expect(refusal(unticked)).not.toContain('needs your signature');
      expect(unticked.json().field_errors).toHaveProperty('waiver_accepted');
    }
    expect((await join(ben, risky)).statusCode).toBeLessThan(300);
  });

  it('only administrators publish, and a blank text is refused', async () => {
    expect((await call('POST', '/api/legal/documents/waiver', ana, { body: 'Mine now.' })).statusCode).toBe(403);
    expect((await call('POST', '/api/legal/documents/waiver', admin, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/api/legal/documents/contract', admin, { body: 'x' })).statusCode).toBe(400);
    expect((await call('GET', '/api/legal/documents/waiver/current')).json().version).toBe(2);
  });
});

describe.each(databaseKinds)('consent on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const register = (email: string, consent?: unknown) =>
    call('POST', '/api/user_registration/register', undefined, {
      email,
      password: 'athlete-password',
      display_name: 'Dee',
      ...(consent ? { consent } : {}),
    });
  const userCount = async () => (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from users`))[0]!.n;

  it('signing up accepts the current terms and privacy policy, recorded with the time', async () => {
    expect((await register('dee@example.test', { terms_version: 1, privacy_version: 1 })).statusCode).toBe(201);
    const dee = await signIn(t, 'dee@example.test', 'athlete-password');
    const history = await call('GET', '/api/legal/consents', dee);
    expect(history.statusCode).toBe(200);
    expect(history.json().consents).toEqual(
      expect.arrayContaining([
        { kind: 'terms', version: 1, accepted_at: expect.any(String) },
        { kind: 'privacy', version: 1, accepted_at: expect.any(String) },
      ]),
    );
    expect((await call('GET', '/api/legal/consents/pending', dee)).json()).toEqual({ documents: [] });
  });

  it('a sign-up form showing an old version creates nothing', async () => {
    const before = await userCount();
    const res = await register('eve@example.test', { terms_version: 9, privacy_version: 1 });
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toContain('Terms of Service changed');
    expect(await userCount()).toBe(before);
  });

  it('a new terms version waits for acceptance; unknown and old versions are refused and store nothing', async () => {
    const finn = await signIn(t, 'finn@example.test', 'athlete-password', 'Finn');
    const published = await call('POST', '/api/legal/documents/terms', admin, { body: 'Terms v2', summary: 'Clearer rules on video.' });
    expect(published.statusCode).toBe(201);
    expect(published.json().version).toBe(2);
    const pending = (await call('GET', '/api/legal/consents/pending', finn)).json();
    expect(pending.documents).toEqual([expect.objectContaining({ kind: 'terms', version: 2, summary: 'Clearer rules on video.' })]);
    const historyBefore = (await call('GET', '/api/legal/consents', finn)).json().consents;

    const unknown = await call('POST', '/api/legal/consents', finn, { accept: [{ kind: 'terms', version: 3 }] });
    expect(unknown.statusCode).toBe(400);
    expect(refusal(unknown)).toContain('no version 3');
    const old = await call('POST', '/api/legal/consents', finn, {
      accept: [
        { kind: 'privacy', version: 1 },
        { kind: 'terms', version: 1 },
      ],
    });
    expect(old.statusCode).toBe(409);
    expect((await call('POST', '/api/legal/consents', finn, { accept: [{ kind: 'waiver', version: 1 }] })).statusCode).toBe(400);
    expect((await call('POST', '/api/legal/consents', finn, { accept: [] })).statusCode).toBe(400);
    expect((await call('GET', '/api/legal/consents', finn)).json().consents).toEqual(historyBefore);

    t.clock.advance(1000);
    const accepted = await call('POST', '/api/legal/consents', finn, { accept: [{ kind: 'terms', version: 2 }] });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().consents[0]).toMatchObject({ kind: 'terms', version: 2 });
    expect(accepted.json().consents).toHaveLength(3);
    expect((await call('GET', '/api/legal/consents/pending', finn)).json()).toEqual({ documents: [] });
    // The sign-up form now shows version 2.
    expect((await register('gus@example.test', { terms_version: 2, privacy_version: 1 })).statusCode).toBe(201);
  });
});
