import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { configFromEnv } from '#server/config.ts';
import { redactUrl } from '#server/logging.ts';
import { authHeaders, createTestApp, databaseKinds, signIn } from './helpers.ts';

describe('links in mail come from configuration only', () => {
  it('refuses to start in production without APP_ORIGIN, and defaults to 127.0.0.1:PORT in development', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/APP_ORIGIN must be set/);
    expect(configFromEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://repforge.example/' }).publicOrigin).toBe(
      'https://repforge.example',
    );
    expect(configFromEnv({ PORT: '9123' }).publicOrigin).toBe('http://127.0.0.1:9123');
    expect(configFromEnv({}).publicOrigin).toBe('http://127.0.0.1:8080');
  });
});

describe.each(databaseKinds)('hardening on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));
  beforeAll(async () => {
    t = await createTestApp(kind, { logger: true, basePath: '/fit/' }, { rateLimit: false, logStream: logs });
  });
  afterAll(async () => t.close());
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/fit/${url}`, payload, headers });

  it('builds the reset link from configuration, whatever Host and X-Forwarded-Host say', async () => {
    await signIn(t, 'victim@example.test');
    await post('api/auth/forgot-password', { email: 'victim@example.test' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    await t.settled();
    const text = t.outbox.last('victim@example.test')!.text;
    expect(text).not.toContain('evil.example');
    expect(text).toMatch(/http:\/\/127\.0\.0\.1:8080\/fit\/password-reset-page\?token=[\w-]{43}\n/);
  });

  /** A query builder that fails when awaited, as drizzle's does when the connection is gone. */
  function failingQuery(error: Error): unknown {
    const chain: unknown = new Proxy(() => {}, {
      get: (_target, prop) =>
        prop === 'then'
          ? (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => Promise.reject(error).then(resolve, reject)
          : () => chain,
    });
    return chain;
  }

  it('answers a database outage while checking a session with 503 and no internals (never 401), and logs no parameters', async () => {
    const s = await signIn(t, 'blip@example.test');
    const sessionId = (JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const db = t.context.database.db;
    const gone = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });
    const outage = vi
      .spyOn(db, 'select')
      .mockImplementation(
        () => failingQuery(new DrizzleQueryError('select "id" from "sessions" where "sessions"."id" = $1', [sessionId], gone)) as never,
      );
    logText = '';
    try {
      const secured = await post('api/wordpress-nav/generate-auth-code', undefined, authHeaders(s));
      expect(secured.statusCode).toBe(503);
      expect(secured.headers['retry-after']).toBeTruthy();
      expect(secured.json()).toEqual({ detail: 'Service unavailable, please retry in a moment.' });
      const checked = await t.app.inject({ method: 'GET', url: '/fit/api/auth/validate-session', headers: authHeaders(s) });
      expect(checked.statusCode).toBe(503);
      expect(checked.body).not.toMatch(/select|sessions|params/i);
    } finally {
      outage.mockRestore();
    }
    expect((await post('api/wordpress-nav/generate-auth-code', undefined, authHeaders(s))).statusCode).toBe(200);
    expect(logText).toContain('database fault');
    expect(logText).toContain('CONNECTION_CLOSED');
    expect(logText).not.toContain(sessionId); // the failed query's parameter
    expect(logText).not.toContain(s.token);
  });

  it('answers a statement the database refuses (a missing table) with 500, no SQL, never 401', async () => {
    const s = await signIn(t, 'broken@example.test');
    const db = t.context.database.db;
    await db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      const secured = await post('api/wordpress-nav/generate-auth-code', undefined, authHeaders(s));
      expect(secured.statusCode).toBe(500);
      expect(secured.body).not.toMatch(/select|sessions|params/i);
    } finally {
      await db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });

  it('logs a failed insert without its parameters (no password hash)', async () => {
    const db = t.context.database.db;
    logText = '';
    await db.execute(sql`alter table users rename to users_away`);
    try {
      const res = await post('api/user_registration/register', {
        email: 'hash@example.test',
        password: 'secret-password-1',
        display_name: 'Hash',
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('scrypt');
    } finally {
      await db.execute(sql`alter table users_away rename to users`);
    }
    expect(logText).toContain('Failed query');
    expect(logText).not.toContain('scrypt$');
    expect(logText).not.toContain('hash@example.test');
  });

  it('logs request URLs with secret query values hidden', async () => {
    logText = '';
    await t.app.inject({ method: 'GET', url: '/fit/api/ws?token=eyJsecret.value.x&user_id=4' });
    await t.app.inject({ method: 'GET', url: '/fit/password-reset-page?token=reset-secret-123&x=1' });
    await t.app.inject({ method: 'GET', url: '/fit/api/health?t%6Fken=encoded-secret-9' });
    expect(logText).toContain('user_id=4');
    for (const secret of ['eyJsecret', 'reset-secret-123', 'encoded-secret-9']) expect(logText).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/api/ws?token=abc&user_id=3')).toBe('/api/ws?token=[REDACTED]&user_id=3');
    expect(redactUrl('/x?code=123456&password=p&csrf_token=c&page=2')).toBe(
      '/x?code=[REDACTED]&password=[REDACTED]&csrf_token=[REDACTED]&page=2',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
  it("hides the data export link's secret path segment", () => {
    const token = 'ab'.repeat(32);
    expect(redactUrl(`/fit/api/privacy/exports/7/archive/${token}`)).toBe('/fit/api/privacy/exports/7/archive/[REDACTED]');
    expect(redactUrl(`/api/privacy/exports/7/archive/${token}?token=x&page=2`)).toBe(
      '/api/privacy/exports/7/archive/[REDACTED]?token=[REDACTED]&page=2',
    );
    expect(redactUrl('/api/privacy/exports/7')).toBe('/api/privacy/exports/7');
  });
});
