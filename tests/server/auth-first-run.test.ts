import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema.ts';
import { configFromEnv } from '#server/config.ts';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN } from '#server/seed/cast.ts';
import { SETUP_CLOSED_TEXT, WRONG_SETUP_CODE_TEXT } from '#server/areas/auth/first-run.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, signIn, type TestApp } from './helpers.ts';

// A local first run: demo accounts sign in in one press only on a demo server, and the first
// administrator is claimed once with the setup code the start banner prints.

const SETUP_CODE = 'K7QM-4XWD-9PRT';

async function addDemoAccounts(t: TestApp) {
  const now = t.context.now();
  await t.context.database.db.insert(users).values([
    ...['ana.silva', 'mateo.ruiz'].map((n) => ({
      email: `${n}@${DEMO_EMAIL_DOMAIN}`,
      emailNormalized: `${n}@${DEMO_EMAIL_DOMAIN}`,
      passwordHash: 'unusable',
      displayName: n,
      createdAt: now,
    })),
    {
      email: DEMO_ADMIN_EMAIL,
      emailNormalized: DEMO_ADMIN_EMAIL,
      passwordHash: 'unusable',
      displayName: 'Dana Admin',
      role: 'administrator',
      createdAt: now,
    },
  ]);
}

const sessionCount = async (t: TestApp) => (await t.context.database.db.select({ n: count() }).from(sessions))[0]!.n;

describe.each(databaseKinds)('a local first run on %s', (kind) => {
  describe('demo sign-in off (the default, and always in production)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {}, { rateLimit: false });
      await addDemoAccounts(t);
    });
    afterAll(async () => t.close());

    it('lists no demo accounts and refuses to sign one in, opening no session', async () => {
      const list = await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ accounts: [] });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/demo-sign-in',
        payload: { email: `ana.silva@${DEMO_EMAIL_DOMAIN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toMatch(/Demo sign-in is off/);
      expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
      expect(await sessionCount(t)).toBe(0);
    });

    it('is off in production and on a shared database whatever else is set; the setup code is never made in production', () => {
      const prod = configFromEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://repforge.example', SEED: 'demo' });
      expect(prod.demoSignIn).toBe(false);
      expect(prod.adminSetupCode).toBeUndefined();
      expect(configFromEnv({ DATABASE_URL: 'postgres://x@h/db' }).demoSignIn).toBe(false);
      expect(configFromEnv({ SEED: 'none' }).demoSignIn).toBe(false);
      expect(configFromEnv({ DEMO_SIGN_IN: 'off' }).demoSignIn).toBe(false);
      const local = configFromEnv({});
      expect(local.demoSignIn).toBe(true);
      expect(local.adminSetupCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(configFromEnv({}).adminSetupCode).not.toBe(local.adminSetupCode);
    });
  });

  describe('demo sign-in on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { demoSignIn: true }, { rateLimit: false });
      await addDemoAccounts(t);
    });
    afterAll(async () => t.close());

    it('lists the demo athletes and the demo administrator', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
      expect(res.statusCode).toBe(200);
      expect(res.json().accounts).toEqual([
        { email: `ana.silva@${DEMO_EMAIL_DOMAIN}`, display_name: 'ana.silva', kind: 'athlete' },
        { email: `mateo.ruiz@${DEMO_EMAIL_DOMAIN}`, display_name: 'mateo.ruiz', kind: 'athlete' },
        { email: DEMO_ADMIN_EMAIL, display_name: 'Dana Admin', kind: 'administrator' },
      ]);
    });

    it('signs a demo athlete in with one call: a working session and its refresh cookie', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/demo-sign-in',
        payload: { email: `Mateo.Ruiz@${DEMO_EMAIL_DOMAIN}` },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ email: `mateo.ruiz@${DEMO_EMAIL_DOMAIN}`, wp_role: 'subscriber' });
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/auth/validate-session',
        headers: { authorization: `Bearer ${body.token.token}` },
      });
      expect(check.json()).toMatchObject({ valid: true });
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: refreshCookieFrom(res) } });
      expect(refreshed.statusCode).toBe(200);
    });

    it('signs the demo administrator in as an administrator', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo-sign-in', payload: { email: DEMO_ADMIN_EMAIL } });
      expect(res.json().user.wp_role).toBe('administrator');
    });

    it('refuses any account the demo world did not make, and unknown demo addresses, opening no session', async () => {
      const real = await signIn(t, 'real.person@example.test');
      expect(real.role).toBe('subscriber');
      const before = await sessionCount(t);
      for (const email of ['real.person@example.test', `nobody@${DEMO_EMAIL_DOMAIN}`]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo-sign-in', payload: { email } });
        expect(res.statusCode, email).toBe(404);
      }
      const bad = await t.app.inject({ method: 'POST', url: '/api/auth/demo-sign-in', payload: { email: 'not an email' } });
      expect(bad.statusCode).toBe(400);
      expect(await sessionCount(t)).toBe(before);
    });
  });

  describe('the first administrator, with the setup code', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { adminSetupCode: SETUP_CODE }, { rateLimit: false });
      // The demo world's administrator does not count: a local demo can still make its owner an administrator.
      await addDemoAccounts(t);
    });
    afterAll(async () => t.close());

    const status = async (who: Awaited<ReturnType<typeof signIn>>) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/admin-setup', headers: authHeaders(who) })).json().open;
    const claim = (who: Awaited<ReturnType<typeof signIn>>, setup_code: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/admin-setup', headers: authHeaders(who), payload: { setup_code } });
    const roleOf = async (id: number) =>
      (await t.context.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/admin-setup' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/admin-setup', payload: { setup_code: SETUP_CODE } })).statusCode).toBe(
        401,
      );
    });

    it('refuses a wrong code and changes nothing; the right one (as typed from the banner) makes the first administrator, once', async () => {
      const owner = await signIn(t, 'owner@example.test');
      const other = await signIn(t, 'other@example.test');
      expect(await status(owner)).toBe(true);

      const wrong = await claim(owner, 'AAAA-BBBB-CCCC');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe(WRONG_SETUP_CODE_TEXT);
      expect(await roleOf(owner.userId)).toBe('subscriber');

      const right = await claim(owner, ` ${SETUP_CODE.toLowerCase()} `);
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ wp_user_id: owner.userId, wp_role: 'administrator' });
      expect(await roleOf(owner.userId)).toBe('administrator');
      // The admin pages open to the new administrator at once (the role is read per request).
      const users = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users', headers: authHeaders(owner) });
      expect(users.statusCode).toBe(200);

      // Closed now, for everyone, with the right code too.
      expect(await status(other)).toBe(false);
      const late = await claim(other, SETUP_CODE);
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe(SETUP_CLOSED_TEXT);
      expect(await roleOf(other.userId)).toBe('subscriber');
    });

    it('a server started without a code (production) has setup closed', async () => {
      const plain = await createTestApp(kind, {}, { rateLimit: false });
      try {
        const who = await signIn(plain, 'someone@example.test');
        expect(await (await plain.app.inject({ method: 'GET', url: '/api/auth/admin-setup', headers: authHeaders(who) })).json().open).toBe(
          false,
        );
        const res = await plain.app.inject({
          method: 'POST',
          url: '/api/auth/admin-setup',
          headers: authHeaders(who),
          payload: { setup_code: SETUP_CODE },
        });
        expect(res.statusCode).toBe(409);
      } finally {
        await plain.close();
      }
    });
  });

  describe('signing up goes straight on to the code', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {}, { rateLimit: false });
    });
    afterAll(async () => t.close());

    const post = (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

    it('the sign-up page’s follow-up code request (no wait, same browser) signs the new account in with the mailed code', async () => {
      const who = { email: 'new.athlete@example.test', password: 'squat-every-day-42', display_name: 'New Athlete' };
      const reg = await post('/api/user_registration/register', who);
      expect(reg.statusCode).toBe(201);
      expect(reg.json().message).toMatch(/code we email you/);
      // What the page sends at once, with the password just typed: no resend wait applies to a new account.
      const started = await post('/api/auth/initiate-login', { email: who.email, password: who.password });
      expect(started.statusCode).toBe(200);
      const attempt = started.cookies.find((c) => c.name === 'login_attempt')!;
      await t.settled();
      const mail = t.outbox.last(who.email)!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const signedIn = await post('/api/auth/verify-otp', { email: who.email, code }, `login_attempt=${attempt.value}`);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user).toMatchObject({ email: who.email, display_name: 'New Athlete' });
    });

    it('signing up with a taken email answers the same, and the follow-up mails no code (the owner hears of the try)', async () => {
      const owner = { email: 'taken@example.test', password: 'owner-password-1', display_name: 'Owner' };
      await post('/api/user_registration/register', owner);
      await t.settled();
      const sentBefore = t.outbox.sent.length;
      const again = await post('/api/user_registration/register', { ...owner, password: 'stranger-pass-2', display_name: 'Stranger' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(
        (
          await post('/api/user_registration/register', { email: 'fresh@example.test', password: 'fresh-pass-33', display_name: 'F' })
        ).json(),
      );
      const started = await post('/api/auth/initiate-login', { email: owner.email, password: 'stranger-pass-2' });
      expect(started.statusCode).toBe(200);
      await t.settled();
      const toOwner = t.outbox.sent.slice(sentBefore).filter((m) => m.to === owner.email);
      expect(toOwner.map((m) => m.subject)).toEqual(['Someone tried to create a RepForge account with your email']);
      expect(toOwner.some((m) => /\b\d{6}\b/.test(m.text))).toBe(false);
    });
  });
});
