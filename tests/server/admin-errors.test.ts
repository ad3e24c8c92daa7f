import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { fingerprintSource, topFrame } from '#domain/admin-operations.ts';
import { buildApp } from '#server/app.ts';
import { Outbox } from '#server/lib/mail.ts';
import { authHeaders, createTestApp, createTestDatabase, databaseKinds, refusal, type SignedIn, signIn, testConfig } from './helpers.ts';

const STACK = (line: number) =>
  `TypeError: Cannot read properties of undefined (reading 'name')\n    at ProfileCard (https://app.test/assets/profile-abc.js:${line}:17)\n    at renderWithHooks (https://app.test/assets/react.js:1:2)`;

describe('error fingerprints', () => {
  it('group by message and top frame, not by numbers in the message or the frames below', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), fc.string({ maxLength: 40 }), (a, b, below) => {
        const stackA = `Error\n    at load (https://x.test/a.js:10:${a % 200})\n${below}`;
        const stackB = `Error\n    at load (https://x.test/a.js:10:${b % 200})\n    at other (y.js:1:1)`;
        expect(fingerprintSource('render', `User ${a} not found`, stackA)).toBe(fingerprintSource('render', `User ${b} not found`, stackB));
      }),
    );
    expect(fingerprintSource('render', 'boom', STACK(1))).not.toBe(fingerprintSource('rejection', 'boom', STACK(1)));
    expect(topFrame('Error: x\nfetchData@https://x.test/b.js:4:9')).toBe('fetchData (https://x.test/b.js:4)');
    expect(topFrame('no frames here')).toBe('');
  });
});

describe.each(databaseKinds)('error logs on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
  });
  afterAll(async () => t.close());

  const report = (body: unknown, who?: SignedIn, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/report-frontend-error',
      headers: who ? authHeaders(who) : {},
      payload: body as object,
      remoteAddress: ip,
    });
  const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
  const groupCount = async () =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from error_groups`))[0]!.n;

  it('groups repeated reports into one, counting them and the people affected', async () => {
    const crash = { kind: 'render', message: 'Cannot render card 12', stack: STACK(40), url: '/athlete-profile-page', release: '0.1.0' };
    expect((await report(crash)).statusCode).toBe(202);
    t.clock.advance(60_000);
    expect((await report({ ...crash, message: 'Cannot render card 99' }, ana)).statusCode).toBe(202);
    t.clock.advance(60_000);
    expect((await report(crash, admin)).statusCode).toBe(202);
    const list = await get('/api/admin/error-groups', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        kind: 'render',
        source: 'client',
        status: 'open',
        occurrences: 3,
        affected_users: 2,
        last_release: '0.1.0',
        top_frame: 'ProfileCard (https://app.test/assets/profile-abc.js:40)',
      }),
    ]);
    expect(list.json().items[0].hourly.at(-1)).toBe(3);
    const detail = await get(`/api/admin/error-groups/${list.json().items[0].id}`, admin);
    // No build's maps name profile-abc.js: the stack stays as reported.
    expect(detail.json()).toMatchObject({ stack: STACK(40), original_stack: null, daily: expect.any(Array) });
    expect(detail.json().daily.at(-1).count).toBe(3);
    expect(detail.json().recent.map((r: { user: string | null }) => r.user)).toEqual(['Admin Ada', 'Ana', null]);
  });

  it('reopens a resolved group when it recurs, and leaves an ignored one ignored', async () => {
    const first = { kind: 'rejection', message: 'fetch failed', stack: 'TypeError: fetch failed\n    at poll (a.js:1:1)' };
    await report(first);
    const id = (await get('/api/admin/error-groups?status=open', admin))
      .json()
      .items.find((g: { message: string }) => g.message === 'fetch failed').id;
    const resolved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/error-groups/${id}/status`,
      headers: authHeaders(admin),
      payload: { status: 'resolved' },
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    await report(first);
    const again = (await get(`/api/admin/error-groups/${id}`, admin)).json();
    expect(again).toMatchObject({ status: 'open', reopened_count: 1, occurrences: 2 });

    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/error-groups/${id}/status`,
      headers: authHeaders(admin),
      payload: { status: 'ignored' },
    });
    await report(first);
    expect((await get(`/api/admin/error-groups/${id}`, admin)).json()).toMatchObject({ status: 'ignored', occurrences: 3 });
  });

  it('refuses oversized, empty and unknown reports, storing nothing', async () => {
    const before = await groupCount();
    const big = await report({ kind: 'render', message: 'x', stack: 'y'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    const long = await report({ kind: 'render', message: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(refusal(long)).toContain('message');
    expect((await report({ kind: 'render', message: '' })).statusCode).toBe(400);
    expect((await report({ kind: 'server', message: 'spoofed' })).statusCode).toBe(400);
    expect((await report({ kind: 'render', message: 'x', extra: 1 })).statusCode).toBe(400);
    expect(await groupCount()).toBe(before);
  });

  it('rate limits a flood from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push((await report({ kind: 'chunk', message: `chunk ${i} failed` }, undefined, '10.9.9.9')).statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(30);
    expect(codes.at(-1)).toBe(429);
  });

  it('lets only administrators and editors read and change the log', async () => {
    expect((await get('/api/admin/error-groups', ana)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/error-groups' })).statusCode).toBe(401);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/error-groups/1/status',
      headers: authHeaders(ana),
      payload: { status: 'resolved' },
    });
    expect(change.statusCode).toBe(403);
    expect((await get('/api/admin/error-groups/999999', admin)).statusCode).toBe(404);
  });

  it('records a server fault as a server error group, without internals in the answer', async () => {
    const database = await createTestDatabase(kind);
    const { app, context } = await buildApp(testConfig(), database, { mailer: new Outbox() });
    app.get('/api/boom-for-test', async () => {
      throw new Error('kaboom 42');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/boom-for-test' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('kaboom');
      await context.tasks.settled();
      const groups = await rowsOf<{ source: string; kind: string; message: string }>(
        context.database.db,
        sql`select source, kind, message from error_groups`,
      );
      expect(groups).toEqual([{ source: 'server', kind: 'server', message: 'GET /api/boom-for-test: kaboom 42' }]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
