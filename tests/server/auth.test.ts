import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_SECONDS, MAX_CONSECUTIVE_FAILURES, REFRESH_REUSE_WINDOW_MS } from '../../server/services/auth.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refreshCookieFrom, signIn } from './helpers.ts';

describe.each(databaseKinds)('accounts and sessions on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss@example.test'], communitySiteUrl: 'https://community.example.test' }, { rateLimit: false });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('registers, mails a 6-digit code, and signs in with it', async () => {
    const reg = await post('/api/user_registration/register', { email: 'Ana@Example.test', password: 'squats-and-more', display_name: ' Ana ' });
    expect(reg.statusCode).toBe(201);
    const start = await post('/api/auth/initiate-login', { email: 'ana@example.TEST', password: 'squats-and-more' });
    expect(start.json()).toMatchObject({ resend_after_seconds: 60, code_ttl_seconds: CODE_TTL_SECONDS });
    const mail = t.outbox.last('Ana@Example.test')!;
    expect(`${mail.subject} ${mail.text}`.match(/\b\d{6}\b/g)).toHaveLength(1);
    const res = await post('/api/auth/verify-otp', { email: 'ana@example.test', code: lastCode(t, 'Ana@Example.test') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'Ana@Example.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: { read: true } });
    expect(body.token.expiresAt - body.token.issuedAt).toBe(15 * 60 * 1000);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie.secure).toBeFalsy();
    const valid = await t.app.inject({ method: 'GET', url: '/api/auth/validate-session', headers: { authorization: `Bearer ${body.token.token}` } });
    expect(valid.json()).toEqual({ valid: true, csrf_token: body.csrf_token });
  });

  it('answers the same for an unknown email, a wrong password and a right one', async () => {
    const a = await post('/api/auth/initiate-login', { email: 'nobody@example.test', password: 'whatever-123' });
    const b = await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'wrong-password' });
    t.clock.advance(61_000);
    const c = await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(b.body).toBe(c.body);
  });

  it('does not send a new code within 60 seconds, and voids the older code when it does', async () => {
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const first = lastCode(t, 'Ana@Example.test');
    const sent = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    expect(t.outbox.sent.length).toBe(sent);
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const second = lastCode(t, 'Ana@Example.test');
    if (first !== second) {
      expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code: first })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code: second })).statusCode).toBe(200);
  });

  it('sends a fresh code right away after a code was used (sign out, sign in again)', async () => {
    await signIn(t, 'again@example.test');
    const before = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'again@example.test', password: 'correct horse battery' });
    expect(t.outbox.sent.length).toBe(before + 1);
  });

  it('voids a code after 5 wrong tries', async () => {
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const code = lastCode(t, 'Ana@Example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify-otp', { email: 'ana@example.test', code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/wrong or has expired/);
    }
    expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code })).statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const code = lastCode(t, 'Ana@Example.test');
    t.clock.advance(CODE_TTL_SECONDS * 1000 + 1);
    expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code })).statusCode).toBe(401);
  });

  it('rotates the refresh cookie; a reused one ends the session family', async () => {
    const s = await signIn(t, 'rotate@example.test');
    const r1 = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().csrf_token).toBe(s.csrf);
    const c1 = refreshCookieFrom(r1);
    expect(c1).not.toBe(s.cookie);
    // Outside the reuse window the old cookie is theft: the whole family ends.
    t.clock.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    expect((await post('/api/auth/refresh-token', undefined, { cookie: s.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', undefined, { cookie: c1 })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/validate-session', headers: { authorization: `Bearer ${r1.json().token.token}` } });
    expect(me.json().valid).toBe(false);
  });

  it('lets two tabs refresh at once (the parent token works within a few seconds)', async () => {
    const s = await signIn(t, 'tabs@example.test');
    const a = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    const b = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const after = await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(b) });
    expect(after.statusCode).toBe(200);
  });

  it('needs the bearer token, and the CSRF header on state-changing calls', async () => {
    const s = await signIn(t, 'csrf@example.test');
    const body = { redirect_path: '/timeline/' };
    const none = await post('/api/wordpress-jwt/generate-navigation-token', body);
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Authentication required');
    const noCsrf = await post('/api/wordpress-jwt/generate-navigation-token', body, authHeaders(s, false));
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().detail).toMatch(/CSRF/);
    const wrong = await post('/api/wordpress-jwt/generate-navigation-token', body, { ...authHeaders(s), 'x-csrf-token': 'nope' });
    expect(wrong.statusCode).toBe(403);
    const ok = await post('/api/wordpress-jwt/generate-navigation-token', body, authHeaders(s));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true });
    expect(ok.json().handoff_url).toMatch(/^https:\/\/community\.example\.test\/wp-login\.php\?action=repforge_handoff&token=/);
    const forged = await post('/api/wordpress-jwt/generate-navigation-token', body, { authorization: `Bearer ${s.token}x`, 'x-csrf-token': s.csrf });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a subscriber on admin calls (403) and lets an ADMIN_EMAILS account change roles and unlock', async () => {
    const sub = await signIn(t, 'sub@example.test');
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users', headers: authHeaders(sub) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/administrator or editor/);
    const boss = await signIn(t, 'Boss@example.test');
    expect(boss.role).toBe('administrator');
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users?search=sub@', headers: authHeaders(boss) });
    expect(list.json().items.map((u: { email: string }) => u.email)).toEqual(['sub@example.test']);
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${sub.userId}/role`,
      headers: authHeaders(boss),
      payload: { wp_role: 'editor' },
    });
    expect(promote.json()).toMatchObject({ wp_role: 'editor' });
    const nowAllowed = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users', headers: authHeaders(sub) });
    expect(nowAllowed.statusCode).toBe(200);
    const badRole = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${sub.userId}/role`,
      headers: authHeaders(boss),
      payload: { wp_role: 'overlord' },
    });
    expect(badRole.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/admin/users/999999/unlock', headers: authHeaders(boss) });
    expect(missing.statusCode).toBe(404);
  });

  it(`locks an account after ${MAX_CONSECUTIVE_FAILURES} consecutive failures until an admin unlocks it`, async () => {
    const victim = await signIn(t, 'locked@example.test', 'the-right-password');
    for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i++) {
      await post('/api/auth/initiate-login', { email: 'locked@example.test', password: `wrong-${i}` });
    }
    t.clock.advance(61_000);
    const sent = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'locked@example.test', password: 'the-right-password' });
    expect(t.outbox.sent.length).toBe(sent); // locked: no code, same answer
    const boss = await signIn(t, 'boss@example.test');
    const unlocked = await post(`/api/auth/admin/users/${victim.userId}/unlock`, undefined, authHeaders(boss));
    expect(unlocked.json()).toMatchObject({ locked: false });
    t.clock.advance(61_000);
    const before = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'locked@example.test', password: 'the-right-password' });
    expect(t.outbox.sent.length).toBe(before + 1);
    expect(t.outbox.sent.at(-1)!.to).toBe('locked@example.test');
  });

  it('logs out on the server: the token and the cookie stop working', async () => {
    const s = await signIn(t, 'bye@example.test');
    const out = await post('/api/auth/logout', undefined, { cookie: s.cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    expect((await post('/api/auth/refresh-token', undefined, { cookie: s.cookie })).statusCode).toBe(401);
    expect((await post('/api/wordpress-nav/generate-auth-code', undefined, authHeaders(s))).statusCode).toBe(401);
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('resets a forgotten password by mailed link; old sessions end and the link works once', async () => {
    const s = await signIn(t, 'forgot@example.test', 'old-password-1');
    const res = await post('/api/auth/forgot-password', { email: 'FORGOT@example.test' }, { host: 'app.example.test' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(res.body).toBe(unknown.body);
    const link = /(http:\/\/app\.example\.test\/password-reset-page\?token=[\w-]+)/.exec(t.outbox.last('forgot@example.test')!.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect((await post('/api/auth/validate-reset-token', { token })).json()).toEqual({ valid: true, email: 'forgot@example.test' });
    expect((await post('/api/auth/reset-password', { token, password: 'short' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token, password: 'new-password-2' })).statusCode).toBe(200);
    expect((await post('/api/auth/validate-reset-token', { token })).json()).toEqual({ valid: false });
    const again = await post('/api/auth/reset-password', { token, password: 'new-password-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid or has expired/);
    expect((await post('/api/auth/refresh-token', undefined, { cookie: s.cookie })).statusCode).toBe(401);
    await expect(signIn(t, 'forgot@example.test', 'new-password-2')).resolves.toBeTruthy();
  });

  it('mails at most one reset link a minute per account', async () => {
    await signIn(t, 'spam@example.test');
    const before = t.outbox.sent.length;
    for (let i = 0; i < 3; i++) await post('/api/auth/forgot-password', { email: 'spam@example.test' });
    expect(t.outbox.sent.length).toBe(before + 1);
    t.clock.advance(61_000);
    await post('/api/auth/forgot-password', { email: 'spam@example.test' });
    expect(t.outbox.sent.length).toBe(before + 2);
  });

  it('stores SQL and script strings inert', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const email = `o'hara+x@example.test`;
    const s = await signIn(t, email, 'password-123', name);
    const res = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(res.json().user).toMatchObject({ display_name: name, email });
  });

  it('refuses bad input with 4xx and a detail', async () => {
    const cases: [string, unknown][] = [
      ['/api/user_registration/register', { email: 'not-an-email', password: 'longenough', display_name: 'x' }],
      ['/api/user_registration/register', { email: 'a@b.test', password: 'short', display_name: 'x' }],
      ['/api/user_registration/register', { email: 'a@b.test', password: 'longenough', display_name: '   ' }],
      ['/api/user_registration/register', { email: 'a@b.test', password: 'longenough', display_name: 'x'.repeat(81) }],
      ['/api/auth/verify-otp', { email: 'a@b.test', code: '12345a' }],
      ['/api/auth/initiate-login', { email: 'a@b.test', password: 12345678 }],
      ['/api/auth/initiate-login', { email: 'a@b.test', password: 'x', extra: true }],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBeTruthy();
    }
  });

  it('answers the community handoff with success false when no community site is configured', async () => {
    const bare = await createTestApp(kind);
    try {
      const s = await signIn(bare, 'plain@example.test');
      const res = await bare.app.inject({ method: 'POST', url: '/api/wordpress-jwt/generate-navigation-token', headers: authHeaders(s), payload: { redirect_path: '/' } });
      expect(res.json()).toEqual({ success: false, message: 'The community site is not configured.' });
    } finally {
      await bare.close();
    }
  });
});

describe('rate limits', () => {
  it('answers too many sign-in attempts from one address with 429 and Retry-After', async () => {
    const t = await createTestApp('pglite');
    try {
      let last;
      for (let i = 0; i < 25; i++) {
        last = await t.app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: { email: 'x@example.test', password: 'whatever' } });
      }
      expect(last!.statusCode).toBe(429);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().detail).toMatch(/Too many attempts/);
    } finally {
      await t.close();
    }
  });
});
