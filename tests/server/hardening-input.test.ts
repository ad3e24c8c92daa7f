import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { MILE } from './fixtures.ts';

const HOUR = 3_600_000;
describe.each(databaseKinds)('bad input is the caller’s fault, never a 500, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let challengeId: number;
  let testId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const now = t.clock.now().getTime();
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(admin),
      payload: {
        title: 'Fran',
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 48 * HOUR).toISOString(),
      },
    });
    expect(challenge.statusCode, challenge.body).toBe(201);
    challengeId = challenge.json().id;
    const test = await t.app.inject({ method: 'POST', url: '/api/v1/tests', headers: authHeaders(admin), payload: MILE });
    expect(test.statusCode, test.body).toBe(201);
    testId = test.json().id;
  });
  afterAll(async () => t.close());

  describe('a control character in a query, path or body string is a 400 with a detail', () => {
    const cases: {
      name: string;
      method: 'GET' | 'POST' | 'PUT';
      url: () => string;
      who?: () => SignedIn;
      payload?: () => object;
      where: RegExp;
    }[] = [
      { name: 'discover search, signed out', method: 'GET', url: () => '/api/challenges/discover?search=%00', where: /^query\.search/ },
      {
        name: 'discover search, signed in',
        method: 'GET',
        url: () => '/api/challenges/discover?search=fr%01an',
        who: () => ana,
        where: /^query\.search/,
      },
      {
        name: 'claimable results by name',
        method: 'GET',
        url: () => '/api/v1/athlete-profiles/claims/search?name=an%00a',
        who: () => ana,
        where: /^query\.name/,
      },
      { name: 'a path segment', method: 'GET', url: () => '/api/v1/athlete-profiles/1%00', where: /^params\.userId/ },
      {
        name: 'forgot password, signed out',
        method: 'POST',
        url: () => '/api/auth/forgot-password',
        payload: () => ({ email: 'ana\u0000@example.test' }),
        where: /^body\.email/,
      },
      {
        name: 'registration',
        method: 'POST',
        url: () => '/api/user_registration/register',
        payload: () => ({ email: 'x@example.test', password: 'long enough password', display_name: 'X\u0000' }),
        where: /^body\.display_name/,
      },
      {
        name: 'sign-in',
        method: 'POST',
        url: () => '/api/auth/initiate-login',
        payload: () => ({ email: 'ana@example.test', password: 'pass\u0007word' }),
        where: /^body\.password/,
      },
      {
        name: 'a challenge title',
        method: 'PUT',
        url: () => `/api/challenges/${challengeId}`,
        who: () => admin,
        payload: () => ({
          title: 'Fran\u0000',
          score_type: 'reps',
          starts_at: new Date().toISOString(),
          ends_at: new Date(Date.now() + HOUR).toISOString(),
        }),
        where: /^body\.title/,
      },
      {
        name: 'a team name in a join',
        method: 'POST',
        url: () => `/api/challenges/${challengeId}/join`,
        who: () => ana,
        payload: () => ({ division: 'rx', team_name: 'Team\u001b[31m' }),
        where: /^body\.team_name/,
      },
      {
        name: 'a field name',
        method: 'POST',
        url: () => '/api/auth/forgot-password',
        payload: () => ({ 'em\u0000ail': 'x' }),
        where: /field name/,
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const res = await t.app.inject({
          method: c.method,
          url: c.url(),
          headers: c.who ? authHeaders(c.who()) : {},
          payload: c.payload?.(),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toMatch(c.where);
        expect(res.json().detail).toMatch(/control character/);
      });
    }
  });

  it('multi-line text keeps its tabs and line breaks', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/challenges/${challengeId}`,
      headers: authHeaders(admin),
      payload: {
        title: 'Fran',
        description: '21-15-9\n\tthrusters\r\n\tpull-ups',
        score_type: 'reps',
        starts_at: new Date(t.clock.now().getTime() - HOUR).toISOString(),
        ends_at: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().description).toBe('21-15-9\n\tthrusters\r\n\tpull-ups');
  });

  describe('a JSON body sent as another media type is a 415 and changes nothing', () => {
    const asText = (url: string, method: 'POST' | 'PUT', body: unknown, who?: SignedIn) =>
      t.app.inject({
        method,
        url,
        headers: { ...(who ? authHeaders(who) : {}), 'content-type': 'text/plain' },
        payload: JSON.stringify(body),
      });

    it('forgot password sends no mail', async () => {
      await t.settled();
      const before = t.outbox.sent.length;
      const res = await asText('/api/auth/forgot-password', 'POST', { email: 'ana@example.test' });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().detail).toMatch(/application\/json/);
      await t.settled();
      expect(t.outbox.sent.length).toBe(before);
    });

    it('the navigation token is not issued', async () => {
      const res = await asText('/api/wordpress-jwt/generate-navigation-token', 'POST', { redirect_path: '/timeline/' }, ana);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).not.toHaveProperty('handoff_url');
    });

    it('join does not join', async () => {
      const res = await asText(`/api/challenges/${challengeId}/join`, 'POST', { division: 'rx' }, ana);
      expect(res.statusCode, res.body).toBe(415);
      const count = await t.app.inject({ method: 'GET', url: `/api/challenges/${challengeId}/participants/count` });
      expect(count.json()).toEqual({ count: 0 });
    });

    it('the test status stays as it was', async () => {
      const res = await asText(`/api/v1/tests/${testId}/status`, 'PUT', { status: 'retired' }, admin);
      expect(res.statusCode, res.body).toBe(415);
      const test = await t.app.inject({ method: 'GET', url: `/api/v1/tests/${testId}` });
      expect(test.json().status).toBe('active');
    });

    it('the same body as application/json is still taken', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${challengeId}/join`,
        headers: { ...authHeaders(ana), 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify({ division: 'rx' }),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
