import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { challengeScores, videos } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn, insertVideo } from './helpers.ts';
import { watchRoom } from './room-watch.ts';
import { expectSocketContractKept } from './socket-contract.ts';

// Every message the room watchers received keeps the contract (openapi/realtime.yaml).
afterEach(expectSocketContractKept);

const HOUR = 3_600_000;
/** What the "rendition" of each test video holds: enough bytes for a range request to cut. */
const RENDITION = Buffer.from('ftyp-not-really-a-movie-but-bytes-to-stream-'.repeat(40));

type Item = {
  score_id: number;
  athlete: { display_name: string };
  video_url: string | null;
  video: { id: string; status: string; stream_url: string | null; poster_url: string | null } | null;
  votes: { up: number; down: number; total: number };
  mine: boolean;
};

// Uploaded videos in the theater: off by default, shown by their athlete's choice, and playable by
// everyone who may see the challenge only while shown (withdrawn, hidden, rejected or deleted: gone at once).
describe.each(databaseKinds)('theater uploads on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let base: string;
  let admin: SignedIn;
  let coach: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let challengeId: number;
  const scores: Record<string, number> = {};
  const clips: Record<string, string> = {};

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: SignedIn,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...(who ? authHeaders(who) : {}), ...headers }, payload: payload as object });
  const theater = async (who?: SignedIn) => {
    const res = await call('GET', `/api/theater/challenges/${challengeId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Item[] }).items;
  };
  const show = (who: SignedIn | undefined, name: string, shown: unknown) =>
    call('PUT', `/api/theater/scores/${scores[name]}/shown`, who, { shown });
  const itemOf = async (name: string, who?: SignedIn) => (await theater(who)).find((i) => i.score_id === scores[name]);

  async function uploaded(owner: SignedIn, status: 'ready' | 'processing') {
    const id = await insertVideo(t, owner, { sizeBytes: RENDITION.length, durationMs: 4_000 });
    mkdirSync(path.join(dir, 'store', 'media', id), { recursive: true });
    writeFileSync(path.join(dir, 'store', 'media', id, 'web.mp4'), RENDITION);
    writeFileSync(path.join(dir, 'store', 'media', id, 'poster.jpg'), Buffer.from('poster'));
    // Ready for the score; a video still processing is set back afterwards (a score takes ready videos only).
    return {
      id,
      settle: async () => {
        if (status !== 'ready') await t.context.database.db.update(videos).set({ status, readyAt: null }).where(eq(videos.id, id));
      },
    };
  }

  /** Opens a signed link (without any bearer token, as a <video> element does). */
  const open = (url: string, range?: string) =>
    t.app.inject({ method: 'GET', url: url.replace(/^.*?\/api\//, '/api/'), headers: range ? { range } : {} });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'theater-uploads-'));
    t = await createTestApp(kind, { videoDir: path.join(dir, 'store'), adminEmails: ['admin@example.test'] }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    const now = t.clock.now().getTime();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(coach),
      payload: {
        title: 'Burpee AMRAP',
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 48 * HOUR).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    challengeId = res.json().id;
    const submit = async (who: SignedIn, name: string, body: Record<string, unknown>) => {
      const s = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${challengeId}/submit-score`,
        headers: authHeaders(who),
        payload: body,
      });
      expect(s.statusCode, s.body).toBe(201);
      scores[name] = s.json().score.id;
    };
    for (const who of [ana, ben]) {
      const join = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${challengeId}/join`,
        headers: authHeaders(who),
        payload: { division: 'rx', sex: 'female' },
      });
      expect(join.statusCode).toBe(200);
    }
    const anas = await uploaded(ana, 'ready');
    clips.ana = anas.id;
    await submit(ana, 'ana', { reps: 100, video_id: anas.id });
    const pending = await uploaded(ana, 'processing');
    clips.pending = pending.id;
    await submit(ana, 'pending', { reps: 90, video_id: pending.id });
    await pending.settle();
    await submit(ben, 'link', { reps: 95, video_url: 'https://vimeo.com/42' });
    const bens = await uploaded(ben, 'ready');
    clips.ben = bens.id;
    await submit(ben, 'ben', { reps: 80, video_id: bens.id });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists no upload until its athlete shows it; nobody else can show it, and bad input changes nothing', async () => {
    expect((await theater(ben)).map((i) => i.score_id)).toEqual([scores.link]);
    expect((await call('GET', '/api/judging/mine', ana)).json().items.every((s: { theater_shown: boolean }) => !s.theater_shown)).toBe(
      true,
    );

    const other = await show(ben, 'ana', true);
    expect(other.statusCode).toBe(403);
    expect(refusal(other)).toMatch(/Only the athlete/);
    expect((await show(undefined, 'ana', true)).statusCode).toBe(401);
    expect((await show(ana, 'ana', 'yes')).statusCode).toBe(400);
    expect((await call('PUT', `/api/theater/scores/${scores.ana}/shown`, ana, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/theater/scores/0/shown', ana, { shown: true })).statusCode).toBe(400);
    expect((await call('PUT', '/api/theater/scores/999999/shown', ana, { shown: true })).statusCode).toBe(404);
    const link = await show(ben, 'link', true);
    expect(link.statusCode).toBe(422);
    expect(refusal(link)).toMatch(/no uploaded video/);
    const processing = await show(ana, 'pending', true);
    expect(processing.statusCode).toBe(422);
    expect(refusal(processing)).toMatch(/not ready/);
    expect((await theater()).map((i) => i.score_id)).toEqual([scores.link]);
  });

  it('shows an upload its athlete opts in: anyone plays it through the theater link and votes on it', async () => {
    const on = await show(ana, 'ana', true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ score_id: scores.ana, shown: true });
    expect((await show(ana, 'ana', true)).json()).toEqual({ score_id: scores.ana, shown: true });
    const mine = (await call('GET', '/api/judging/mine', ana)).json().items as { score_id: number; theater_shown: boolean }[];
    expect(mine.find((s) => s.score_id === scores.ana)!.theater_shown).toBe(true);

    // A visitor (signed out) sees it with playable links; the external link stays as it was.
    const seen = (await itemOf('ana'))!;
    expect(seen).toMatchObject({ video_url: null, video: { id: clips.ana, status: 'ready' }, mine: false });
    expect((await itemOf('link'))!.video).toBeNull();
    const whole = await open(seen.video!.stream_url!);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(RENDITION)).toBe(true);
    const part = await open(seen.video!.stream_url!, 'bytes=0-9');
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(RENDITION.subarray(0, 10).toString());
    expect((await open(seen.video!.poster_url!)).statusCode).toBe(200);
    // The theater's link opens this video only: not Ben's, which he did not show.
    expect((await open(seen.video!.stream_url!.replace(clips.ana, clips.ben))).statusCode).toBe(403);

    const voted = await call('PUT', `/api/theater/scores/${scores.ana}/vote`, ben, { value: 1 });
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json()).toMatchObject({ up: 1, total: 1, my_vote: 1 });
    expect((await call('PUT', `/api/theater/scores/${scores.ana}/vote`, ana, { value: 1 })).statusCode).toBe(403);
    expect((await itemOf('ana', ana))!.mine).toBe(true);
    // Best voted first: Ana's shown upload (+1) before Ben's link (0) though his score is better.
    expect((await theater()).map((i) => i.score_id)).toEqual([scores.ana, scores.link]);
  });

  it('stops at once when the athlete withdraws it, tells open theaters, and plays again when shown again', async () => {
    const link = (await itemOf('ana', ben))!.video!.stream_url!;
    expect((await open(link)).statusCode).toBe(200);
    const room = await watchRoom(base, ben, challengeId);
    const off = await show(ana, 'ana', false);
    expect(off.json()).toEqual({ score_id: scores.ana, shown: false });
    expect(await room.next((m) => m.type === 'theater_changed')).toEqual({
      type: 'theater_changed',
      challenge_id: challengeId,
      score_id: scores.ana,
    });
    // Asking again for what already is changes nothing and tells nobody.
    expect((await show(ana, 'ana', false)).statusCode).toBe(200);
    expect((await theater(ben)).map((i) => i.score_id)).toEqual([scores.link]);
    expect((await open(link)).statusCode).toBe(404);
    expect((await call('PUT', `/api/theater/scores/${scores.ana}/vote`, ben, { value: -1 })).statusCode).toBe(404);
    // The owner's own link is not the theater's: it still plays for her.
    const own = (await call('GET', `/api/videos/${clips.ana}`, ana)).json();
    expect((await open(own.stream_url)).statusCode).toBe(200);

    expect((await show(ana, 'ana', true)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(room.seen().filter((m) => m.type === 'theater_changed')).toHaveLength(2);
    room.close();
    expect((await open(link)).statusCode).toBe(200);
    expect((await itemOf('ana'))!.votes).toEqual({ up: 1, down: 0, total: 1 });
  });

  it('takes a video moderators hide out of the theater, stops its link, tells the room, and brings it back on restore', async () => {
    const link = (await itemOf('ana', ben))!.video!.stream_url!;
    const room = await watchRoom(base, ben, challengeId);
    const moderate = (action: 'hide' | 'restore') =>
      call('POST', `/api/admin/moderation/items/video/${clips.ana}/actions`, admin, { action, reason: 'Shows a stranger without consent' });
    expect((await moderate('hide')).statusCode).toBe(200);
    expect(await room.next((m) => m.type === 'theater_changed' && m.score_id === scores.ana)).toBeTruthy();
    expect(await itemOf('ana', ben)).toBeUndefined();
    expect((await open(link)).statusCode).toBe(404);
    // Still shown by her choice, so it may not be shown anew while hidden.
    const again = await show(ana, 'ana', true);
    expect(again.statusCode).toBe(422);
    expect(refusal(again)).toMatch(/Moderators hid this video/);
    expect((await moderate('restore')).statusCode).toBe(200);
    expect(await itemOf('ana', ben)).toBeDefined();
    expect((await open(link)).statusCode).toBe(200);
    room.close();
  });

  it('never shows a score hidden by moderators, judged invalid or deleted (open theaters told), nor lets it be shown', async () => {
    const db = t.context.database.db;
    const link = (await itemOf('ana'))!.video!.stream_url!;
    for (const [change, undo, why] of [
      [{ hiddenAt: t.clock.now() }, { hiddenAt: null }, /Moderators hid/],
      [{ verification: 'rejected' }, { verification: 'verified' }, /invalid/],
    ] as const) {
      await db.update(challengeScores).set(change).where(eq(challengeScores.id, scores.ana!));
      expect(await itemOf('ana')).toBeUndefined();
      expect((await open(link)).statusCode).toBe(404);
      // Still shown as chosen, so it comes back with the score; showing it again meanwhile is refused.
      const again = await show(ana, 'ana', true);
      expect(again.statusCode).toBe(422);
      expect(refusal(again)).toMatch(why);
      await db.update(challengeScores).set(undo).where(eq(challengeScores.id, scores.ana!));
      expect((await open(link)).statusCode).toBe(200);
    }
    const room = await watchRoom(base, ben, challengeId);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/challenges/${challengeId}/scores/${scores.ana}`,
      headers: authHeaders(ana),
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await room.next((m) => m.type === 'theater_changed' && m.score_id === scores.ana)).toBeTruthy();
    room.close();
    expect(await itemOf('ana')).toBeUndefined();
    expect((await open(link)).statusCode).toBe(404);
    expect((await show(ana, 'ana', true)).statusCode).toBe(404);
  });
});
