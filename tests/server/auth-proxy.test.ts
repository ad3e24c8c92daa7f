import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '#server/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * TRUST_PROXY: a hop count or the proxies' addresses. A client writes whatever it likes at the
 * left of X-Forwarded-For and an appending proxy keeps it, so the per-address limits must count
 * the address the trusted proxies saw, never the leftmost one.
 */
// Each test builds an app and makes 25+ sign-in attempts (a password check each): slow on a busy machine.
describe('per-address limits behind a reverse proxy', { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signInAttempt = (app: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/initiate-login',
      payload: { email: 'x@example.test', password: 'whatever' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses; 1 is one hop, never "trust all"', () => {
    expect(configFromEnv({}).trustProxy).toBeUndefined();
    expect(configFromEnv({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 ,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(configFromEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['*', 'proxy.example', '10.0.0.0/33', '1.5', '-1', '10.0.0.1,'])
      expect(() => configFromEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('with one trusted hop, a forged leftmost X-Forwarded-For does not change the address the sign-in limit counts', async () => {
    t = await createTestApp('pglite', { trustProxy: configFromEnv({ TRUST_PROXY: '1' }).trustProxy });
    let last;
    // The proxy appends the address it saw (203.0.113.7); the client made up the rest.
    for (let i = 0; i < 25; i++) last = await signInAttempt(t, `10.66.${i}.1, 203.0.113.7`);
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toEqual({ detail: 'Too many attempts. Please wait a moment and try again.' });
    // Another client behind the same proxy is not held back.
    expect((await signInAttempt(t, '203.0.113.7, 198.51.100.9')).statusCode).toBe(200);
  });

  it('with two trusted hops, counts the address the outer proxy saw', async () => {
    t = await createTestApp('pglite', { trustProxy: configFromEnv({ TRUST_PROXY: '2' }).trustProxy });
    let last;
    for (let i = 0; i < 25; i++) last = await signInAttempt(t, `10.66.${i}.1, 203.0.113.8, 10.0.0.2`);
    expect(last!.statusCode).toBe(429);
    expect((await signInAttempt(t, '203.0.113.8, 198.51.100.10, 10.0.0.2')).statusCode).toBe(200);
  });

  it('with proxy addresses, believes X-Forwarded-For only from those proxies', async () => {
    t = await createTestApp('pglite', { trustProxy: configFromEnv({ TRUST_PROXY: '127.0.0.1/8' }).trustProxy });
    let last;
    for (let i = 0; i < 25; i++) last = await signInAttempt(t, `10.66.${i}.1, 203.0.113.9`);
    expect(last!.statusCode).toBe(429);
    // A client reaching the app directly cannot pose as someone else: its own address is counted.
    for (let i = 0; i < 25; i++) last = await signInAttempt(t, `198.51.100.${i}`, '192.0.2.99');
    expect(last!.statusCode).toBe(429);
    expect((await signInAttempt(t, '198.51.100.200', '192.0.2.100')).statusCode).toBe(200);
  });
});
