import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_EVENTS_COUNT_CAP } from '#domain/admin-operations.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refreshCookieFrom, type SignedIn, signIn } from './helpers.ts';

describe.each(databaseKinds)('security monitoring on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let ana: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    editor = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${editor.userId}/role`,
      headers: authHeaders(admin),
      payload: { wp_role: 'editor' },
    });
    expect(promoted.statusCode).toBe(200);
    await t.settled();
  });
  afterAll(async () => t.close());

  const get = async (url: string, who: SignedIn) => {
    await t.settled();
    return t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
  };
  const wrongPassword = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email, password: 'not-the-password' },
      remoteAddress: ip,
      headers: { 'user-agent': 'AttackBot/1.0' },
    });

  it('records sign-ins and role changes with address, browser and who acted', async () => {
    const events = (await get('/api/admin/security/events?page_size=100', admin)).json().items;
    expect(events.filter((e: { kind: string }) => e.kind === 'sign_in_success')).toHaveLength(3);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'role_change',
        user_id: editor.userId,
        actor_name: 'Admin Ada',
        detail: 'subscriber → editor',
        ip: '127.0.0.1',
      }),
    );
  });

  it('raises an alert for ten failed sign-ins from one address in a minute, not for nine', async () => {
    for (let i = 0; i < 9; i++) await wrongPassword(`victim${i % 3}@example.test`, '203.0.113.9');
    expect((await get('/api/admin/security/alerts', admin)).json().items).toEqual([]);
    await wrongPassword('ana@example.test', '203.0.113.9');
    const alerts = (await get('/api/admin/security/alerts', admin)).json();
    expect(alerts.threshold_per_minute).toBe(10);
    expect(alerts.items).toEqual([expect.objectContaining({ ip: '203.0.113.9', failures: 10, accounts: 4 })]);
    const fromIp = (await get('/api/admin/security/events?ip=203.0.113.9', admin)).json();
    expect(fromIp.total).toBe(10);
    expect(fromIp.items[0]).toMatchObject({
      kind: 'sign_in_failure',
      user_agent: 'AttackBot/1.0',
      email: 'ana@example.test',
      user_id: ana.userId,
    });
    const summary = (await get('/api/admin/security/summary?ip=203.0.113.9', admin)).json();
    expect(summary.counts).toEqual([{ kind: 'sign_in_failure', count: 10 }]);
    expect(summary.related.map((r: { label: string }) => r.label)).toContain('Ana (ana@example.test)');
  });

  it('records wrong codes, password resets and refresh-token reuse', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email: 'ana@example.test', password: 'athlete-password' },
    });
    await lastCode(t, 'ana@example.test');
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'ana@example.test', code: '000000' } });
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: ana.cookie } });
    expect(first.statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: refreshCookieFrom(first) } });
    t.clock.advance(5 * 60_000);
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: ana.cookie } });
    expect(replay.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ana@example.test' } });
    const counts = (await get(`/api/admin/security/summary?user_id=${ana.userId}`, admin)).json().counts;
    const kinds = counts.map((c: { kind: string }) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(['code_failure', 'refresh_reuse', 'sign_in_success', 'sign_in_failure']));
    const requested = (await get('/api/admin/security/events?kind=password_reset_requested', admin)).json().items;
    expect(requested[0]).toMatchObject({ email: 'ana@example.test' });
  });

  it('revokes every session of an account and unlocks it, recording both', async () => {
    const other = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/security/accounts/${ana.userId}/revoke-sessions`,
      headers: authHeaders(admin),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: authHeaders(other) })).statusCode).toBe(401);
    const summary = (await get(`/api/admin/security/summary?user_id=${ana.userId}`, admin)).json();
    expect(summary.account).toMatchObject({ email: 'ana@example.test', active_sessions: 0 });
    await t.app.inject({ method: 'POST', url: `/api/auth/admin/users/${ana.userId}/unlock`, headers: authHeaders(admin) });
    const kinds = (await get(`/api/admin/security/events?user_id=${ana.userId}&page_size=100`, admin))
      .json()
      .items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['sessions_revoked', 'admin_unlock']));
  });

  it('keeps the timeline to administrators and editors; an editor cannot end an administrator’s sessions', async () => {
    expect((await get('/api/admin/security/events', editor)).statusCode).toBe(200);
    expect((await get('/api/admin/security/events', await signIn(t, 'bo@example.test', 'athlete-password', 'Bo'))).statusCode).toBe(403);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/security/accounts/${admin.userId}/revoke-sessions`,
      headers: authHeaders(editor),
    });
    expect(denied.statusCode).toBe(403);
    expect((await get('/api/admin/security/summary', admin)).statusCode).toBe(400);
    expect((await get('/api/admin/security/summary?user_id=999999', admin)).statusCode).toBe(404);
    expect((await get('/api/admin/security/events?kind=nonsense', admin)).statusCode).toBe(400);
  });

  it('counts matching events up to 10,000 and says when more match; filtered pages stay exact', async () => {
    const before = (await get('/api/admin/security/events', admin)).json();
    expect(before).toMatchObject({ total_capped: false });
    const extra = AUTH_EVENTS_COUNT_CAP + 40 - before.total;
    await t.context.database.db.execute(sql`insert into auth_events (kind, ip, user_agent, occurred_at)
      select 'sign_out', '198.51.100.7', 'Bench/1.0', now() - interval '30 days' - (g || ' seconds')::interval
      from generate_series(1, ${extra}) g`);
    const first = (await get('/api/admin/security/events', admin)).json();
    expect(first).toMatchObject({ total: AUTH_EVENTS_COUNT_CAP, total_capped: true, page: 1 });
    expect(first.items).toHaveLength(25);
    // A page past the cap counts to its own end, still saying more match (40 events lie beyond 10,000).
    const deep = (await get('/api/admin/security/events?page=401', admin)).json();
    expect(deep).toMatchObject({ total: 10_025, total_capped: true });
    expect(deep.items).toHaveLength(25);
    const last = (await get('/api/admin/security/events?page=402', admin)).json();
    expect(last).toMatchObject({ total: AUTH_EVENTS_COUNT_CAP + 40, total_capped: false });
    expect(last.items).toHaveLength(15);
    const narrowed = (await get('/api/admin/security/events?kind=role_change', admin)).json();
    expect(narrowed).toMatchObject({ total: 1, total_capped: false });
  });
});
