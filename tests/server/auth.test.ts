import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, jwtVerify } from 'jose';
import { loginCodes, users } from '#server/db/schema.ts';
import { REFRESH_REUSE_WINDOW_MS, SESSION_MAX_AGE_MS } from '#server/areas/auth/auth.ts';
import { CODE_TTL_SECONDS } from '#server/areas/auth/sign-in.ts';
import { ACCESS_TOKEN_TTL_MS } from '#server/lib/tokens.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refreshCookieFrom, signIn } from './helpers.ts';

describe.each(databaseKinds)('accounts and sessions on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { adminEmails: ['boss@example.test'], communitySiteUrl: 'https://community.example.test' },
      { rateLimit: false },
    );
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('registers, mails a 6-digit code, and signs in with it', async () => {
    const reg = await post('/api/user_registration/register', {
      email: 'Ana@Example.test',
      password: 'squats-and-more',
      display_name: ' Ana ',
    });
    expect(reg.statusCode).toBe(201);
    const start = await post('/api/auth/initiate-login', { email: 'ana@example.TEST', password: 'squats-and-more' });
    expect(start.json()).toEqual({
      message: 'If the email and password are right, we have sent a sign-in code to that address.',
      resend_after_seconds: 60,
      code_ttl_seconds: CODE_TTL_SECONDS,
    });
    const code = await lastCode(t, 'Ana@Example.test');
    const mail = t.outbox.last('Ana@Example.test')!;
    expect(`${mail.subject} ${mail.text}`.match(/\d{6}/g)).toEqual([code]);
    const res = await post('/api/auth/verify-otp', { email: 'ana@example.test', code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'Ana@Example.test',
      display_name: 'Ana',
      wp_role: 'subscriber',
      wp_capabilities: { read: true },
    });
    expect(body.token.expiresAt - body.token.issuedAt).toBe(15 * 60 * 1000);
    expect(body.token.issuedAt).toBe(t.clock.now().getTime());
    const claims = decodeJwt(body.token.token);
    expect(claims.sub).toBe(String(body.user.wp_user_id));
    expect(typeof claims.sid).toBe('string');
    expect(JSON.parse(Buffer.from(body.token.token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: SESSION_MAX_AGE_MS / 1000 });
    expect(cookie.secure).toBeFalsy();
    const valid = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate-session',
      headers: { authorization: `Bearer ${body.token.token}` },
    });
    expect(valid.json()).toEqual({ valid: true, csrf_token: body.csrf_token });
  });

  it('answers a second registration of an email the same, and mails its owner instead', async () => {
    const again = await post('/api/user_registration/register', {
      email: 'ANA@example.test',
      password: 'another-password',
      display_name: 'Impostor',
    });
    expect(again.statusCode).toBe(201);
    const first = await post('/api/user_registration/register', {
      email: 'fresh@example.test',
      password: 'another-password',
      display_name: 'Fresh',
    });
    expect(again.body).toBe(first.body);
    await t.settled();
    expect(t.outbox.last('ANA@example.test')!.subject).toMatch(/tried to create/);
    const rows = await t.context.database.db.select().from(users).where(eq(users.emailNormalized, 'ana@example.test'));
    expect(rows.map((r) => r.displayName)).toEqual(['Ana']);
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
    const first = await lastCode(t, 'Ana@Example.test');
    const sent = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    await t.settled();
    expect(t.outbox.sent.length).toBe(sent);
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const second = await lastCode(t, 'Ana@Example.test');
    if (first !== second) {
      expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code: first })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code: second })).statusCode).toBe(200);
  });

  it('sends a fresh code right away after a code was used (sign out, sign in again)', async () => {
    await signIn(t, 'again@example.test');
    const before = t.outbox.sent.length;
    await post('/api/auth/initiate-login', { email: 'again@example.test', password: 'correct horse battery' });
    await t.settled();
    expect(t.outbox.sent.length).toBe(before + 1);
  });

  it('voids a code after 5 wrong tries', async () => {
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const code = await lastCode(t, 'Ana@Example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify-otp', { email: 'ana@example.test', code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/wrong or has expired/);
    }
    expect((await post('/api/auth/verify-otp', { email: 'ana@example.test', code })).statusCode).toBe(401);
  });

  it('lets a code sign in once, even when sent twice at the same moment', async () => {
    await signIn(t, 'twice@example.test');
    await post('/api/auth/initiate-login', { email: 'twice@example.test', password: 'correct horse battery' });
    const code = await lastCode(t, 'twice@example.test');
    const answers = await Promise.all([0, 1].map(() => post('/api/auth/verify-otp', { email: 'twice@example.test', code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired code', async () => {
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'ana@example.test', password: 'squats-and-more' });
    const code = await lastCode(t, 'Ana@Example.test');
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
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate-session',
      headers: { authorization: `Bearer ${r1.json().token.token}` },
    });
    expect(me.json().valid).toBe(false);
  });

  it('lets two tabs refresh at once: both end up with the same working cookie', async () => {
    const s = await signIn(t, 'tabs@example.test');
    const a = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    t.clock.advance(REFRESH_REUSE_WINDOW_MS - 1000);
    const b = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().csrf_token).toBe(s.csrf);
    expect(b.json().token.token).not.toBe(a.json().token.token);
    // Whichever Set-Cookie the browser keeps last, it holds the family's current token.
    expect(refreshCookieFrom(b)).toBe(refreshCookieFrom(a));
    t.clock.advance(REFRESH_REUSE_WINDOW_MS * 3);
    const after = await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(a) });
    expect(after.statusCode).toBe(200);
    // A retry right after (its answer was lost) gets the same new cookie.
    const retry = await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(a) });
    expect(refreshCookieFrom(retry)).toBe(refreshCookieFrom(after));
    // Once the window is over, the parent is a stolen token and ends the family.
    t.clock.advance(REFRESH_REUSE_WINDOW_MS + 1);
    expect((await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(a) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(after) })).statusCode).toBe(401);
  });

  it('refuses an expired access token but refreshes it, and ends the family after 30 days', async () => {
    const s = await signIn(t, 'longrun@example.test');
    t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
    const stale = await post('/api/wordpress-nav/generate-auth-code', undefined, authHeaders(s));
    expect(stale.statusCode).toBe(401);
    const renewed = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(renewed.statusCode).toBe(200);
    const maxAge = renewed.cookies.find((c) => c.name === 'refresh_token')!.maxAge!;
    expect(maxAge).toBe(Math.floor((SESSION_MAX_AGE_MS - ACCESS_TOKEN_TTL_MS - 1000) / 1000));
    t.clock.advance(SESSION_MAX_AGE_MS);
    const ended = await post('/api/auth/refresh-token', undefined, { cookie: refreshCookieFrom(renewed) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().detail).toBe('Your session has ended. Please sign in again.');
    expect(ended.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
  });

  it('answers validate-session for a bearer, a cookie alone, or nobody', async () => {
    const s = await signIn(t, 'validate@example.test');
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/validate-session', headers });
    expect((await get({})).json()).toEqual({ valid: false });
    expect((await get({ cookie: s.cookie })).json()).toEqual({ valid: true, csrf_token: s.csrf });
    expect((await get({ authorization: 'Bearer not-a-jwt' })).json()).toEqual({ valid: false });
    expect((await get({ cookie: 'refresh_token=made-up' })).json()).toEqual({ valid: false });
    await post('/api/auth/logout', undefined, { authorization: `Bearer ${s.token}` });
    expect((await get({ cookie: s.cookie })).json()).toEqual({ valid: false });
    expect((await post('/api/auth/refresh-token')).json()).toEqual({ detail: 'Your session has ended. Please sign in again.' });
  });

  it('keeps login codes keyed-hashed, never as they were mailed', async () => {
    const s = await signIn(t, 'hashed@example.test');
    const code = await lastCode(t, 'hashed@example.test');
    const [row] = await t.context.database.db.select().from(loginCodes).where(eq(loginCodes.userId, s.userId));
    const plain = (v: string) => createHash('sha256').update(v).digest('hex');
    expect(row!.codeHash).not.toContain(code);
    expect([plain(code), plain(`${s.userId}:${code}`)]).not.toContain(row!.codeHash);
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
    const handoff = new URL(ok.json().handoff_url).searchParams.get('token')!;
    const { payload } = await jwtVerify(handoff, t.context.jwtKey, { audience: 'community', currentDate: t.clock.now() });
    expect(payload).toMatchObject({ email: 'csrf@example.test', name: 'Test Athlete', role: 'subscriber', redirect_path: '/timeline/' });
    expect(payload.exp! - payload.iat!).toBe(120);
    // A handoff token is no access token for our own API.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/admin/users', headers: { authorization: `Bearer ${handoff}` } })).statusCode,
    ).toBe(401);
    const code = await post('/api/wordpress-nav/generate-auth-code', undefined, authHeaders(s));
    expect(code.json()).toMatchObject({ success: true, expires_in: 300 });
    expect(code.json().code.length).toBeGreaterThanOrEqual(32);
    const forged = await post('/api/wordpress-jwt/generate-navigation-token', body, {
      authorization: `Bearer ${s.token}x`,
      'x-csrf-token': s.csrf,
    });
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
    // The editor may manage roles, but not hand out (or take away) administrator.
    const grab = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${sub.userId}/role`,
      headers: authHeaders(sub),
      payload: { wp_role: 'administrator' },
    });
    expect(grab.statusCode).toBe(403);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${boss.userId}/role`,
      headers: authHeaders(sub),
      payload: { wp_role: 'subscriber' },
    });
    expect(demote.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${sub.userId}/role`,
      headers: authHeaders(boss, false),
      payload: { wp_role: 'author' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().detail).toBe('Missing or invalid CSRF token. Reload the page and try again.');
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users?page=1&page_size=2', headers: authHeaders(boss) });
    expect(page.json()).toMatchObject({ page: 1, page_size: 2 });
    expect(page.json().items).toHaveLength(2);
    expect(page.json().items[0].email).toBe('Boss@example.test'); // newest first
  });

  it('never locks an account on failures: after 100 wrong passwords and codes the owner still gets a code', async () => {
    const victim = await signIn(t, 'locked@example.test', 'the-right-password');
    t.clock.advance(61_000);
    await post('/api/auth/initiate-login', { email: 'locked@example.test', password: 'the-right-password' });
    await t.settled();
    for (let i = 0; i < 50; i++) await post('/api/auth/verify-otp', { email: 'locked@example.test', code: '999999' });
    for (let i = 0; i < 50; i++) await post('/api/auth/initiate-login', { email: 'locked@example.test', password: `wrong-${i}` });
    await t.settled();
    expect((await post('/api/auth/refresh-token', undefined, { cookie: victim.cookie })).statusCode).toBe(200);
    await expect(signIn(t, 'locked@example.test', 'the-right-password')).resolves.toBeTruthy();
  });

  it('resets the failure count on a successful sign-in', async () => {
    await signIn(t, 'careless@example.test', 'the-right-password');
    for (let i = 0; i < 5; i++) await post('/api/auth/initiate-login', { email: 'careless@example.test', password: `wrong-${i}` });
    await t.settled();
    const failures = async () =>
      (await t.context.database.db.select().from(users).where(eq(users.emailNormalized, 'careless@example.test')))[0]!.failedAttempts;
    expect(await failures()).toBe(5);
    await signIn(t, 'careless@example.test', 'the-right-password');
    expect(await failures()).toBe(0);
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
    await t.settled();
    expect(t.outbox.last('ghost@example.test')).toBeUndefined();
    // The link's origin is configuration (here the development default), never the Host header.
    const link = /(http:\/\/127\.0\.0\.1:8080\/password-reset-page\?token=[\w-]+)/.exec(t.outbox.last('forgot@example.test')!.text)![1]!;
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
    await Promise.all([0, 1, 2].map(() => post('/api/auth/forgot-password', { email: 'spam@example.test' })));
    await t.settled();
    expect(t.outbox.sent.length).toBe(before + 1);
    t.clock.advance(61_000);
    await post('/api/auth/forgot-password', { email: 'spam@example.test' });
    await t.settled();
    expect(t.outbox.sent.length).toBe(before + 2);
  });

  it('stores SQL and script strings inert', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const email = `o'hara+x@example.test`;
    const s = await signIn(t, email, 'password-123', name);
    const res = await post('/api/auth/refresh-token', undefined, { cookie: s.cookie });
    expect(res.json().user).toMatchObject({ display_name: name, email });
    const boss = await signIn(t, 'boss@example.test');
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/auth/admin/users?search=${encodeURIComponent("o'hara")}`,
      headers: authHeaders(boss),
    });
    expect(found.json().items.map((u: { display_name: string }) => u.display_name)).toEqual([name]);
    const wildcard = await t.app.inject({
      method: 'GET',
      url: `/api/auth/admin/users?search=${encodeURIComponent('%')}`,
      headers: authHeaders(boss),
    });
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses bad input with 4xx and a detail', async () => {
    // Each answer is a sentence a person understands, never ajv's `body.email must match format "email"`,
    // and names the field so the form can show it beside its input.
    const cases: [string, unknown, string, string | undefined][] = [
      [
        '/api/user_registration/register',
        { email: 'not-an-email', password: 'longenough', display_name: 'x' },
        'Enter a valid email address.',
        'email',
      ],
      [
        '/api/user_registration/register',
        { email: 'a@b.test', password: 'short', display_name: 'x' },
        'Password must be at least 8 characters.',
        'password',
      ],
      [
        '/api/user_registration/register',
        { email: 'a@b.test', password: 'longenough', display_name: '   ' },
        "Display name can't be blank.",
        'display_name',
      ],
      [
        '/api/user_registration/register',
        { email: 'a@b.test', password: 'longenough', display_name: 'x'.repeat(81) },
        'Display name must be at most 80 characters.',
        'display_name',
      ],
      ['/api/auth/verify-otp', { email: 'a@b.test', code: '12345a' }, 'Code is not in the expected form.', 'code'],
      ['/api/auth/initiate-login', { email: 'a@b.test', password: 12345678 }, 'Password must be text.', 'password'],
      [
        '/api/auth/initiate-login',
        { email: 'a@b.test', password: 'x', extra: true },
        'Unknown field "extra": this request does not take it.',
        undefined,
      ],
    ];
    for (const [url, payload, sentence, field] of cases) {
      const res = await post(url, payload as object);
      const body = res.json() as { detail: string; field_errors?: Record<string, string> };
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body.detail, JSON.stringify(payload)).toMatch(/^[A-Z].*\.$/);
      expect(body.detail).not.toMatch(/^body\b|must match|must NOT/);
      if (sentence) expect(body.detail).toBe(sentence);
      if (field) expect(body.field_errors).toEqual({ [field]: body.detail });
    }
    // Nothing was stored by any of them.
    expect(await t.context.database.db.select().from(users).where(eq(users.emailNormalized, 'a@b.test'))).toEqual([]);
  });
});
