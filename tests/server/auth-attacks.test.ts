import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { REFRESH_REUSE_WINDOW_MS } from '#server/areas/auth/auth.ts';
import { CODE_BACKOFF_MAX_SECONDS, codeBackoffSeconds } from '#server/areas/auth/sign-in.ts';
import { createTestApp, databaseKinds, lastCode, refreshCookieFrom, signIn } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = 'correct horse battery';

/** The owner's browser: asks for a code and keeps the sign-in attempt cookie it is given. */
async function ownerAsksForCode(t: TestApp, email: string, ip = '192.0.2.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/initiate-login',
    payload: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.statusCode).toBe(200);
  const attempt = res.cookies.find((c) => c.name === 'login_attempt');
  expect(attempt).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  return `login_attempt=${attempt!.value}`;
}

const verify = (t: TestApp, email: string, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code }, headers });

describe.each(databaseKinds)('attacks on sign-in and sessions on %s (rate limits on, behind a proxy)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No floor under a wrong code's answer here (about 150 wrong codes, 40 ms each): the timing test below keeps it.
    t = await createTestApp(kind, { trustProxy: 1, wrongCodeFloorMs: 0 });
  });
  afterAll(async () => t.close());

  it('a stranger knowing only the email cannot keep the owner out: 100 wrong codes from 5 addresses', async () => {
    const email = 'owner@example.test';
    await signIn(t, email);
    t.clock.advance(61_000);
    const browser = await ownerAsksForCode(t, email);
    const code = await lastCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = new Set<number>();
    for (let i = 0; i < 100; i++) answers.add((await verify(t, email, wrong, { 'x-forwarded-for': `198.51.100.${i % 5}` })).statusCode);
    expect([...answers].every((s) => s === 401 || s === 429)).toBe(true);
    // Elsewhere the code is spent, even the right one...
    expect((await verify(t, email, code, { 'x-forwarded-for': '198.51.100.77' })).statusCode).toBe(401);
    // ...and the owner is told what happened and how to get back in.
    await t.settled();
    const notice = t.outbox.last(email)!;
    expect(notice.subject).toMatch(/entered wrongly/);
    expect(notice.text).toMatch(/not locked/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // In the owner's browser the code still works.
    const owner = await verify(t, email, code, { cookie: browser, 'x-forwarded-for': '192.0.2.1' });
    expect(owner.statusCode).toBe(200);
  });

  it('backs off an address that sends wrong codes (429 with Retry-After), not others', async () => {
    let last;
    for (let i = 0; i < 11; i++) last = await verify(t, `nobody${i}@example.test`, '123456', { 'x-forwarded-for': '203.0.113.50' });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ detail: 'Too many attempts. Please wait a moment and try again.' });
    expect((await verify(t, 'nobody@example.test', '123456', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(401);
    t.clock.advance(61_000);
    expect((await verify(t, 'nobody@example.test', '123456', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(401);
  });

  it('after codes spent by wrong tries, a fresh code waits longer each time, but never more than 15 minutes', async () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(codeBackoffSeconds)).toEqual([60, 120, 240, 480, 900, 900, 900]);
    const email = 'clumsy@example.test';
    await signIn(t, email);
    const mailsTo = () => t.outbox.sent.filter((m) => m.to === email && /sign-in code is/.test(m.text)).length;
    const burn = async (ip: string) => {
      const browser = await ownerAsksForCode(t, email, ip);
      const before = mailsTo();
      await t.settled();
      expect(mailsTo()).toBe(before + 1);
      for (let i = 0; i < 5; i++)
        await verify(t, email, (await lastCode(t, email)) === '000000' ? '111111' : '000000', { cookie: browser, 'x-forwarded-for': ip });
    };
    t.clock.advance(61_000);
    await burn('192.0.2.10');
    t.clock.advance(61_000);
    await burn('192.0.2.11'); // one spent code: a minute
    t.clock.advance(61_000);
    const before = mailsTo();
    await ownerAsksForCode(t, email, '192.0.2.12'); // two spent: two minutes
    await t.settled();
    expect(mailsTo()).toBe(before);
    t.clock.advance(60_000);
    await burn('192.0.2.12');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(CODE_BACKOFF_MAX_SECONDS * 1000 + 1000);
      await burn(`192.0.2.${20 + i}`);
    }
    // However many were spent, the owner gets a code after at most the bound.
    t.clock.advance(CODE_BACKOFF_MAX_SECONDS * 1000 + 1000);
    const browser = await ownerAsksForCode(t, email, '192.0.2.30');
    expect((await verify(t, email, await lastCode(t, email), { cookie: browser, 'x-forwarded-for': '192.0.2.30' })).statusCode).toBe(200);
  });

  it('ends the session family when a refresh token two or more rotations old comes back', async () => {
    const s = await signIn(t, 'family@example.test');
    const post = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });
    const r1 = await post(s.cookie);
    t.clock.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    const r2 = await post(refreshCookieFrom(r1));
    t.clock.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    const r3 = await post(refreshCookieFrom(r2));
    expect(r3.statusCode).toBe(200);
    // The original token, three rotations old, replayed by whoever copied it.
    expect((await post(s.cookie)).statusCode).toBe(401);
    expect((await post(refreshCookieFrom(r3))).statusCode).toBe(401);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate-session',
      headers: { authorization: `Bearer ${r3.json().token.token}` },
    });
    expect(check.json()).toEqual({ valid: false });
  });
});

describe.each(databaseKinds)('verify-otp timing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  });
  afterAll(async () => t.close());

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('takes as long for an unknown email as for a known one', async () => {
    const email = 'known@example.test';
    await signIn(t, email);
    t.clock.advance(61_000);
    await t.app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: { email, password: PASSWORD } });
    await t.settled();
    const time = async (who: string) => {
      const started = performance.now();
      const res = await verify(t, who, '000001');
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await Promise.all([time(email), time('ghost@example.test')]); // warm up
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved and many: on a busy machine (two test files at once on two cores) a median of 31 moved by 1.7×.
    for (let i = 0; i < 81; i++) {
      known.push(await time(email));
      unknown.push(await time(`ghost${i}@example.test`));
    }
    const [k, u] = [median(known), median(unknown)];
    // Loose: the same statements run on both paths; before, an unknown email ran one and a known one five.
    expect(Math.max(k, u) / Math.min(k, u), `known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeLessThan(1.6);
  });
});
