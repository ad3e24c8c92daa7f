import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoInterviewQuestions, videoInterviews } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, signIn, type SignedIn, type TestApp } from './helpers.ts';

// Video interviews: the AI interview's questions answered by clips from the video pipeline, in order, with
// re-takes; only the owner answers or publishes; a published one is listed on the profile for anyone, whose
// links open only while it stays there.

interface Clip {
  id: string;
  status: string;
  stream_url: string | null;
}
interface VideoInterview {
  id: number;
  athlete: string;
  status: 'open' | 'finished';
  visibility: 'private' | 'profile';
  questions: { id: number; kind: string; text: string; video: Clip | null }[];
  current_question_id: number | null;
}

describe.each(databaseKinds)('video interviews on %s', (kind) => {
  let t: TestApp;
  let ana: SignedIn;
  let bo: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    ana = await signIn(t, 'ana-vi@example.test', 'athlete-password', 'Ana');
    bo = await signIn(t, 'bo-vi@example.test', 'athlete-password', 'Bo');
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const start = async (who: SignedIn) => {
    const res = await call('POST', '/api/video-interviews', who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as VideoInterview;
  };
  const clip = (who: SignedIn, status: 'ready' | 'processing' | 'uploading' | 'failed' = 'ready', purpose = 'interview') =>
    insertVideo(t, who, { status, purpose, fileName: 'answer.webm' });
  const answer = (who: SignedIn, iv: VideoInterview, videoId: string, questionId = iv.current_question_id) =>
    call('POST', `/api/video-interviews/${iv.id}/clips`, who, { question_id: questionId, video_id: videoId });
  const finish = async (iv: VideoInterview) => {
    let current = iv;
    while (current.current_question_id !== null) {
      const res = await answer(ana, current, await clip(ana));
      expect(res.statusCode, res.body).toBe(200);
      current = res.json() as VideoInterview;
    }
    return current;
  };

  it('asks the history questions and takes one clip per question, in order, then finishes', async () => {
    const iv = await start(ana);
    expect(iv).toMatchObject({ athlete: 'Ana', status: 'open', visibility: 'private' });
    expect(iv.questions.length).toBeGreaterThan(0);
    expect(iv.questions[0]!.kind).toBe('opener');
    expect(iv.current_question_id).toBe(iv.questions[0]!.id);

    if (iv.questions.length > 1) {
      const skipped = await answer(ana, iv, await clip(ana), iv.questions[1]!.id);
      expect(skipped.statusCode).toBe(409);
      expect(skipped.json().detail).toMatch(/in order/);
    }
    const first = await clip(ana, 'processing');
    const res = await answer(ana, iv, first);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as VideoInterview;
    expect(after.questions[0]!.video).toMatchObject({ id: first, status: 'processing' });

    // A re-take replaces the clip of an answered question.
    const retake = await clip(ana);
    const again = await answer(ana, after, retake, after.questions[0]!.id);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as VideoInterview).questions[0]!.video?.id).toBe(retake);

    const done = await finish(again.json() as VideoInterview);
    expect(done.status).toBe('finished');
    expect(done.questions.every((q) => q.video !== null)).toBe(true);
    const mine = (await call('GET', '/api/video-interviews', ana)).json() as { items: VideoInterview[] };
    expect(mine.items[0]!.id).toBe(iv.id);
  });

  it('refuses clips that are not usable and changes nothing', async () => {
    const iv = await start(ana);
    const q = iv.current_question_id;
    const cases: [string, number, RegExp][] = [
      [await clip(bo), 400, /not one of your/],
      [await clip(ana, 'ready', 'score'), 400, /not one of your/],
      [randomUUID(), 400, /not one of your/],
      [await clip(ana, 'uploading'), 409, /still uploading/],
      [await clip(ana, 'failed'), 409, /could not be processed/],
    ];
    for (const [videoId, status, detail] of cases) {
      const res = await answer(ana, iv, videoId);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    const bad = await call('POST', `/api/video-interviews/${iv.id}/clips`, ana, { question_id: q, video_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual(expect.any(String));
    const rows = await t.context.database.db.select().from(videoInterviewQuestions).where(eq(videoInterviewQuestions.interviewId, iv.id));
    expect(rows.every((r) => r.videoId === null)).toBe(true);

    // A clip already answering another interview's question is refused.
    const other = await start(ana);
    const shared = await clip(ana);
    expect((await answer(ana, other, shared)).statusCode).toBe(200);
    const reused = await answer(ana, iv, shared);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toMatch(/already answers/);
  });

  it("keeps someone else's interview closed to them", async () => {
    const iv = await start(ana);
    expect((await call('GET', `/api/video-interviews/${iv.id}`, bo)).statusCode).toBe(403);
    const res = await answer(bo, iv, await clip(bo));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/another athlete/);
    expect((await call('PUT', `/api/video-interviews/${iv.id}/visibility`, bo, { visibility: 'profile' })).statusCode).toBe(403);
    expect((await call('GET', '/api/video-interviews/999999', ana)).statusCode).toBe(404);
    expect((await call('POST', '/api/video-interviews')).statusCode).toBe(401);
  });

  it('puts a finished interview on the profile for anyone, and takes it off again', async () => {
    const open = await start(ana);
    const early = await call('PUT', `/api/video-interviews/${open.id}/visibility`, ana, { visibility: 'profile' });
    expect(early.statusCode).toBe(409);
    const bad = await call('PUT', `/api/video-interviews/${open.id}/visibility`, ana, { visibility: 'public' });
    expect(bad.statusCode).toBe(400);

    const done = await finish(open);
    const published = await call('PUT', `/api/video-interviews/${done.id}/visibility`, ana, { visibility: 'profile' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ visibility: 'profile', published_at: expect.any(String) });
    // On the profile, a re-take is refused.
    const retake = await answer(ana, done, await clip(ana), done.questions[0]!.id);
    expect(retake.statusCode).toBe(409);

    const seen = (await call('GET', `/api/video-interviews/athlete/${ana.userId}`)).json() as { items: VideoInterview[] };
    const shown = seen.items.find((i) => i.id === done.id)!;
    expect(shown.questions.length).toBe(done.questions.length);
    const link = shown.questions[0]!.video!.stream_url!;
    expect(link).toMatch(/\/stream\?token=/);
    // The signed-out viewer's link reaches the stream route (the file is not on disk in this test: not a refused token).
    const stream = await t.app.inject({ method: 'GET', url: link.replace(/^.*\/api\//, '/api/') });
    if (stream.statusCode !== 200 && stream.statusCode !== 206) expect(stream.json().detail).not.toMatch(/expired/);

    const hidden = await call('PUT', `/api/video-interviews/${done.id}/visibility`, ana, { visibility: 'private' });
    expect(hidden.json()).toMatchObject({ visibility: 'private', published_at: null });
    const after = (await call('GET', `/api/video-interviews/athlete/${ana.userId}`, bo)).json() as { items: VideoInterview[] };
    expect(after.items.some((i) => i.id === done.id)).toBe(false);
    const [row] = await t.context.database.db.select().from(videoInterviews).where(eq(videoInterviews.id, done.id));
    expect(row!.visibility).toBe('private');
  });
});
