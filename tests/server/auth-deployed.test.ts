import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage, Mailer } from '#server/lib/mail.ts';
import { authHeaders, createTestApp, signIn } from './helpers.ts';

describe('the app as deployed: rate limits on, behind a proxy, under a mount point, no community site', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // Mail goes to the test outbox unless a test swaps in a slow or broken relay.
  let relay: Mailer | undefined;
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      { basePath: '/fit/', trustProxy: 1, publicOrigin: 'https://repforge.example.test' },
      { mailer: { send: (m) => (relay ?? t.outbox).send(m) } },
    );
  });
  afterAll(async () => t.close());
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/fit/${url}`, payload, headers });

  it('answers initiate-login before the mail is out, and also when sending fails', async () => {
    await post('api/user_registration/register', { email: 'slow@example.test', password: 'slow-mail-1', display_name: 'Slow' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handed: MailMessage[] = [];
    relay = {
      async send(m) {
        handed.push(m);
        await gate;
      },
    };
    try {
      const res = await post('api/auth/initiate-login', { email: 'slow@example.test', password: 'slow-mail-1' });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(handed).toHaveLength(1));
      expect(handed[0]!.subject).toMatch(/sign-in code/);
    } finally {
      release();
      await t.settled();
    }
    relay = { send: async () => Promise.reject(new Error('relay down')) };
    try {
      t.clock.advance(61_000);
      const res = await post('api/auth/initiate-login', { email: 'slow@example.test', password: 'slow-mail-1' });
      expect(res.statusCode).toBe(200);
      await t.settled();
    } finally {
      relay = undefined;
    }
  });

  it('marks the refresh cookie Secure over https and scopes it to the mount point; links use APP_ORIGIN', async () => {
    const s = await signIn(t, 'proxy@example.test');
    const https = { 'x-forwarded-proto': 'https', cookie: s.cookie };
    const outside = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: https });
    expect(outside.statusCode).toBe(404); // the API lives under the mount point only
    const renewed = await post('api/auth/refresh-token', undefined, https);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      secure: true,
      path: '/fit/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    });
    await post('api/auth/forgot-password', { email: 'proxy@example.test' });
    await t.settled();
    expect(t.outbox.last('proxy@example.test')!.text).toMatch(
      /https:\/\/repforge\.example\.test\/fit\/password-reset-page\?token=[\w-]{43}\n/,
    );
  });

  it('answers the community handoff with success false when no community site is configured', async () => {
    const s = await signIn(t, 'plain@example.test');
    const res = await post('api/wordpress-jwt/generate-navigation-token', { redirect_path: '/' }, authHeaders(s));
    expect(res.json()).toEqual({ success: false, message: 'The community site is not configured.' });
    const code = await post('api/wordpress-nav/generate-auth-code', undefined, authHeaders(s));
    expect(code.json()).toEqual({ success: false, message: 'The community site is not configured.' });
  });

  it('answers too many sign-in attempts from one address with 429 and Retry-After', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    let last;
    for (let i = 0; i < 25; i++)
      last = await post('api/auth/initiate-login', { email: 'x@example.test', password: 'whatever' }, from('203.0.113.7'));
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ detail: 'Too many attempts. Please wait a moment and try again.' });
    // Another address is not held back.
    expect(
      (await post('api/auth/initiate-login', { email: 'x@example.test', password: 'whatever' }, from('198.51.100.9'))).statusCode,
    ).toBe(200);
  });
});
