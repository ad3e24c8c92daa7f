import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { REALTIME_CHANNEL } from '#server/lib/realtime/realtime-events.ts';
import { ADMIN_TESTING_ONLY_TEXT } from '#server/areas/admin/handlers-testing.ts';
import { PLATFORM_CHECK_JOB, SOCKET_PROBE_TYPE, runServerCheck } from '#server/areas/admin/admin-testing.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';
import { redisAnswers } from './redis.ts';

const journal = JSON.parse(await readFile(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { tag: string }[];
};

describe.each(databaseKinds)('admin testing on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let athlete: SignedIn;
  let videoDir: string;
  beforeAll(async () => {
    videoDir = await mkdtemp(path.join(os.tmpdir(), 'repforge-admin-testing-'));
    // A job worker polling fast, so the queue check sees its no-op job run.
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], signInBackoff: false, jobsPollMs: 50, videoDir });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    editor = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    athlete = await signIn(t, 'ath@example.test', 'athlete-password', 'Ath');
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${editor.userId}/role`,
      headers: authHeaders(admin),
      payload: { wp_role: 'editor' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(videoDir, { recursive: true, force: true });
  });

  const check = (who: SignedIn | null, name: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/testing/checks/${name}`, headers: who ? authHeaders(who) : {} });

  it('refuses a visitor (401), an athlete and an editor (403)', async () => {
    expect((await check(null, 'database')).statusCode).toBe(401);
    expect((await check(athlete, 'database')).statusCode).toBe(403);
    const asEditor = await check(editor, 'database');
    expect(asEditor.statusCode).toBe(403);
    expect(asEditor.json().detail).toBe(ADMIN_TESTING_ONLY_TEXT);
    const mail = await t.app.inject({ method: 'POST', url: '/api/admin/testing/mail', headers: authHeaders(editor) });
    expect(mail.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/testing/mail', headers: authHeaders(admin, false) })).statusCode).toBe(
      403,
    );
  });

  it('refuses a check that does not exist, in words', async () => {
    const res = await check(admin, 'coffee');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/must be one of/);
  });

  it('runs a round-trip query and names the engine and its version', async () => {
    const res = await check(admin, 'database');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ check: 'database', status: 'ok' });
    expect(body.duration_ms).toBeGreaterThanOrEqual(0);
    const facts = Object.fromEntries(body.facts.map((f: { label: string; value: string }) => [f.label, f.value]));
    expect(facts.Engine).toBe(kind === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL');
    expect(facts.Version).toMatch(/^\d+(\.\d+)*$/);
  });

  it('counts the applied migrations against the shipped ones', async () => {
    const body = (await check(admin, 'migrations')).json();
    expect(body.status).toBe('ok');
    expect(body.facts).toContainEqual({ label: 'Applied', value: String(journal.entries.length) });
    expect(body.facts).toContainEqual({ label: 'Latest applied', value: journal.entries.at(-1)!.tag });
  });

  it('queues a no-op job, sees a worker run it, reports the queue and leaves no row behind', async () => {
    const body = (await check(admin, 'jobs')).json();
    expect(body.status, body.detail).toBe('ok');
    expect(body.facts).toContainEqual({ label: 'Queue depth', value: '0' });
    const left = await rowsOf(t.context.database.db, sql`select id from jobs where kind = ${PLATFORM_CHECK_JOB}`);
    expect(left).toEqual([]);
  });

  it('reports the oldest waiting job of the queue', async () => {
    await t.context.database.db.execute(
      sql`insert into jobs (kind, payload, state, run_at, created_at) values ('video_later', '{}', 'queued', now() + interval '1 hour', now())`,
    );
    try {
      const body = (await check(admin, 'jobs')).json();
      expect(body.facts).toContainEqual({ label: 'Queue depth', value: '1' });
      expect(body.facts.find((f: { label: string }) => f.label === 'Oldest waiting').value).toMatch(/^video_later, waiting since/);
    } finally {
      await t.context.database.db.execute(sql`delete from jobs where kind = 'video_later'`);
    }
  });

  it('writes, reads back and deletes an object in the video folder', async () => {
    const body = (await check(admin, 'storage')).json();
    expect(body.status, body.detail).toBe('ok');
    expect(body.facts).toContainEqual({ label: 'Store', value: `Folder ${videoDir}` });
  });

  it('finds ffmpeg and ffprobe with their versions', async () => {
    const body = (await check(admin, 'ffmpeg')).json();
    expect(body.status, body.detail).toBe('ok');
    expect(body.facts.map((f: { label: string }) => f.label)).toEqual(['ffmpeg', 'ffprobe']);
  });

  it('says Redis is not configured when no REDIS_URL is set', async () => {
    const body = (await check(admin, 'redis')).json();
    expect(body).toMatchObject({ status: 'not_configured', detail: expect.stringMatching(/No REDIS_URL/) });
  });

  it('sends the test mail only to the signed-in administrator, with the accepted message id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/testing/mail', headers: authHeaders(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.facts).toContainEqual({ label: 'To', value: 'admin@example.test' });
    expect(body.facts).toContainEqual({ label: 'Message id', value: `outbox-${t.outbox.sent.length}` });
    expect(t.outbox.sent.at(-1)).toMatchObject({ to: 'admin@example.test', subject: 'RepForge test mail' });
  });

  it('takes no recipient from the caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/testing/mail',
      headers: authHeaders(admin),
      payload: { to: 'victim@example.test' },
    });
    // The contract takes no body: whatever is sent, the mail goes to the caller alone.
    expect(res.statusCode).toBe(200);
    expect(res.json().facts).toContainEqual({ label: 'To', value: 'admin@example.test' });
    expect(t.outbox.sent.some((m) => m.to === 'victim@example.test')).toBe(false);
  });

  it('publishes the socket probe through the bus every node listens on, to the caller only', async () => {
    const heard: string[] = [];
    const unlisten = await t.context.database.listen(REALTIME_CHANNEL, (payload) => heard.push(payload));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/testing/socket-probe',
        headers: authHeaders(admin),
        payload: { nonce: 'probe-123456' },
      });
      expect(res.statusCode).toBe(202);
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0]!)).toMatchObject({
        to: { user: admin.userId },
        message: { type: SOCKET_PROBE_TYPE, nonce: 'probe-123456' },
      });
    } finally {
      await unlisten();
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/testing/socket-probe',
      headers: authHeaders(admin),
      payload: { nonce: '<script>' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('limits the test mail to a few a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/admin/testing/mail', headers: authHeaders(admin) })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('admin testing failures, in words', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let videoDir: string;
  beforeAll(async () => {
    // A file where the video folder's media folder should be: no object can be written there.
    videoDir = await mkdtemp(path.join(os.tmpdir(), 'repforge-admin-testing-'));
    await writeFile(path.join(videoDir, 'media'), 'not a folder');
    const redisUrl = (await redisAnswers()) ? 'redis://127.0.0.1:6379' : undefined;
    t = await createTestApp('pglite', { adminEmails: ['admin@example.test'], signInBackoff: false, videoDir, redisUrl });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
  });
  afterAll(async () => {
    await t.close();
    await rm(videoDir, { recursive: true, force: true });
  });

  it('says why the video storage cannot be written', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/testing/checks/storage', headers: authHeaders(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/^Could not write a test object to the video folder: .*not a directory/),
    });
  });

  it('pings Redis when REDIS_URL is set', async (test) => {
    if (!t.context.config.redisUrl) test.skip();
    const body = (await t.app.inject({ method: 'POST', url: '/api/admin/testing/checks/redis', headers: authHeaders(admin) })).json();
    expect(body.status, body.detail).toBe('ok');
  });

  it('fails with the reason when Redis does not answer', async () => {
    const unreachable = { ...t.context, config: { ...t.context.config, redisUrl: 'redis://127.0.0.1:1' } };
    const body = await runServerCheck(unreachable, 'redis');
    expect(body).toMatchObject({ status: 'failed', detail: expect.stringMatching(/^Redis did not answer: .*ECONNREFUSED/) });
  });
});
