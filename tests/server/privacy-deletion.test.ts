import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_MS, FORMER_ATHLETE_NAME } from '#domain/privacy.ts';
import { athleteProfiles, sessions, users } from '#server/db/schema.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { privacySweep } from '#server/areas/privacy/privacy.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('account deletion on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dee: SignedIn;
  let eve: SignedIn;
  let challengeId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    dee = await signIn(t, 'dee@example.test', 'dee-password', 'Dee');
    eve = await signIn(t, 'eve@example.test', 'eve-password', 'Eve');
    const now = t.clock.now().getTime();
    const created = await call('POST', '/api/challenges/', eve, {
      title: 'Plank hold',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 60 * 24 * HOUR).toISOString(),
    });
    challengeId = created.json().id;
    for (const [who, reps] of [
      [dee, 90],
      [eve, 70],
    ] as const) {
      await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' });
      await call('POST', `/api/challenges/${challengeId}/submit-score`, who, { reps });
    }
    await call('PUT', '/api/v1/athlete-profiles/me', dee, { display_name: 'Dee', gym: 'South Box', birth_year: 1988, bio: 'Rower' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  /** The sweep runs as a background job, not a request: the board cache (PostgreSQL: kept for up to 1 s) hears of it by NOTIFY. */
  const names = async () => {
    await boardCacheOf(t.context)?.sync(t.context.database);
    return (
      (await call('GET', `/api/challenges/rankings?challenge_id=${challengeId}`)).json().items as {
        rank: number;
        athlete: { display_name: string };
      }[]
    ).map((r) => `${r.rank} ${r.athlete.display_name}`);
  };
  const status = async (who: SignedIn) => (await call('GET', '/api/privacy/account-deletion', who)).json().status as string;
  const mailsTo = (to: string) => t.outbox.sent.filter((m) => m.to === to).length;

  /** Password, then the mailed code: the deletion is scheduled and Dee is signed out. */
  async function requestDeletion(who: SignedIn, email: string, password: string) {
    const started = await call('POST', '/api/privacy/account-deletion/code', who, { password });
    expect(started.statusCode, started.body).toBe(202);
    const confirmed = await call('POST', '/api/privacy/account-deletion', who, { code: await lastCode(t, email) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json();
  }

  it('refuses a deletion without the password or the code, storing and mailing nothing', async () => {
    await t.settled();
    const mails = mailsTo('dee@example.test');
    const wrong = await call('POST', '/api/privacy/account-deletion/code', dee, { password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(refusal(wrong)).toMatch(/password is not right/);
    expect((await call('POST', '/api/privacy/account-deletion/code', dee, {})).statusCode).toBe(400);
    // The code step without a code mailed first.
    expect((await call('POST', '/api/privacy/account-deletion', dee, { code: '123456' })).statusCode).toBe(400);
    await t.settled();
    expect(mailsTo('dee@example.test')).toBe(mails);
    expect(await status(dee)).toBe('none');
    // Without the CSRF header nothing happens either.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/account-deletion/code',
      headers: authHeaders(dee, false),
      payload: { password: 'dee-password' },
    });
    expect(noCsrf.statusCode).toBe(403);
    // The password right but the code wrong: still not scheduled.
    await call('POST', '/api/privacy/account-deletion/code', dee, { password: 'dee-password' });
    const code = await lastCode(t, 'dee@example.test');
    const wrongCode = code === '000000' ? '000001' : '000000';
    const refused = await call('POST', '/api/privacy/account-deletion', dee, { code: wrongCode });
    expect(refused.statusCode).toBe(400);
    expect(await status(dee)).toBe('confirming');
  });

  it('schedules the deletion, signs out everywhere, and signing in during the grace period cancels it', async () => {
    const scheduled = await requestDeletion(dee, 'dee@example.test', 'dee-password');
    expect(scheduled).toMatchObject({ status: 'scheduled', grace_days: 14 });
    expect(new Date(scheduled.erase_after).getTime()).toBe(t.clock.now().getTime() + DELETION_GRACE_MS);
    expect((await call('GET', '/api/privacy/account-deletion', dee)).statusCode).toBe(401);
    await t.settled();
    expect(t.outbox.last('dee@example.test')?.text).toMatch(/Sign in before then and the deletion is cancelled/);

    t.clock.advance(DELETION_GRACE_MS - HOUR);
    dee = await signIn(t, 'dee@example.test', 'dee-password', 'Dee');
    expect((await call('GET', '/api/privacy/account-deletion', dee)).json()).toMatchObject({ status: 'cancelled', erase_after: null });
    await t.settled();
    expect(t.outbox.last('dee@example.test')?.subject).toMatch(/deletion is cancelled/);
    t.clock.advance(2 * HOUR);
    await privacySweep(t.context);
    expect(await names()).toEqual(['1 Dee', '2 Eve']);
  });

  it('after the grace period erases personal data and sign-ins, and the board keeps the places as “Former athlete”', async () => {
    dee = await signIn(t, 'dee@example.test', 'dee-password', 'Dee');
    await requestDeletion(dee, 'dee@example.test', 'dee-password');
    t.clock.advance(DELETION_GRACE_MS - 1);
    await privacySweep(t.context);
    expect(await names()).toEqual(['1 Dee', '2 Eve']);
    t.clock.advance(1);
    await privacySweep(t.context);
    expect(await names()).toEqual([`1 ${FORMER_ATHLETE_NAME}`, '2 Eve']);

    const db = t.context.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, dee.userId));
    expect(user).toMatchObject({ displayName: FORMER_ATHLETE_NAME });
    expect(user!.email).not.toContain('dee');
    const [profile] = await db.select().from(athleteProfiles).where(eq(athleteProfiles.userId, dee.userId));
    expect(profile).toMatchObject({ gym: null, birthYear: null, bio: '' });
    expect(await db.select().from(sessions).where(eq(sessions.userId, dee.userId))).toEqual([]);
    // The old address and password no longer sign in (no code is mailed).
    await t.settled();
    const mails = mailsTo('dee@example.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email: 'dee@example.test', password: 'dee-password' },
    });
    await t.settled();
    expect(mailsTo('dee@example.test')).toBe(mails);
    // Eve is untouched.
    eve = await signIn(t, 'eve@example.test', 'eve-password', 'Eve');
    expect((await call('GET', '/api/v1/athlete-profiles/me', eve)).json().display_name).toBe('Eve');
  });
});
