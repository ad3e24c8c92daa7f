import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { shownInStory } from '#server/areas/stories/stories.ts';
import { STORY_BODY_LIMITS, STORY_PAGE_SIZE, STORY_TITLE_LIMITS, COMMENT_LIMITS } from '#domain/stories.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Story {
  id: number;
  title: string;
  body: string;
  author: { wp_user_id: number; display_name: string };
  challenge: { id: number; title: string } | null;
  video: { id: string; stream_url: string | null } | null;
  comments: number;
  mine: boolean;
  hidden: boolean;
  hidden_reason: string | null;
}

describe.each(databaseKinds)('stories on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cleo: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    editor = await signIn(t, 'ed@example.test', 'editor-password', 'Ed');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    cleo = await signIn(t, 'cleo@example.test', 'athlete-password', 'Cleo');
    expect((await call('PUT', `/api/auth/admin/users/${editor.userId}/role`, admin, { wp_role: 'editor' })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const publish = async (who: SignedIn, body: Record<string, unknown>) => {
    const res = await call('POST', '/api/stories', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Story;
  };
  const feedTitles = async (who?: SignedIn) => ((await call('GET', '/api/stories', who)).json().items as Story[]).map((s) => s.title);
  const act = (who: SignedIn, k: string, id: number, body: Record<string, unknown>) =>
    call('POST', `/api/admin/moderation/items/${k}/${id}/actions`, who, body);

  it('publishes, edits and deletes a story; only its author may change it', async () => {
    const s = await publish(ana, { title: '  My first muscle-up  ', body: 'It took me two years of **practice**.' });
    expect(s).toMatchObject({
      title: 'My first muscle-up',
      author: { wp_user_id: ana.userId, display_name: 'Ana' },
      mine: true,
      hidden: false,
    });
    expect(s.video).toBeNull();
    expect(s.challenge).toBeNull();
    // Everyone sees it, signed out too; it is not theirs.
    const read = await call('GET', `/api/stories/${s.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: s.id, mine: false });
    expect(await feedTitles()).toContain('My first muscle-up');

    const edited = await call('PATCH', `/api/stories/${s.id}`, ana, { body: 'It took me two years and a lot of band work.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().body).toBe('It took me two years and a lot of band work.');
    expect(edited.json().title).toBe('My first muscle-up');

    const theirs = await call('PATCH', `/api/stories/${s.id}`, ben, { title: 'Hacked title' });
    expect(theirs.statusCode).toBe(403);
    expect(refusal(theirs)).toMatch(/Only the author/);
    expect((await call('DELETE', `/api/stories/${s.id}`, ben)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/stories/${s.id}`)).statusCode).toBe(401);

    const comment = await call('POST', `/api/stories/${s.id}/comments`, ben, { body: 'Well done!' });
    expect(comment.statusCode).toBe(201);
    expect((await call('DELETE', `/api/stories/${s.id}`, ana)).statusCode).toBe(204);
    expect((await call('GET', `/api/stories/${s.id}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}/comments`, ben)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/stories/${s.id}`, ana)).statusCode).toBe(404);
    expect(await feedTitles()).not.toContain('My first muscle-up');
  });

  it('refuses bad input with a sentence and stores nothing', async () => {
    const before = (await call('GET', '/api/stories/mine', ana)).json().total as number;
    const refused = async (body: Record<string, unknown>, status: number, words: RegExp) => {
      const res = await call('POST', '/api/stories', ana, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(refusal(res)).toMatch(words);
    };
    await refused({ title: '   ', body: 'A long enough body text.' }, 400, /title/);
    await refused({ title: 'x'.repeat(STORY_TITLE_LIMITS.max + 1), body: 'A long enough body text.' }, 400, /120 characters or fewer/);
    await refused({ title: 'Short body', body: 'tiny' }, 400, /at least 10 characters/);
    await refused({ title: 'Long body', body: 'y'.repeat(STORY_BODY_LIMITS.max + 1) }, 400, /5000 characters or fewer/);
    await refused({ title: 'Way too long', body: 'y'.repeat(30_000) }, 400, /at most/);
    await refused({ title: 'Unknown field', body: 'A long enough body text.', mood: 'happy' }, 400, /Unknown field/);
    await refused({ title: 'No such challenge', body: 'A long enough body text.', challenge_id: 999_999 }, 404, /No challenge/);
    const bens = await insertVideo(t, ben);
    await refused({ title: 'Someone else video', body: 'A long enough body text.', video_id: bens }, 400, /not one of yours/);
    const processing = await insertVideo(t, ana, { status: 'processing' });
    await refused({ title: 'Video not ready', body: 'A long enough body text.', video_id: processing }, 422, /not ready/);
    await refused(
      { title: 'Unknown video', body: 'A long enough body text.', video_id: '00000000-0000-4000-8000-000000000000' },
      400,
      /not one of yours/,
    );
    expect((await call('GET', '/api/stories/mine', ana)).json().total).toBe(before);
    expect((await call('GET', '/api/stories/999999', ana)).statusCode).toBe(404);
    expect((await call('GET', '/api/stories/0', ana)).statusCode).toBe(400);
    expect((await call('PATCH', '/api/stories/999999', ana, { title: 'Nothing here' })).statusCode).toBe(404);
    const s = await publish(ana, { title: 'Bounded comments', body: 'Comments on this story are bounded.' });
    expect((await call('POST', `/api/stories/${s.id}/comments`, ben, { body: '   ' })).statusCode).toBe(400);
    const long = await call('POST', `/api/stories/${s.id}/comments`, ben, { body: 'z'.repeat(COMMENT_LIMITS.max + 1) });
    expect(long.statusCode).toBe(400);
    expect(refusal(long)).toMatch(/1000 characters or fewer/);
    expect((await call('POST', '/api/stories/999999/comments', ben, { body: 'Hello' })).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}/comments`)).json().total).toBe(0);
  });

  it('attaches the author’s own ready video and a challenge; readers get links that open it', async () => {
    const video = await insertVideo(t, ana);
    const create = await call('POST', '/api/challenges/', cleo, {
      title: 'Row 2k',
      description: 'Row 2k as fast as you can',
      score_type: 'time',
      time_cap_seconds: 900,
      starts_at: new Date(t.clock.now().getTime() - HOUR).toISOString(),
      ends_at: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect(create.statusCode, create.body).toBe(201);
    const challengeId = create.json().id as number;
    const s = await publish(ana, {
      title: 'My 2k row',
      body: 'Paced it at 1:55 and died at 1500 m.',
      video_id: video,
      challenge_id: challengeId,
    });
    expect(s.video?.id).toBe(video);
    expect(s.challenge).toEqual({ id: challengeId, title: 'Row 2k' });
    const asBen = (await call('GET', `/api/stories/${s.id}`, ben)).json() as Story;
    expect(asBen.video?.stream_url).toMatch(/\/api\/videos\/.+\/stream\?token=/);
    // A reader's link opens the video only while a visible story shows it: not once moderators hide the story.
    const db = t.context.database.db;
    expect(await shownInStory(db, video)).toBe(true);
    expect((await act(editor, 'story', s.id, { action: 'hide', reason: 'Checking video links.' })).statusCode).toBe(200);
    expect(await shownInStory(db, video)).toBe(false);
    expect((await call('GET', `/api/stories/${s.id}`, ana)).json().video?.id).toBe(video);
    expect((await act(editor, 'story', s.id, { action: 'restore', reason: 'Checked the video links.' })).statusCode).toBe(200);
    expect(await shownInStory(db, video)).toBe(true);
    // A forged story link for someone else's video is refused.
    const forged = await call(
      'GET',
      `/api/videos/${video}/stream?token=${encodeURIComponent(asBen.video!.stream_url!.split('token=')[1]!)}x`,
    );
    expect(forged.statusCode).toBe(403);
    // Taking the video off.
    const off = await call('PATCH', `/api/stories/${s.id}`, ana, { video_id: null });
    expect(off.json().video).toBeNull();
    expect(await shownInStory(db, video)).toBe(false);
  });

  it('pages the feed newest first', async () => {
    for (let i = 0; i < STORY_PAGE_SIZE + 2; i++) {
      t.clock.advance(1000);
      await publish(cleo, { title: `Paged story ${i}`, body: 'One of many stories in the feed.' });
    }
    const first = (await call('GET', '/api/stories')).json();
    expect(first.items).toHaveLength(STORY_PAGE_SIZE);
    expect(first.items[0].title).toBe(`Paged story ${STORY_PAGE_SIZE + 1}`);
    const second = (await call('GET', '/api/stories?page=2')).json();
    expect(second.items[0].title).toBe('Paged story 1');
    expect(second.total).toBe(first.total);
  });

  it('reports of stories and comments reach the queue; hidden ones leave the feed and show to their author alone, marked', async () => {
    const s = await publish(ana, { title: 'Buy my supplements', body: 'Use my code for 50% off protein powder.' });
    const c = (await call('POST', `/api/stories/${s.id}/comments`, cleo, { body: 'Totally a scam, avoid.' })).json();
    const kept = (await call('POST', `/api/stories/${s.id}/comments`, ben, { body: 'Thanks for sharing.' })).json();
    expect((await call('POST', '/api/moderation/reports', ben, { kind: 'story', item_id: String(s.id), reason: 'spam' })).statusCode).toBe(
      201,
    );
    expect(
      (await call('POST', '/api/moderation/reports', ben, { kind: 'comment', item_id: String(c.id), reason: 'harassment' })).statusCode,
    ).toBe(201);
    expect((await call('POST', '/api/moderation/reports', ana, { kind: 'story', item_id: String(s.id), reason: 'spam' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/moderation/reports', ben, { kind: 'comment', item_id: '999999', reason: 'spam' })).statusCode).toBe(
      404,
    );
    const q = (await call('GET', '/api/admin/moderation/queue', editor)).json();
    expect(q.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'story',
          item_id: String(s.id),
          title: 'Buy my supplements',
          link: `/my-stories-page?story=${s.id}`,
        }),
        expect.objectContaining({ kind: 'comment', item_id: String(c.id), title: 'Comment on “Buy my supplements”' }),
      ]),
    );

    // The comment is hidden: gone for others, kept (marked) for its author.
    expect((await act(editor, 'comment', c.id, { action: 'hide', reason: 'Insults another athlete.' })).statusCode).toBe(200);
    const forBen = (await call('GET', `/api/stories/${s.id}/comments`, ben)).json();
    expect(forBen.items.map((x: { id: number }) => x.id)).toEqual([kept.id]);
    expect((await call('GET', `/api/stories/${s.id}/comments`)).json().total).toBe(1);
    const forCleo = (await call('GET', `/api/stories/${s.id}/comments`, cleo)).json();
    expect(forCleo.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: c.id, hidden: true, mine: true }),
        expect.objectContaining({ id: kept.id, hidden: false }),
      ]),
    );
    expect(((await call('GET', `/api/stories/${s.id}`, ben)).json() as Story).comments).toBe(1);

    // The story is hidden.
    const hide = await act(editor, 'story', s.id, { action: 'hide', reason: 'Advertising is not allowed.' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await feedTitles(ben)).not.toContain('Buy my supplements');
    expect(await feedTitles()).not.toContain('Buy my supplements');
    expect((await call('GET', `/api/stories/${s.id}`, ben)).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}/comments`, ben)).statusCode).toBe(404);
    expect((await call('POST', `/api/stories/${s.id}/comments`, ben, { body: 'Still here?' })).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}`, editor)).statusCode).toBe(200);
    const own = (await call('GET', `/api/stories/${s.id}`, ana)).json() as Story;
    expect(own).toMatchObject({ hidden: true, hidden_reason: 'Advertising is not allowed.', mine: true });
    const mine = (await call('GET', '/api/stories/mine', ana)).json().items as Story[];
    expect(mine.find((x) => x.id === s.id)).toMatchObject({ hidden: true, hidden_reason: 'Advertising is not allowed.' });
    expect((await call('POST', `/api/stories/${s.id}/comments`, ana, { body: 'Why?' })).statusCode).toBe(409);

    // The author sees the decision with a link to the story, and appeals once.
    const decisions = (await call('GET', '/api/moderation/decisions', ana)).json().items as {
      id: number;
      kind: string;
      link: string;
      appealable: boolean;
    }[];
    const decision = decisions.find((d) => d.kind === 'story')!;
    expect(decision).toMatchObject({ link: `/my-stories-page?story=${s.id}`, appealable: true });
    const cleos = (await call('GET', '/api/moderation/decisions', cleo)).json().items as { kind: string; link: string }[];
    expect(cleos.find((d) => d.kind === 'comment')?.link).toBe(`/my-stories-page?story=${s.id}`);
    const appeal = await call('POST', `/api/moderation/decisions/${decision.id}/appeal`, ana, {
      reason: 'It was a story about my own nutrition, not an advert.',
    });
    expect(appeal.statusCode, appeal.body).toBe(201);

    // An administrator reverses: the story is back in the feed.
    const appeals = (await call('GET', '/api/admin/moderation/actions', admin)).json().appeals as { appeal: { id: number } }[];
    const open = appeals.find((a) => a.appeal)!;
    const decided = await call('POST', `/api/admin/moderation/appeals/${open.appeal.id}/decision`, admin, {
      decision: 'reverse',
      reason: 'Fair enough, it reads as a story.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await feedTitles(ben)).toContain('Buy my supplements');
  });

  it('a suspended account posts no stories or comments', async () => {
    const dan = await signIn(t, 'dan@example.test', 'athlete-password', 'Dan');
    const s = await publish(dan, { title: 'Threats', body: 'Something threatening that is long enough.' });
    // A session left open during a suspension is refused on writes.
    await t.context.database.db
      .update(users)
      .set({ suspendedUntil: new Date(t.clock.now().getTime() + DAY) })
      .where(eq(users.id, dan.userId));
    const refused = await call('POST', '/api/stories', dan, { title: 'Another one', body: 'Posted while suspended, refused.' });
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toMatch(/suspended/);
    expect((await call('PATCH', `/api/stories/${s.id}`, dan, { title: 'Edited while suspended' })).statusCode).toBe(403);
    expect((await call('POST', `/api/stories/${s.id}/comments`, dan, { body: 'Hello' })).statusCode).toBe(403);
    await t.context.database.db.update(users).set({ suspendedUntil: null }).where(eq(users.id, dan.userId));
    // Suspended by a moderator: every session ends, so writes are refused as signed out.
    expect(
      (await call('POST', '/api/moderation/reports', ben, { kind: 'story', item_id: String(s.id), reason: 'threat' })).statusCode,
    ).toBe(201);
    const suspended = await act(editor, 'story', s.id, { action: 'suspend', reason: 'Threats against another athlete.', days: 3 });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await call('POST', '/api/stories', dan, { title: 'After the suspension', body: 'Should never be stored.' })).statusCode).toBe(
      401,
    );
    expect(await feedTitles()).not.toContain('After the suspension');
  });

  it('an author deletes their own comment and nobody else’s', async () => {
    const s = await publish(ben, { title: 'Comment deletion', body: 'Testing who may delete comments.' });
    const c = (await call('POST', `/api/stories/${s.id}/comments`, cleo, { body: 'First!' })).json();
    expect((await call('DELETE', `/api/story-comments/${c.id}`, ben)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/story-comments/${c.id}`, cleo)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/story-comments/${c.id}`, cleo)).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${s.id}/comments`)).json().total).toBe(0);
  });
});
