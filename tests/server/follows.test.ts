import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, joinChallenge, submitScore } from '#server/areas/challenges/index.ts';
import { followJobHandlers } from '#server/areas/follows/index.ts';
import { DEFAULT_PRIVACY } from '#server/areas/athletes/schema.ts';
import { athleteProfiles, follows, kudos, notifications, stories } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { KUDOS_PER_MINUTE } from '#domain/follows.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

interface FeedItem {
  key: string;
  kind: string;
  id: number;
  at: string;
  author: { user_id: number };
  title: string;
  body: string;
  kudos: { count: number; mine: boolean } | null;
}

describe.each(databaseKinds)('follows on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn, bo: SignedIn, cy: SignedIn, di: SignedIn, hidden: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    ana = await signIn(t, 'ana-fo@x.test', undefined, 'Ana Follower');
    bo = await signIn(t, 'bo-fo@x.test', undefined, 'Bo Storyteller');
    cy = await signIn(t, 'cy-fo@x.test', undefined, 'Cy Creator');
    di = await signIn(t, 'di-fo@x.test', undefined, 'Di Stranger');
    hidden = await signIn(t, 'hid-fo@x.test', undefined, 'Hidden Person');
    await t.context.database.db
      .insert(athleteProfiles)
      .values({ userId: hidden.userId, privacy: DEFAULT_PRIVACY, hiddenAt: t.context.now() });
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, ...(payload ? { payload } : {}) });
  const db = () => t.context.database.db;
  const inbox = async (who: SignedIn, kindOf: string) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.userId), eq(notifications.kind, kindOf)))
    ).map((n) => n.title);
  const feed = async (who: SignedIn, query = '') => {
    const res = await call('GET', `/api/follows/feed${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: FeedItem[]; next_cursor: string | null; following: number };
  };
  const tick = () => t.clock.advance(1000);

  it('follows once, counts both sides, tells the followed person once, and unfollows idempotently', async () => {
    const first = await call('PUT', `/api/follows/athletes/${bo.userId}`, ana);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ user_id: bo.userId, followers: 1, following: 0, followed_by_me: true, follows_me: false });
    const again = await call('PUT', `/api/follows/athletes/${bo.userId}`, ana);
    expect(again.json()).toMatchObject({ followers: 1, followed_by_me: true });
    expect(await inbox(bo, 'new_follower')).toEqual(['Ana Follower started following you']);

    expect((await call('PUT', `/api/follows/athletes/${cy.userId}`, ana)).statusCode).toBe(200);
    const mine = (await call('GET', `/api/follows/athletes/${ana.userId}`)).json();
    expect(mine).toMatchObject({ followers: 0, following: 2, followed_by_me: false });
    const following = (await call('GET', `/api/follows/athletes/${ana.userId}/following`)).json();
    expect(following.items.map((p: { user_id: number }) => p.user_id).sort()).toEqual([bo.userId, cy.userId].sort());
    const followers = (await call('GET', `/api/follows/athletes/${bo.userId}/followers`, bo)).json();
    expect(followers).toMatchObject({ total: 1, items: [{ user_id: ana.userId, display_name: 'Ana Follower', followed_by_me: false }] });

    // Di follows Bo and unfollows twice: the second changes nothing.
    expect((await call('PUT', `/api/follows/athletes/${bo.userId}`, di)).json().followers).toBe(2);
    expect((await call('DELETE', `/api/follows/athletes/${bo.userId}`, di)).json()).toMatchObject({ followers: 1, followed_by_me: false });
    const twice = await call('DELETE', `/api/follows/athletes/${bo.userId}`, di);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().followers).toBe(1);
  });

  it('refuses following oneself, a missing or hidden account, and signed-out callers, storing nothing', async () => {
    const before = await db().select().from(follows);
    const self = await call('PUT', `/api/follows/athletes/${ana.userId}`, ana);
    expect(self.statusCode).toBe(409);
    expect(refusal(self)).toMatch(/yourself/);
    expect((await call('PUT', '/api/follows/athletes/999999', ana)).statusCode).toBe(404);
    const hid = await call('PUT', `/api/follows/athletes/${hidden.userId}`, ana);
    expect(hid.statusCode).toBe(404);
    expect(refusal(hid)).toBe('No athlete with that id.');
    expect((await call('GET', `/api/follows/athletes/${hidden.userId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/follows/athletes/${bo.userId}` })).statusCode).toBe(401);
    expect((await call('PUT', '/api/follows/athletes/0', ana)).statusCode).toBe(400);
    expect(await db().select().from(follows)).toEqual(before);
  });

  let boStory = 0;
  let boScore = 0;
  it('builds the feed from followed people only, newest first, and pages it by cursor without gaps or repeats', async () => {
    const ctx = t.context;
    const now = ctx.now().getTime();
    tick();
    const story = await call('POST', '/api/stories', bo, { title: 'Morning engine', body: 'Rowed ten kilometres before breakfast.' });
    expect(story.statusCode, story.body).toBe(201);
    boStory = story.json().id;
    tick();
    const challenge = await createChallenge(ctx, cy.userId, {
      title: 'Cy Burpee Mile',
      score_type: 'reps',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
    });
    tick();
    await joinChallenge(ctx, bo.userId, challenge.id, { division: 'rx' });
    await submitScore(ctx, bo.userId, challenge.id, { reps: 42 });
    const [score] = await rowsOf<{ id: number }>(db(), sql`select id from challenge_scores where user_id = ${bo.userId}`);
    boScore = Number(score!.id);
    tick();
    // Not followed by Ana: never in her feed.
    expect((await call('POST', '/api/stories', di, { title: 'Stranger story', body: 'Nobody follows me yet, sadly.' })).statusCode).toBe(
      201,
    );
    tick();
    const hiddenStory = await call('POST', '/api/stories', bo, { title: 'Hidden one', body: 'Moderators will hide this story.' });
    await db().update(stories).set({ hiddenAt: ctx.now() }).where(eq(stories.id, hiddenStory.json().id));

    const all = await feed(ana);
    expect(all.following).toBe(2);
    expect(all.items.map((i) => `${i.kind}:${i.title}`)).toEqual([
      'result:Cy Burpee Mile',
      'challenge:Cy Burpee Mile',
      'story:Morning engine',
    ]);
    expect(all.items[0]).toMatchObject({ body: '42 reps', author: { user_id: bo.userId }, kudos: { count: 0, mine: false } });
    expect(all.items[1]!.kudos).toBeNull();
    expect(all.next_cursor).toBeNull();

    // Pages of one: the same items in the same order, each once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await feed(ana, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((i) => i.key));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i) => i.key));

    const bad = await call('GET', '/api/follows/feed?cursor=yesterday', ana);
    expect(bad.statusCode).toBe(400);
    expect((await feed(di)).items).toEqual([]);
    expect((await call('GET', '/api/follows/feed')).statusCode).toBe(401);
  });

  it('tells followers of a new story or challenge through the job, and nobody else', async () => {
    expect(await runDueJobs(t.context, followJobHandlers)).toBeGreaterThanOrEqual(3);
    expect(await inbox(ana, 'followed_story')).toEqual(expect.arrayContaining(['Bo Storyteller posted a story: Morning engine']));
    expect(await inbox(ana, 'followed_challenge')).toEqual(['Cy Creator created a challenge: Cy Burpee Mile']);
    expect(await inbox(di, 'followed_story')).toEqual([]);
    expect(await inbox(bo, 'followed_story')).toEqual([]);
  });

  it('takes kudos once per person on visible stories and results, undoable, and refuses the rest', async () => {
    const give = await call('PUT', `/api/kudos/story/${boStory}`, ana);
    expect(give.statusCode, give.body).toBe(200);
    expect(give.json()).toEqual({ kind: 'story', item_id: boStory, count: 1, mine: true });
    expect((await call('PUT', `/api/kudos/story/${boStory}`, ana)).json().count).toBe(1);
    expect((await call('PUT', `/api/kudos/story/${boStory}`, di)).json()).toMatchObject({ count: 2, mine: true });
    expect((await call('DELETE', `/api/kudos/story/${boStory}`, di)).json()).toMatchObject({ count: 1, mine: false });
    expect((await call('DELETE', `/api/kudos/story/${boStory}`, di)).json()).toMatchObject({ count: 1, mine: false });
    expect((await call('PUT', `/api/kudos/score/${boScore}`, ana)).json()).toMatchObject({ count: 1, mine: true });
    const items = (await feed(ana)).items;
    expect(items.find((i) => i.key === `story:${boStory}`)!.kudos).toEqual({ kind: 'story', item_id: boStory, count: 1, mine: true });
    expect(items.find((i) => i.key === `result:${boScore}`)!.kudos).toMatchObject({ count: 1, mine: true });

    // Where stories show, their kudos show too.
    expect((await call('GET', `/api/stories/${boStory}`, ana)).json()).toMatchObject({ kudos: 1, kudos_mine: true });
    expect((await call('GET', `/api/stories/${boStory}`)).json()).toMatchObject({ kudos: 1, kudos_mine: false });
    const results = (await call('GET', '/api/challenges/my-submissions', bo)).json().items as { score: { id: number }; kudos: number }[];
    expect(results.find((r) => r.score.id === boScore)?.kudos).toBe(1);

    const before = await db().select().from(kudos);
    const own = await call('PUT', `/api/kudos/story/${boStory}`, bo);
    expect(own.statusCode).toBe(403);
    const [hiddenStory] = await db().select().from(stories).where(eq(stories.title, 'Hidden one'));
    const onHidden = await call('PUT', `/api/kudos/story/${hiddenStory!.id}`, ana);
    expect(onHidden.statusCode).toBe(404);
    expect(refusal(onHidden)).toBe('No story with that id.');
    expect((await call('PUT', '/api/kudos/score/999999', ana)).statusCode).toBe(404);
    expect((await call('PUT', `/api/kudos/video/${boStory}`, ana)).statusCode).toBe(400);
    expect(await db().select().from(kudos)).toEqual(before);
  });

  it('tells a reader (a board row’s menu) an item’s kudos and whether they gave them, and nothing of a hidden one', async () => {
    const mine = await call('GET', `/api/kudos/score/${boScore}`, ana);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ kind: 'score', item_id: boScore, count: 1, mine: true });
    expect((await call('GET', `/api/kudos/score/${boScore}`, di)).json()).toMatchObject({ count: 1, mine: false });
    expect((await call('GET', `/api/kudos/score/${boScore}`)).json()).toMatchObject({ count: 1, mine: false });
    const [hiddenStory] = await db().select().from(stories).where(eq(stories.title, 'Hidden one'));
    const onHidden = await call('GET', `/api/kudos/story/${hiddenStory!.id}`, ana);
    expect(onHidden.statusCode).toBe(404);
    expect(refusal(onHidden)).toBe('No story with that id.');
    expect((await call('GET', '/api/kudos/score/0')).statusCode).toBe(400);
  });

  it('limits the kudos one person gives in a minute', async () => {
    const ctx = t.context;
    const rows = Array.from({ length: KUDOS_PER_MINUTE }, (_, i) => ({
      kind: 'story',
      itemId: 900_000 + i,
      userId: cy.userId,
      createdAt: ctx.now(),
    }));
    await db().insert(kudos).values(rows);
    const limited = await call('PUT', `/api/kudos/story/${boStory}`, cy);
    expect(limited.statusCode).toBe(429);
    expect((await call('GET', `/api/follows/feed`, ana)).json().items.find((i: FeedItem) => i.id === boStory).kudos.count).toBe(1);
    t.clock.advance(61_000);
    await db().delete(kudos).where(eq(kudos.userId, cy.userId));
  });

  it('takes a deleted story’s kudos with it', async () => {
    const story = await call('POST', '/api/stories', di, { title: 'Short lived', body: 'This story will be deleted soon.' });
    const id = story.json().id as number;
    expect((await call('PUT', `/api/kudos/story/${id}`, ana)).json().count).toBe(1);
    expect((await call('DELETE', `/api/stories/${id}`, di)).statusCode).toBe(204);
    expect(
      await db()
        .select()
        .from(kudos)
        .where(and(eq(kudos.kind, 'story'), eq(kudos.itemId, id))),
    ).toEqual([]);
    expect((await call('PUT', `/api/kudos/story/${id}`, ana)).statusCode).toBe(404);
  });

  it('suggests active athletes the caller does not follow yet', async () => {
    const res = await call('GET', '/api/follows/suggestions', ana);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().items as { user_id: number }[]).map((p) => p.user_id);
    expect(ids).toContain(di.userId);
    expect(ids).not.toContain(ana.userId);
    expect(ids).not.toContain(bo.userId);
    expect(ids).not.toContain(hidden.userId);
    expect(ids[0]).toBe(di.userId);
  });
});
