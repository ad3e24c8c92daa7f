import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveRecordingJobHandlers } from '#server/areas/live/index.ts';
import { videoJobHandlers, videoService } from '#server/areas/videos/index.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { LIVE_SEGMENT_MAX_BYTES } from '#domain/live-stream.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept } from './socket-contract.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('live camera streaming on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let base: string;
  let coach: SignedIn;
  let ana: SignedIn;
  let fan: SignedIn;
  /** Three real WebM segments (VP8 + Opus, 1 s each), as a browser's recorder makes them. */
  const segments: Buffer[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'live-streaming-test-'));
    for (const [i, hue] of [0, 120, 240].entries()) {
      const file = path.join(dir, `seg-${i}.webm`);
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x${hue.toString(16).padStart(2, '0')}4080:size=160x120:rate=15:duration=1`,
        '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus', '-shortest', file]); // prettier-ignore
      segments.push(readFileSync(file));
    }
    t = await createTestApp(kind, { videoDir: path.join(dir, 'store') }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    coach = await signIn(t, 'coach-stream@x.test', undefined, 'Coach Stream');
    ana = await signIn(t, 'ana-stream@x.test', undefined, 'Ana Stream');
    fan = await signIn(t, 'fan-stream@x.test', undefined, 'Fan Stream');
  }, 240_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => expectSocketContractKept());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const send = (who: SignedIn, attemptId: number, seq: number, bytes: Buffer, atMs = (seq - 1) * 1000, durationMs = 1000) =>
    t.app.inject({
      method: 'POST',
      url: `/api/live-attempts/${attemptId}/segments/${seq}?at_ms=${atMs}&duration_ms=${durationMs}`,
      headers: { ...authHeaders(who), 'content-type': 'video/webm' },
      payload: bytes,
    });
  const startLive = async () => {
    const now = t.clock.now().getTime();
    const c = await call('POST', '/api/challenges/', coach, {
      title: 'Max burpees on camera',
      description: 'As many burpees as you can',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(c.statusCode, c.body).toBe(201);
    const challengeId = c.json().id as number;
    expect((await call('POST', `/api/challenges/${challengeId}/join`, ana, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const started = await call('POST', '/api/live-attempts', ana, { challenge_id: challengeId });
    expect(started.statusCode, started.body).toBe(201);
    return { challengeId, attemptId: started.json().id as number };
  };

  it('stores segments in order, tells the room, serves them publicly, and the recording becomes the judged score video', async () => {
    const { attemptId } = await startLive();
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments`)).json()).toMatchObject({ last_seq: 0, recording: 'none' });
    const watcher = await watchSocketRoom(base, fan, { type: 'join_live_attempt', session_id: String(attemptId) });

    const first = await send(ana, attemptId, 1, segments[0]!);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ attempt_id: attemptId, seq: 1, gap_ms: 0, next_seq: 2 });
    await watcher.next((m) => m.type === 'live_segment' && m.seq === 1);
    // A replay of the last one (its answer was lost) is answered again and stored once.
    const replay = await send(ana, attemptId, 1, segments[0]!);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await send(ana, attemptId, 2, segments[1]!)).statusCode).toBe(201);
    await watcher.next((m) => m.type === 'live_segment' && m.seq === 2);

    // Anyone, signed out too, fetches a segment: a whole WebM file (its streams as sent, every size written).
    const served = await call('GET', `/api/live-attempts/${attemptId}/segments/2`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect([...served.rawPayload.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments/3`)).statusCode).toBe(404);

    // The connection dropped for 5 s: the stream resumes with the next segment and the gap is kept.
    const resumed = await send(ana, attemptId, 3, segments[2]!, 7000);
    expect(resumed.json()).toMatchObject({ seq: 3, gap_ms: 5000 });
    const stream = (await call('GET', `/api/live-attempts/${attemptId}/segments`)).json();
    expect(stream).toMatchObject({ status: 'live', last_seq: 3, recording: 'streaming', gaps: [{ seq: 3, at_ms: 7000, gap_ms: 5000 }] });

    expect((await call('POST', `/api/live-attempts/${attemptId}/update`, ana, { seq: 1, count: 12 })).statusCode).toBe(200);
    const ended = await call('POST', `/api/live-attempts/${attemptId}/end`, ana, {});
    expect(ended.json()).toMatchObject({ status: 'ended', score_text: '12 reps' });
    expect(refusal(await send(ana, attemptId, 4, segments[0]!))).toMatch(/ended; its stream is closed/);
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments`)).json().recording).toBe('queued');

    // The recording job joins the segments and hands them to the video pipeline; the score waits for a judge with it.
    expect(await runDueJobs(t.context, liveRecordingJobHandlers)).toBe(1);
    const made = (await call('GET', `/api/live-attempts/${attemptId}/segments`)).json();
    expect(made).toMatchObject({ recording: 'made', recording_problem: null });
    const video = (await call('GET', `/api/videos/${made.video_id}`, ana)).json();
    expect(video).toMatchObject({ status: 'processing', purpose: 'score', file_name: `live-attempt-${attemptId}.webm` });
    expect(video.duration_ms).toBeGreaterThan(2500);
    const mine = (await call('GET', '/api/judging/mine', ana)).json();
    expect(mine.items[0]).toMatchObject({ state: 'waiting', display: '12 reps', video: { id: made.video_id } });
    // The judging screen lists the gap where it falls in the recording (after segments 1 and 2, 1 s each).
    expect(mine.items[0].live_gaps).toEqual([
      { at_ms: 7000, gap_ms: 5000, recording_ms: 2000, text: 'Gap of 5 s at 0:02 — the athlete’s connection dropped' },
    ]);
    expect(await runDueJobs(t.context, videoJobHandlers(videoService(t.context)))).toBe(1);
    expect((await call('GET', `/api/videos/${made.video_id}`, ana)).json().status).toBe('ready');
  }, 120_000);

  it('refuses segments out of order, changed, oversized, not WebM, not yours, and stores nothing', async () => {
    const { attemptId } = await startLive();
    expect(refusal(await send(ana, attemptId, 2, segments[0]!))).toMatch(/send segment 1 next, not 2/);
    expect((await send(fan, attemptId, 1, segments[0]!)).statusCode).toBe(403);
    const notWebm = await send(ana, attemptId, 1, Buffer.from('definitely not a video file'));
    expect(notWebm.statusCode).toBe(415);
    expect(refusal(notWebm)).toMatch(/whole WebM file/);
    const broken = await send(ana, attemptId, 1, Buffer.concat([segments[0]!.subarray(0, 4), Buffer.alloc(2000, 7)]));
    expect(broken.statusCode).toBe(422);
    expect(refusal(broken)).toMatch(/no readable WebM video/);
    const huge = Buffer.concat([segments[0]!, Buffer.alloc(LIVE_SEGMENT_MAX_BYTES)]);
    expect((await send(ana, attemptId, 1, huge)).statusCode).toBe(413);
    const asJson = await call('POST', `/api/live-attempts/${attemptId}/segments/1?at_ms=0&duration_ms=1000`, ana, { bytes: 'x' });
    expect(asJson.statusCode).toBe(415);
    expect((await send(ana, attemptId, 1, segments[0]!, -1)).statusCode).toBe(400);
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments`)).json().last_seq).toBe(0);

    expect((await send(ana, attemptId, 1, segments[0]!)).statusCode).toBe(201);
    // The same number with other bytes, an older one, one skipped ahead: refused with what to send next.
    expect(refusal(await send(ana, attemptId, 1, segments[1]!))).toMatch(/already received with other bytes; send segment 2 next/);
    expect(refusal(await send(ana, attemptId, 3, segments[1]!))).toMatch(/send segment 2 next, not 3/);
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments`)).json().last_seq).toBe(1);
    expect((await call('GET', '/api/live-attempts/999999/segments')).statusCode).toBe(404);

    // Abandoned: no recording is made, and the stream is closed.
    expect((await call('POST', `/api/live-attempts/${attemptId}/abandon`, ana)).statusCode).toBe(200);
    expect((await call('GET', `/api/live-attempts/${attemptId}/segments`)).json()).toMatchObject({
      status: 'abandoned',
      recording: 'none',
    });
    expect((await send(ana, attemptId, 2, segments[1]!)).statusCode).toBe(409);
    expect(await runDueJobs(t.context, liveRecordingJobHandlers)).toBe(0);
  }, 120_000);
});
