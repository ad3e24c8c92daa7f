import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { buildApp } from '#server/app.ts';
import { Outbox } from '#server/lib/mail.ts';
import { authHeaders, createTestApp, createTestDatabase, databaseKinds, type SignedIn, signIn, testConfig } from './helpers.ts';
import { redisAnswers } from './redis.ts';

const FORGOT = '/api/auth/forgot-password';

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  beforeAll(async () => {
    // Rate limits on (the point of this file); sign-ins come from their own address.
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], signInBackoff: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    editor = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${editor.userId}/role`,
      headers: authHeaders(admin),
      payload: { wp_role: 'editor' },
    });
  });
  afterAll(async () => t.close());

  const forgot = (ip: string) => t.app.inject({ method: 'POST', url: FORGOT, payload: { email: 'x@example.test' }, remoteAddress: ip });
  const setLimit = (who: SignedIn, group: string, max: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/rate-limits/${group}`, headers: authHeaders(who), payload: { max } });

  it('lists every limit of the contract with its default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/rate-limits', headers: authHeaders(editor) });
    expect(res.statusCode).toBe(200);
    expect(res.json().store).toBe('memory');
    expect(res.json().items).toContainEqual(
      expect.objectContaining({ group: 'forgotPassword', method: 'POST', path: FORGOT, max: 10, default_max: 10, window_seconds: 60 }),
    );
  });

  it('applies a lowered limit to the next request without a restart, audits it, and counts the rejections', async () => {
    expect((await forgot('198.51.100.7')).statusCode).toBe(200);
    const lowered = await setLimit(admin, 'forgotPassword', 1);
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().items.find((i: { group: string }) => i.group === 'forgotPassword')).toMatchObject({ max: 1, default_max: 10 });
    expect(lowered.json().changes[0]).toMatchObject({ group: 'forgotPassword', old_max: 10, new_max: 1, changed_by: 'Admin Ada' });
    expect((await forgot('198.51.100.7')).statusCode).toBe(429);
    expect((await forgot('198.51.100.7')).statusCode).toBe(429);
    expect((await forgot('198.51.100.8')).statusCode).toBe(200);
    await t.settled();
    const view = (await t.app.inject({ method: 'GET', url: '/api/admin/rate-limits', headers: authHeaders(admin) })).json();
    expect(view.items.find((i: { group: string }) => i.group === 'forgotPassword').rejections_today).toBe(2);
    expect(view.top_keys[0]).toMatchObject({ key: '198.51.100.7', group: 'forgotPassword', rejections: 2 });
    expect((await setLimit(admin, 'forgotPassword', 10)).statusCode).toBe(200);
  });

  it('refuses zero, negative and unknown limits, and editors, changing nothing', async () => {
    const count = async () =>
      (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from rate_limit_changes`))[0]!.n;
    const before = await count();
    expect((await setLimit(admin, 'forgotPassword', 0)).statusCode).toBe(400);
    expect((await setLimit(admin, 'forgotPassword', -5)).statusCode).toBe(400);
    expect((await setLimit(admin, 'forgotPassword', 'ten')).statusCode).toBe(400);
    expect((await setLimit(admin, 'noSuchOperation', 5)).statusCode).toBe(404);
    expect((await setLimit(editor, 'forgotPassword', 5)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('rate limits shared through Redis', async () => {
  const available = await redisAnswers();
  it.skipIf(!available)('two app instances count one limit together', async () => {
    const prefix = `rl-test-${process.pid}-${Date.now()}-`;
    const database = await createTestDatabase('pglite');
    const config = testConfig({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: prefix, signInBackoff: false });
    const one = await buildApp(config, database, { mailer: new Outbox() });
    const two = await buildApp(config, database, { mailer: new Outbox() });
    await Promise.all([one.app.ready(), two.app.ready()]);
    try {
      const send = (app: typeof one.app) =>
        app.inject({ method: 'POST', url: FORGOT, payload: { email: 'x@example.test' }, remoteAddress: '192.0.2.44' });
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await send(i % 2 === 0 ? one.app : two.app)).statusCode);
      expect(codes).toEqual(Array.from({ length: 10 }, () => 200));
      expect((await send(one.app)).statusCode).toBe(429);
      expect((await send(two.app)).statusCode).toBe(429);
      const view = await import('#server/areas/admin/admin-rate-limits.ts').then((m) => m.overview(two.context));
      expect(view.store).toBe('redis');
    } finally {
      await one.context.tasks.settled();
      await two.context.tasks.settled();
      await one.app.close();
      await two.app.close();
      await database.close();
    }
  });
});
