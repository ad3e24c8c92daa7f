import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveAttempts, liveStreamLeftovers, liveStreams } from '#server/db/schema.ts';
import { liveCleanupJobHandlers } from '#server/areas/live/index.ts';
import { queueLiveCleanup } from '#server/areas/live/live-stream-cleanup.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { LIVE_GONE_MS, LIVE_GONE_TEXT } from '#domain/live-stream.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, refusal, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept } from './socket-contract.ts';

const HOUR = 3_600_000;
/** Each account's video storage in this file. */
const QUOTA = 4 * 1024 * 1024;

describe.each(databaseKinds)('live streams: storage quota and cleanup on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let coach: SignedIn;
  /** One real WebM segment (VP8 + Opus, 1 s), sent again under each number. */
  let segment: Buffer;
  const logged: object[] = [];
  const handlers = liveCleanupJobHandlers({ info: (detail) => logged.push(detail) });
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'live-cleanup-test-'));
    const file = path.join(dir, 'seg.webm');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x204080:size=160x120:rate=15:duration=1',
      '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus', '-shortest', file]); // prettier-ignore
    segment = readFileSync(file);
    t = await createTestApp(kind, { videoDir: path.join(dir, 'store'), videoLimits: { quotaBytes: QUOTA } }, { rateLimit: false });
    coach = await signIn(t, 'coach-clean@x.test', undefined, 'Coach Clean');
  }, 240_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => expectSocketContractKept());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const send = (who: SignedIn, attemptId: number, seq: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/live-attempts/${attemptId}/segments/${seq}?at_ms=${(seq - 1) * 1000}&duration_ms=1000`,
      headers: { ...authHeaders(who), 'content-type': 'video/webm' },
      payload: segment,
    });
  const startLive = async (who: SignedIn) => {
    const now = t.clock.now().getTime();
    const c = await call('POST', '/api/challenges/', coach, {
      title: 'Burpees on camera',
      description: 'As many burpees as you can',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(c.statusCode, c.body).toBe(201);
    const challengeId = c.json().id as number;
    expect((await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const started = await call('POST', '/api/live-attempts', who, { challenge_id: challengeId });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().id as number;
  };
  const stream = (attemptId: number) => call('GET', `/api/live-attempts/${attemptId}/segments`).then((r) => r.json());
  const videoIdOf = async (attemptId: number) =>
    (await t.context.database.db.select().from(liveStreams).where(eq(liveStreams.attemptId, attemptId)))[0]!.videoId;
  const storedSegments = (videoId: string) => {
    const folder = path.join(dir, 'store', 'media', videoId);
    return existsSync(folder) ? readdirSync(folder).filter((n) => n.startsWith('seg-')) : [];
  };
  const usedBytes = async (who: SignedIn) => (await call('GET', '/api/videos/mine', who)).json().used_bytes as number;

  it('counts segments toward the video storage quota and refuses one that does not fit, saying why', async () => {
    const ana = await signIn(t, 'ana-quota@x.test', undefined, 'Ana Quota');
    const attemptId = await startLive(ana);
    expect((await send(ana, attemptId, 1)).statusCode).toBe(201);
    const oneSegment = await usedBytes(ana);
    expect(oneSegment).toBeGreaterThan(0);
    // Storage filled to within half a segment of the quota by a video she uploaded earlier.
    const earlier = QUOTA - oneSegment - Math.floor(oneSegment / 2);
    await insertVideo(t, ana, { sizeBytes: earlier });
    const over = await send(ana, attemptId, 2);
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toMatch(
      /^This live video does not fit in your storage: .* MB of 4 MB used\. The camera stops here and your reps still count/,
    );
    expect(over.json().field_errors).toHaveProperty('storage');
    // Nothing was stored; the count goes on without video.
    expect((await stream(attemptId)).last_seq).toBe(1);
    expect(storedSegments(await videoIdOf(attemptId))).toEqual(['seg-1.webm']);
    expect((await call('POST', `/api/live-attempts/${attemptId}/update`, ana, { seq: 1, count: 5 })).json().count).toBe(5);
    // The same rule the other way: the stored segment counts against an upload too.
    const init = await call('POST', '/api/videos/upload/init', ana, {
      file_name: 'clip.mp4',
      size_bytes: Math.ceil(oneSegment),
      content_type: 'video/mp4',
      purpose: 'score',
      checksum_sha256: 'b'.repeat(64),
    });
    expect(init.statusCode).toBe(413);
    expect(refusal(init)).toMatch(/This video does not fit in your storage.*\| storage/);
    // Abandoned, its segments leave the store and her storage.
    expect((await call('POST', `/api/live-attempts/${attemptId}/abandon`, ana)).statusCode).toBe(200);
    expect(await runDueJobs(t.context, handlers)).toBe(1);
    expect(await usedBytes(ana)).toBe(earlier);
  }, 60_000);

  it('removes an abandoned attempt’s segments from the store by a job, once, and frees the storage', async () => {
    const bo = await signIn(t, 'bo-abandon@x.test', undefined, 'Bo Abandon');
    const attemptId = await startLive(bo);
    for (const seq of [1, 2, 3]) expect((await send(bo, attemptId, seq)).statusCode).toBe(201);
    const videoId = await videoIdOf(attemptId);
    expect(storedSegments(videoId)).toHaveLength(3);
    expect(await usedBytes(bo)).toBeGreaterThan(0);

    expect((await call('POST', `/api/live-attempts/${attemptId}/abandon`, bo)).statusCode).toBe(200);
    // Abandoning queued the cleanup; it removes the files, then says so in the rows.
    logged.length = 0;
    expect(await runDueJobs(t.context, handlers)).toBeGreaterThanOrEqual(1);
    expect(storedSegments(videoId)).toEqual([]);
    expect(await stream(attemptId)).toMatchObject({ status: 'abandoned', recording: 'removed', gaps: [] });
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments/1`)).statusCode).toBe(404);
    expect(await usedBytes(bo)).toBe(0);
    expect(logged).toContainEqual(expect.objectContaining({ abandoned: 1, files: 3 }));
    // Run again: nothing left to do, nothing logged.
    logged.length = 0;
    expect(await queueLiveCleanup(t.context)).toBe(true);
    expect(await runDueJobs(t.context, handlers)).toBe(1);
    expect(logged).toEqual([]);
    expect(await stream(attemptId)).toMatchObject({ recording: 'removed' });
  }, 60_000);

  it('closes an attempt whose athlete is gone as abandoned (inactive) and removes its segments; an active one stays live', async () => {
    const cy = await signIn(t, 'cy-gone@x.test', undefined, 'Cy Gone');
    const di = await signIn(t, 'di-here@x.test', undefined, 'Di Here');
    const gone = await startLive(cy);
    const here = await startLive(di);
    expect((await send(cy, gone, 1)).statusCode).toBe(201);
    expect((await call('POST', `/api/live-attempts/${gone}/update`, cy, { seq: 1, count: 7 })).statusCode).toBe(200);
    const videoId = await videoIdOf(gone);

    t.clock.advance(LIVE_GONE_MS - 5 * 60_000);
    // Di keeps counting (signed in again: access tokens are short-lived); Cy is heard from no more.
    const diAgain = await signIn(t, 'di-here@x.test', undefined, 'Di Here');
    expect((await call('POST', `/api/live-attempts/${here}/update`, diAgain, { seq: 1, count: 3 })).statusCode).toBe(200);
    t.clock.advance(6 * 60_000);
    logged.length = 0;
    await queueLiveCleanup(t.context);
    expect(await runDueJobs(t.context, handlers)).toBeGreaterThanOrEqual(1);

    const closed = (await call('GET', `/api/live-attempts/${gone}`)).json();
    expect(closed).toMatchObject({
      status: 'abandoned',
      end_reason: 'inactive',
      score_problem: LIVE_GONE_TEXT,
      count: 7,
      score_text: null,
    });
    expect(LIVE_GONE_TEXT).toBe('Closed after 30 minutes without a tap or video from the athlete; nothing was submitted.');
    expect(storedSegments(videoId)).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ closed: 1 }));
    expect((await call('GET', `/api/live-attempts/${here}`)).json()).toMatchObject({ status: 'live', count: 3 });
    // Cy's page learns it ended: a late update is refused.
    const cyAgain = await signIn(t, 'cy-gone@x.test', undefined, 'Cy Gone');
    expect((await call('POST', `/api/live-attempts/${gone}/update`, cyAgain, { seq: 2, count: 8 })).statusCode).toBe(409);
    expect((await call('POST', `/api/live-attempts/${here}/abandon`, diAgain)).statusCode).toBe(200);
  }, 60_000);

  it('removes the segments of an attempt deleted with its challenge or account (kept by the trigger), once', async () => {
    coach = await signIn(t, 'coach-clean@x.test', undefined, 'Coach Clean');
    const ed = await signIn(t, 'ed-deleted@x.test', undefined, 'Ed Deleted');
    const attemptId = await startLive(ed);
    for (const seq of [1, 2]) expect((await send(ed, attemptId, seq)).statusCode).toBe(201);
    const videoId = await videoIdOf(attemptId);
    const db = t.context.database.db;
    await db.delete(liveAttempts).where(eq(liveAttempts.id, attemptId));
    expect(await db.select().from(liveStreamLeftovers).where(eq(liveStreamLeftovers.videoId, videoId))).toHaveLength(1);
    expect(storedSegments(videoId)).toHaveLength(2);

    logged.length = 0;
    await queueLiveCleanup(t.context);
    expect(await runDueJobs(t.context, handlers)).toBe(1);
    expect(storedSegments(videoId)).toEqual([]);
    expect(existsSync(path.join(dir, 'store', 'media', videoId))).toBe(false);
    expect(await db.select().from(liveStreamLeftovers)).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ deleted: 1, files: 2 }));
  }, 60_000);
});
