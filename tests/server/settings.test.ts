import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_KINDS, NOTIFICATION_KINDS } from '#domain/notifications.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(databaseKinds)('settings on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });

  /** Signs in again from a browser with this User-Agent: a second session of the same account. */
  async function signInFrom(email: string, password: string, userAgent: string): Promise<SignedIn> {
    t.clock.advance(61_000);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(started.statusCode, started.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      headers: { 'user-agent': userAgent },
      payload: { email, code: await lastCode(t, email) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      token: body.token.token,
      csrf: body.csrf_token,
      cookie: refreshCookieFrom(res),
      userId: body.user.wp_user_id,
      role: 'subscriber',
    };
  }

  it('a new account has the defaults: metric, UTC, every timeline kind on', async () => {
    const ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const res = await call('GET', '/api/settings', ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      units: 'metric',
      time_zone: 'UTC',
      timeline: { personal_record: true, challenge_joined: true, final_place: true },
      notifications: {
        in_app: { achievement_unlocked: true, milestone_reached: true, personal_record: true, popup_sound: false },
        email: Object.fromEntries(EMAIL_KINDS.map((k) => [k, NOTIFICATION_KINDS[k].email])),
      },
      community: { site_url: null, account_id: ana.userId, display_name: 'Ana' },
    });
    expect((await call('GET', '/api/settings')).statusCode).toBe(401);
  });

  it('saves units, time zone and timeline choices together; the profile and streaks read the same values', async () => {
    const ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    const saved = await call('PUT', '/api/settings', ben, {
      units: 'imperial',
      time_zone: 'America/Denver',
      timeline: { challenge_joined: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      units: 'imperial',
      time_zone: 'America/Denver',
      timeline: { personal_record: true, challenge_joined: false, final_place: true },
    });
    // One stored value each: the athlete profile shows the units, the account the zone.
    const profile = (await call('GET', '/api/v1/athlete-profiles/me', ben)).json();
    expect(profile).toMatchObject({ units: 'imperial', time_zone: 'America/Denver' });
    // And the other way round: the streaks' time-zone call is seen by the settings.
    expect((await call('PUT', '/api/achievements/time-zone', ben, { time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await call('GET', '/api/settings', ben)).json()).toMatchObject({ units: 'imperial', time_zone: 'Asia/Tokyo' });
  });

  it('a value outside its set is refused with a clear 400 and nothing is stored', async () => {
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const before = (await call('GET', '/api/settings', cy)).json();
    const bad: [unknown, RegExp][] = [
      [{ units: 'stones', time_zone: 'Europe/Berlin' }, /units/i],
      [{ units: 'imperial', time_zone: 'Mars/Olympus_Mons' }, /Mars\/Olympus_Mons is not a time zone we know/],
      [{ units: 'imperial', timeline: { tweets: true } }, /tweets/],
      [{ units: 'imperial', timeline: { final_place: 'yes' } }, /final_place/],
      [{}, /./],
    ];
    for (const [payload, why] of bad) {
      const res = await call('PUT', '/api/settings', cy, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusal(res)).toMatch(why);
    }
    expect((await call('GET', '/api/settings', cy)).json()).toEqual(before);
    // Without the CSRF header nothing is saved either.
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: authHeaders(cy, false),
      payload: { units: 'imperial' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call('GET', '/api/settings', cy)).json().units).toBe('metric');
  });

  it('lists live sessions with their device and last use, and signs one out or all the others', async () => {
    await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    const laptop = await signInFrom('dee@example.test', 'athlete-password', FIREFOX_WINDOWS);
    t.clock.advance(60_000);
    const phone = await signInFrom('dee@example.test', 'athlete-password', SAFARI_IPHONE);
    t.clock.advance(60_000);
    const tablet = await signInFrom('dee@example.test', 'athlete-password', 'curl/8.0');

    const listed = await call('GET', '/api/settings/sessions', laptop);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as { id: string; device: string; current: boolean; last_used_at: string; signed_in_at: string }[];
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({ device: 'Firefox on Windows', current: true });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.device)).toEqual(expect.arrayContaining(['Safari on iPhone', 'Unknown device']));
    // Others by last use, newest first.
    const others = items.slice(1).map((s) => Date.parse(s.last_used_at));
    expect(others).toEqual([...others].sort((a, b) => b - a));

    // A refresh counts as a use.
    t.clock.advance(60_000);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: phone.cookie } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const phoneRow = (await call('GET', '/api/settings/sessions', laptop))
      .json()
      .items.find((s: { device: string }) => s.device === 'Safari on iPhone');
    expect(phoneRow.last_used_at).toBe(t.clock.now().toISOString());
    const phoneNow = { ...phone, token: refreshed.json().token.token, cookie: refreshCookieFrom(refreshed) };

    // Signing the phone out ends its access token and its refresh token at once.
    const ended = await call('DELETE', `/api/settings/sessions/${phoneRow.id}`, laptop);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await call('GET', '/api/settings', phoneNow)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: phoneNow.cookie } })).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', `/api/settings/sessions/${phoneRow.id}`, laptop)).statusCode).toBe(404);

    // The current browser is not signed out from here.
    const self = await call('DELETE', `/api/settings/sessions/${items[0]!.id}`, laptop);
    expect(self.statusCode).toBe(409);
    expect(refusal(self)).toMatch(/browser you are using/);

    // Everywhere else: the tablet and the first browser end; the laptop stays.
    const rest = await call('POST', '/api/settings/sessions/sign-out-others', laptop);
    expect(rest.json()).toEqual({ signed_out: 2 });
    expect((await call('GET', '/api/settings', tablet)).statusCode).toBe(401);
    expect((await call('GET', '/api/settings', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/settings/sessions', laptop)).json().items).toHaveLength(1);
  });

  it('never lists or ends another account’s sessions', async () => {
    const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
    const finn = await signIn(t, 'finn@example.test', 'athlete-password', 'Finn');
    const finnSession = (await call('GET', '/api/settings/sessions', finn)).json().items[0].id as string;
    expect((await call('GET', '/api/settings/sessions', eve)).json().items.map((s: { id: string }) => s.id)).not.toContain(finnSession);
    expect((await call('DELETE', `/api/settings/sessions/${finnSession}`, eve)).statusCode).toBe(404);
    expect((await call('POST', '/api/settings/sessions/sign-out-others', eve)).json()).toEqual({ signed_out: 0 });
    expect((await call('GET', '/api/settings', finn)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/settings/sessions/not-a-uuid', eve)).statusCode).toBe(400);
  });
});
