import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalRecords, scoreVideos } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn, insertVideo } from './helpers.ts';
import { ROW_2K } from './fixtures.ts';

// A personal record or qualifying attempt with the athlete's own uploaded video: the reviewer and the
// athlete get links to watch it; someone else's, an unfinished or an already used video is refused.

describe.each(databaseKinds)('a personal record with its video on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let row: { id: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    row = (await call('POST', '/api/v1/tests', admin, ROW_2K)).json();
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const submit = (who: SignedIn, body: Record<string, unknown>) =>
    call('POST', '/api/v1/athlete-profiles/submit-pr', who, { test_id: row.id, unit: 'mm:ss', achieved_on: '2026-11-01', ...body });

  const video = (owner: SignedIn, status: 'ready' | 'processing' = 'ready') =>
    insertVideo(t, owner, { status, purpose: 'qualifying_attempt', fileName: 'row.mp4', sha256: 'b'.repeat(64) });
  const recordCount = async () => (await t.context.database.db.select().from(personalRecords)).length;

  it('keeps the video on the record; the athlete and the reviewer get links to it', async () => {
    const id = await video(ana);
    const res = await submit(ana, { value: '7:05', video_id: id });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record.video).toMatchObject({ id, status: 'ready', file_name: 'row.mp4' });
    expect(record.video.stream_url).toMatch(new RegExp(`/api/videos/${id}/stream\\?token=`));

    const mine = (await call('GET', '/api/v1/athlete-profiles/user-prs', ana)).json();
    expect(mine.items.find((r: { id: number }) => r.id === record.id).video.id).toBe(id);

    const pending = (await call('GET', '/api/v1/athlete-profiles/admin/pending-tests', admin)).json();
    const seen = pending.items.find((r: { id: number }) => r.id === record.id);
    expect(seen.video.id).toBe(id);
    // The reviewer's link opens the stream's route (the file itself is not there in this test: not 401/403/404 for the token).
    const stream = await t.app.inject({ method: 'GET', url: seen.video.stream_url.replace(/^.*\/api\//, '/api/') });
    expect([200, 206, 404]).toContain(stream.statusCode);
    if (stream.statusCode === 404) expect(stream.json().detail).not.toMatch(/link/i);

    // Approved or not, a record without a video says so.
    const plain = await submit(ana, { value: '7:10' });
    expect(plain.json().video).toBeNull();
  });

  it("refuses someone else's video, an unfinished one and one already used, storing nothing", async () => {
    const before = await recordCount();
    const bens = await video(ben);
    const mine = await submit(ana, { value: '7:01', video_id: bens });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toMatchObject({ detail: 'That video is not one of yours.', field_errors: { video_id: expect.any(String) } });

    const processing = await video(ana, 'processing');
    const early = await submit(ana, { value: '7:01', video_id: processing });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(/not ready yet/);

    const used = await video(ana);
    expect((await submit(ana, { value: '7:02', video_id: used })).statusCode).toBe(201);
    const again = await submit(ana, { value: '7:03', video_id: used });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already backs another result/);

    const missing = await submit(ana, { value: '7:03', video_id: randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(await recordCount()).toBe(before + 1);
  });

  it('refuses a video that backs a challenge score', async () => {
    const id = await video(ana);
    const now = t.clock.now().getTime();
    const c = (
      await call('POST', '/api/challenges/', admin, {
        title: 'Row sprint',
        score_type: 'reps',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
      })
    ).json();
    expect((await call('POST', `/api/challenges/${c.id}/join`, ana, { division: 'rx' })).statusCode).toBe(200);
    const score = await call('POST', `/api/challenges/${c.id}/submit-score`, ana, { reps: 50, video_id: id });
    expect(score.statusCode, score.body).toBeLessThan(300);
    expect((await t.context.database.db.select().from(scoreVideos)).some((v) => v.videoId === id)).toBe(true);
    const res = await submit(ana, { value: '7:04', video_id: id, challenge_id: c.id });
    expect(res.statusCode).toBe(409);
  });

  it('two submissions with one video at once: exactly one is stored', async () => {
    const id = await video(ana);
    const [a, b] = await Promise.all([submit(ana, { value: '6:58', video_id: id }), submit(ana, { value: '6:59', video_id: id })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});
