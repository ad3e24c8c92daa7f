import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyTeaser } from '#domain/stories.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

// Subscriber-only stories: the body, pictures and comments of a locked story never reach someone without the
// author's tier, on any read path (the story, the Community feed, the followers feed, the picture bytes, the
// comments); the author, subscribers of that tier or a dearer one, editors and administrators read all.

const DAY = 86_400_000;
const SECRET = 'The secret set is five rounds of twenty burpees and a slow mile, then stretch for ten minutes.';
const BODY = `Here is the plan I promised for the spring block. ${SECRET} ${'Keep it steady and honest. '.repeat(6)}`;
const PRO_SECRET = 'Pro members only: the tempo is three seconds down and one up, every single rep of the block.';
const PRO_BODY = `The advanced week starts on Monday morning. ${PRO_SECRET} ${'Rest well between the sets. '.repeat(6)}`;

interface Story {
  id: number;
  body: string;
  locked: boolean;
  subscribers_only: boolean;
  tier: { id: number; name: string } | null;
  images: { feed_url: string; page_url: string }[];
  image_count: number;
  video: unknown;
}

describe.each(databaseKinds)('subscriber-only stories on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cora: SignedIn;
  let stranger: SignedIn;
  let basicFan: SignedIn;
  let proFan: SignedIn;
  let editor: SignedIn;
  let admin: SignedIn;
  let basicTier = 0;
  let proTier = 0;
  let anyTierStory: Story;
  let proStory: Story;
  let imageUrls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { adminEmails: ['admin-ss@x.test'], imageDir: path.join(os.tmpdir(), `repforge-sub-stories-${process.pid}-${kind}`) },
      { rateLimit: false },
    );
    admin = await signIn(t, 'admin-ss@x.test', undefined, 'Admin Ada');
    editor = await signIn(t, 'editor-ss@x.test', undefined, 'Ed');
    cora = await signIn(t, 'cora-ss@x.test', undefined, 'Coach Cora');
    stranger = await signIn(t, 'stranger-ss@x.test', undefined, 'Stan');
    basicFan = await signIn(t, 'basic-ss@x.test', undefined, 'Basil');
    proFan = await signIn(t, 'pro-ss@x.test', undefined, 'Prue');
    expect((await call('PUT', `/api/auth/admin/users/${editor.userId}/role`, admin, { wp_role: 'editor' })).statusCode).toBe(200);
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const resignIn = async () => {
    const emails = new Map<SignedIn, string>([
      [admin, 'admin-ss@x.test'],
      [editor, 'editor-ss@x.test'],
      [cora, 'cora-ss@x.test'],
      [stranger, 'stranger-ss@x.test'],
      [basicFan, 'basic-ss@x.test'],
      [proFan, 'pro-ss@x.test'],
    ]);
    for (const [who, email] of emails) Object.assign(who, await signIn(t, email));
  };
  /** Everything one reader can fetch about the story, as raw text: none of it may hold the secret. */
  const everythingSeenBy = async (who: SignedIn | undefined, storyId: number) => {
    const parts = await Promise.all([
      call('GET', `/api/stories/${storyId}`, who),
      call('GET', '/api/stories', who),
      call('GET', `/api/stories/${storyId}/comments`, who),
      ...(who ? [call('GET', '/api/follows/feed', who)] : []),
    ]);
    return parts.map((p) => p.body).join('\n');
  };
  const storyAs = async (who: SignedIn | undefined, id: number) => {
    const res = await call('GET', `/api/stories/${id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Story;
  };

  it('only a creator with a tier may write for subscribers, and only for their own offered tier', async () => {
    const before = (await call('GET', '/api/stories/mine', cora)).json().total;
    const noTier = await call('POST', '/api/stories', cora, { title: 'For my fans', body: BODY, subscribers_only: true });
    expect(noTier.statusCode).toBe(400);
    expect(refusal(noTier)).toMatch(/Offer a subscription tier first/);

    const basic = await call('POST', '/api/creators/me/tiers', cora, { name: 'Basic', price_cents: 500, currency: 'usd' });
    const pro = await call('POST', '/api/creators/me/tiers', cora, { name: 'Pro', price_cents: 1500, currency: 'usd' });
    basicTier = basic.json().id;
    proTier = pro.json().id;
    const theirs = await call('POST', '/api/creators/me/tiers', stranger, { name: 'Mine', price_cents: 900, currency: 'usd' });
    const foreign = await call('POST', '/api/stories', cora, {
      title: 'Wrong tier',
      body: BODY,
      subscribers_only: true,
      tier_id: theirs.json().id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(refusal(foreign)).toMatch(/your own tiers/);
    expect((await call('POST', '/api/stories', cora, { title: 'Bad id', body: BODY, subscribers_only: true, tier_id: 0 })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/stories/mine', cora)).json().total).toBe(before);
  });

  it('publishes a story for any tier (with a picture) and one for Pro; the author reads both in full', async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...authHeaders(cora), 'content-type': 'image/png' },
      payload: picture,
    });
    expect(up.statusCode, up.body).toBe(201);
    const made = await call('POST', '/api/stories', cora, {
      title: 'Spring block plan',
      body: BODY,
      subscribers_only: true,
      images: [{ id: up.json().id, alt: 'The whiteboard with the plan' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    anyTierStory = made.json();
    expect(anyTierStory).toMatchObject({ subscribers_only: true, tier: null, locked: false, image_count: 1 });
    expect(anyTierStory.body).toContain(SECRET);
    imageUrls = [anyTierStory.images[0]!.feed_url, anyTierStory.images[0]!.page_url];
    const pro = await call('POST', '/api/stories', cora, {
      title: 'Advanced week',
      body: PRO_BODY,
      subscribers_only: true,
      tier_id: proTier,
    });
    expect(pro.statusCode, pro.body).toBe(201);
    proStory = pro.json();
    expect(proStory).toMatchObject({ tier: { id: proTier, name: 'Pro' }, locked: false });
    // Three followers: the followers feed is a read path too.
    for (const who of [stranger, basicFan, proFan])
      expect((await call('PUT', `/api/follows/athletes/${cora.userId}`, who)).statusCode).toBe(200);
  });

  it('signed out and without a subscription: the title and teaser only, everywhere; no pictures, no comments', async () => {
    for (const who of [undefined, stranger]) {
      const seen = await storyAs(who, anyTierStory.id);
      expect(seen).toMatchObject({ locked: true, subscribers_only: true, images: [], image_count: 1, video: null });
      expect(seen.body).toBe(storyTeaser(BODY));
      expect(BODY.startsWith(seen.body.slice(0, -1))).toBe(true);
      const all = await everythingSeenBy(who, anyTierStory.id);
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(PRO_SECRET);
      expect(all).not.toContain(imageUrls[0]!);
      const comments = await call('GET', `/api/stories/${anyTierStory.id}/comments`, who);
      expect(comments.statusCode).toBe(403);
      expect(refusal(comments)).toMatch(/subscribe/);
      for (const url of imageUrls) {
        const bytes = await call('GET', url, who);
        expect(bytes.statusCode).toBe(404);
      }
    }
    const comment = await call('POST', `/api/stories/${anyTierStory.id}/comments`, stranger, { body: 'Let me in' });
    expect(comment.statusCode).toBe(403);
    // The followers feed has the story with its teaser.
    const feed = (await call('GET', '/api/follows/feed', stranger)).json();
    expect(feed.items.find((i: { key: string }) => i.key === `story:${anyTierStory.id}`).body).toBe(storyTeaser(BODY));
  });

  it('a Basic subscriber reads the any-tier story (pictures and comments) but not the Pro one; a Pro one reads both', async () => {
    expect((await call('POST', '/api/creators/subscriptions', basicFan, { tier_id: basicTier })).statusCode).toBe(201);
    expect((await call('POST', '/api/creators/subscriptions', proFan, { tier_id: proTier })).statusCode).toBe(201);

    const basicSees = await storyAs(basicFan, anyTierStory.id);
    expect(basicSees).toMatchObject({ locked: false, body: anyTierStory.body, image_count: 1 });
    expect(basicSees.images).toHaveLength(1);
    const picture = await call('GET', imageUrls[1]!, basicFan);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toMatch(/^private/);
    expect((await call('POST', `/api/stories/${anyTierStory.id}/comments`, basicFan, { body: 'Thanks coach!' })).statusCode).toBe(201);
    expect((await call('GET', `/api/stories/${anyTierStory.id}/comments`, basicFan)).json().total).toBe(1);
    const feed = (await call('GET', '/api/follows/feed', basicFan)).json();
    expect(feed.items.find((i: { key: string }) => i.key === `story:${anyTierStory.id}`).body).toContain(SECRET);

    const basicOnPro = await storyAs(basicFan, proStory.id);
    expect(basicOnPro).toMatchObject({ locked: true, tier: { id: proTier, name: 'Pro' } });
    expect(await everythingSeenBy(basicFan, proStory.id)).not.toContain(PRO_SECRET);
    expect((await call('GET', `/api/stories/${proStory.id}/comments`, basicFan)).statusCode).toBe(403);

    for (const id of [anyTierStory.id, proStory.id]) expect((await storyAs(proFan, id)).locked).toBe(false);
    expect(await everythingSeenBy(proFan, proStory.id)).toContain(PRO_SECRET);
  });

  it('editors and administrators read everything; a story for everyone is never locked', async () => {
    for (const who of [editor, admin]) {
      for (const id of [anyTierStory.id, proStory.id]) expect((await storyAs(who, id)).locked).toBe(false);
      expect((await call('GET', imageUrls[0]!, who)).statusCode).toBe(200);
    }
    const open = await call('POST', '/api/stories', cora, { title: 'Open to all', body: 'A short note that everybody reads in full.' });
    expect((await storyAs(undefined, open.json().id)).locked).toBe(false);
  });

  it('a cancelled subscriber reads until the paid period ends, then sees the teaser again', async () => {
    const mine = (await call('GET', '/api/creators/subscriptions/mine', basicFan)).json();
    const subscription = (mine.items ?? mine)[0];
    expect((await call('POST', `/api/creators/subscriptions/${subscription.id}/cancel`, basicFan)).statusCode).toBe(200);
    expect((await storyAs(basicFan, anyTierStory.id)).locked).toBe(false);
    t.clock.advance(31 * DAY);
    await resignIn();
    const after = await storyAs(basicFan, anyTierStory.id);
    expect(after.locked).toBe(true);
    expect(await everythingSeenBy(basicFan, anyTierStory.id)).not.toContain(SECRET);
    expect((await call('GET', imageUrls[0]!, basicFan)).statusCode).toBe(404);
  });

  it('the author opens a story to everyone (and locks it again) with an edit', async () => {
    const opened = await call('PATCH', `/api/stories/${anyTierStory.id}`, cora, { subscribers_only: false });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await storyAs(stranger, anyTierStory.id)).body).toBe(anyTierStory.body);
    expect((await call('GET', imageUrls[0]!)).statusCode).toBe(200);
    const relocked = await call('PATCH', `/api/stories/${anyTierStory.id}`, cora, { subscribers_only: true, tier_id: proTier });
    expect(relocked.json()).toMatchObject({ subscribers_only: true, tier: { id: proTier } });
    expect(await everythingSeenBy(stranger, anyTierStory.id)).not.toContain(SECRET);
    // A title-only edit keeps the tier.
    const retitled = await call('PATCH', `/api/stories/${anyTierStory.id}`, cora, { title: 'Spring block plan, revised' });
    expect(retitled.json()).toMatchObject({ subscribers_only: true, tier: { id: proTier } });
  });
});
