import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.ts';
import { scoreVideos } from '#server/db/schema.ts';
import { enqueueJob, runDueJobs } from '#server/lib/jobs.ts';
import { scoreVideoJobHandlers } from '#server/areas/challenges/index.ts';
import { videoJobHandlers } from '#server/areas/videos/videos-processing.ts';
import { videoService } from '#server/areas/videos/videos-tus.ts';
import { PROCESS_JOB } from '#server/areas/videos/videos.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

// Issue #37: a score may name the athlete's own video while it is still processing. The score is stored at once
// ("Unverified: waiting for its video"), out of judging's queue; when processing ends the same check runs as for a
// ready video (the judging item is created), or, when it fails, the athlete is told and the score stays unverified
// without a video. Someone else's video, a missing one, one still uploading or a failed one: 4xx, nothing stored.
describe.each(databaseKinds)('a score submitted while its video processes, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let clip: string;
  let admin: SignedIn;
  let coach: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cy: SignedIn;
  let judge: SignedIn;
  let challengeId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'score-video-'));
    clip = path.join(dir, 'clip.mp4');
    // A real 1-second clip, as a phone would make it.
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'mpeg4', clip]);
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], videoDir: path.join(dir, 'store') }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    judge = await signIn(t, 'jo@example.test', 'judge-password', 'Judge Jo');
    expect((await call('POST', '/api/judging/certificates', admin, { user_id: judge.userId, level: 'judge' })).statusCode).toBe(201);
    const now = t.clock.now().getTime();
    const created = await call('POST', '/api/challenges/', coach, {
      title: 'Burpee AMRAP',
      description: '7 minutes of burpees',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    challengeId = created.json().id;
    for (const a of [ana, ben, cy])
      expect((await call('POST', `/api/challenges/${challengeId}/join`, a, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/judging/challenges/${challengeId}/video-rule`, coach, { rule: 'every' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const submit = (who: SignedIn, body: Record<string, unknown>) => call('POST', `/api/challenges/${challengeId}/submit-score`, who, body);
  const svc = () => videoService(t.context);
  /** Runs the worker's jobs as the app's worker does: processing, then what waited for the video. */
  const runJobs = () => runDueJobs(t.context, { ...videoJobHandlers(svc()), ...scoreVideoJobHandlers });
  /** A video of `owner`'s, uploaded and checked, now processing; `file` is what its upload holds (none: a lost original). */
  async function processingVideo(owner: SignedIn, file: string | null) {
    const id = await insertVideo(t, owner, { status: 'processing', durationMs: 1000 });
    if (file) {
      const target = svc().storage.uploadedFile(id);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
    // What completing the upload queues.
    await enqueueJob(t.context.database.db, PROCESS_JOB, { videoId: id }, t.clock.now());
    return id;
  }
  const scoreCount = async () =>
    (
      await rowsOf<{ n: number }>(
        t.context.database.db,
        sql`select count(*)::int as n from challenge_scores where challenge_id = ${challengeId}`,
      )
    )[0]!.n;
  const boardChecks = async () =>
    (
      (await call('GET', `/api/challenges/rankings?challenge_id=${challengeId}`)).json() as {
        items: { athlete: { display_name: string }; score: { video_check?: string } }[];
      }
    ).items.map((r) => `${r.athlete.display_name}: ${r.score.video_check ?? 'none'}`);
  const queued = async () =>
    ((await call('GET', `/api/judging/queue?challenge_id=${challengeId}`, judge)).json() as { items: { score_id: number }[] }).items.map(
      (i) => i.score_id,
    );

  it('stores the score at once, unverified and waiting for its video, and sends it to judging once processing is over', async () => {
    const video = await processingVideo(ana, clip);
    const res = await submit(ana, { reps: 100, video_id: video });
    expect(res.statusCode, res.body).toBe(201);
    const scoreId = res.json().score.id as number;
    expect(res.json().score.video_check).toBe('waiting_for_video');
    expect(await boardChecks()).toEqual(['Ana: waiting_for_video']);
    // Not in judging yet: no item for judges, none among the athlete's judged scores.
    expect(await queued()).toEqual([]);
    expect((await call('GET', '/api/judging/mine', ana)).json().items).toEqual([]);
    expect((await call('POST', `/api/judging/submissions/${scoreId}/claim`, judge)).statusCode).toBe(404);
    const history = (await call('GET', '/api/challenges/my-submissions', ana)).json();
    expect(JSON.stringify(history)).toContain('waiting_for_video');

    await runJobs();
    expect((await call('GET', `/api/videos/${video}`, ana)).json().status).toBe('ready');
    // The check a ready video gets: the judging item exists, the board says Unverified until a judge watches it.
    expect(await queued()).toEqual([scoreId]);
    expect(await boardChecks()).toEqual(['Ana: unverified']);
    expect((await call('GET', '/api/judging/mine', ana)).json().items).toMatchObject([{ score_id: scoreId, state: 'waiting' }]);
    expect((await call('POST', `/api/judging/submissions/${scoreId}/claim`, judge)).statusCode).toBe(200);
    // Settling again changes nothing.
    await runJobs();
    expect(await queued()).toEqual([scoreId]);
  });

  it('tells the athlete when the video fails, and keeps the score unverified without it', async () => {
    // An upload whose original is not a video any more: processing fails.
    const junk = path.join(dir, 'junk.mp4');
    writeFileSync(junk, 'not a video at all, whatever the name says');
    const video = await processingVideo(ben, junk);
    const res = await submit(ben, { reps: 90, video_id: video });
    expect(res.statusCode, res.body).toBe(201);
    const scoreId = res.json().score.id as number;
    await runJobs();
    expect((await call('GET', `/api/videos/${video}`, ben)).json().status).toBe('failed');
    const [check] = await t.context.database.db.select().from(scoreVideos).where(eq(scoreVideos.scoreId, scoreId));
    expect(check).toMatchObject({ state: 'no_video', videoId: null, queueKey: null });
    expect(await queued()).not.toContain(scoreId);
    expect(await boardChecks()).toContain('Ben: no_video');
    const inbox = (await call('GET', '/api/notifications', ben)).json().items as { kind: string; title: string; link: string }[];
    expect(inbox.find((n) => n.kind === 'score_video_failed')).toMatchObject({
      title: 'The video of your score in Burpee AMRAP could not be processed',
      link: '/my-results-page',
    });
  });

  it('refuses someone else’s video, a missing one, one still uploading and a failed one, storing nothing', async () => {
    const before = await scoreCount();
    const anas = await processingVideo(ana, clip);
    expect(refusal(await submit(cy, { reps: 50, video_id: anas }))).toMatch(/not one of yours/);
    expect((await submit(cy, { reps: 50, video_id: randomUUID() })).statusCode).toBe(400);
    const uploading = await insertVideo(t, cy, { status: 'uploading' });
    const stillUploading = await submit(cy, { reps: 50, video_id: uploading });
    expect(stillUploading.statusCode).toBe(422);
    expect(refusal(stillUploading)).toMatch(/still uploading/);
    const failed = await insertVideo(t, cy, { status: 'failed' });
    const refused = await submit(cy, { reps: 50, video_id: failed });
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused)).toMatch(/could not be processed/);
    expect(await scoreCount()).toBe(before);
  });
});
