import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

// Campaigns and promotion analytics: views and clicks once per viewer and day (bots and the creator left out),
// subscriptions started through the link, and their revenue from the ledger, over a bounded range of days.

const DAY = 86_400_000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Campaign {
  id: number;
  name: string;
  link: string;
  status: string;
  views: number;
  clicks: number;
  subscriptions: number;
  revenue: { currency: string; gross_cents: number; fee_cents: number; net_cents: number }[];
}

describe.each(databaseKinds)('creator campaigns on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cara: SignedIn;
  let fans: SignedIn[];
  let stranger: SignedIn;
  let tierId = 0;
  let storyId = 0;
  let tierCampaign: { id: number; code: string; link: string };
  let storyCampaign: { id: number; code: string; link: string };
  const day = (offset = 0) => new Date(t.context.now().getTime() + offset * DAY).toISOString().slice(0, 10);
  let firstDay = '';

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    cara = await signIn(t, 'cara-cp@x.test', undefined, 'Coach Cara');
    fans = [
      await signIn(t, 'fan1-cp@x.test', undefined, 'Fan One'),
      await signIn(t, 'fan2-cp@x.test', undefined, 'Fan Two'),
      await signIn(t, 'fan3-cp@x.test', undefined, 'Fan Three'),
    ];
    stranger = await signIn(t, 'stranger-cp@x.test', undefined, 'Stranger');
    tierId = (await call('POST', '/api/creators/me/tiers', cara, { name: 'Gold', price_cents: 2000, currency: 'usd' })).json().id;
    storyId = (
      await call('POST', '/api/stories', cara, { title: 'My deadlift plan', body: 'Pull heavy on Mondays, light on Thursdays.' })
    ).json().id;
    firstDay = day();
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object, agent?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? authHeaders(who) : {}), ...(agent ? { 'user-agent': agent } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
  const campaigns = async (query = '') => {
    const res = await call('GET', `/api/creators/me/campaigns${query}`, cara);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { from: string; to: string; items: Campaign[] };
  };
  const byId = async (id: number, query = '') => (await campaigns(query)).items.find((c) => c.id === id)!;

  it('refuses bad campaigns with a reason and stores nothing', async () => {
    const base = { name: 'Spring push', target_kind: 'tier', target_id: tierId, starts_on: day(), ends_on: day(6) };
    const otherStory = (
      await call('POST', '/api/stories', stranger, { title: 'Not Cara’s', body: 'Somebody else wrote this story.' })
    ).json().id;
    for (const [body, field] of [
      [{ ...base, name: 'x' }, 'name'],
      [{ ...base, starts_on: day(3), ends_on: day(1) }, 'ends_on'],
      [{ ...base, starts_on: day(-10), ends_on: day(-2) }, 'ends_on'],
      [{ ...base, ends_on: day(120) }, 'ends_on'],
      [{ ...base, starts_on: '2026-02-30' }, 'starts_on'],
      [{ ...base, target_kind: 'story', target_id: otherStory }, 'target_id'],
      [{ ...base, target_id: 999_999 }, 'target_id'],
    ] as const) {
      const res = await call('POST', '/api/creators/me/campaigns', cara, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(res)).toContain(field);
    }
    expect((await call('POST', '/api/creators/me/campaigns', cara, { ...base, target_kind: 'ad' })).statusCode).toBe(400);
    expect((await campaigns()).items).toEqual([]);
    expect((await call('GET', '/api/creators/me/campaigns?from=2026-05-02&to=2026-05-01', cara)).statusCode).toBe(400);
    expect((await call('GET', '/api/creators/me/campaigns?from=2024-01-01&to=2026-05-01', cara)).statusCode).toBe(400);
    expect((await call('GET', '/api/creators/me/campaigns?from=yesterday', cara)).statusCode).toBe(400);
  });

  it('a creator promotes a tier for a week and a story for three days; both start at zero', async () => {
    const tier = await call('POST', '/api/creators/me/campaigns', cara, {
      name: 'Gold week',
      target_kind: 'tier',
      target_id: tierId,
      starts_on: day(),
      ends_on: day(6),
    });
    expect(tier.statusCode, tier.body).toBe(201);
    tierCampaign = tier.json();
    expect(tierCampaign.link).toBe(`/api/creators/campaigns/${tierCampaign.code}/go`);
    const story = await call('POST', '/api/creators/me/campaigns', cara, {
      name: 'Deadlift story',
      target_kind: 'story',
      target_id: storyId,
      starts_on: day(),
      ends_on: day(2),
    });
    storyCampaign = story.json();
    const list = await campaigns();
    expect(list.items.map((c) => [c.name, c.status, c.views, c.clicks, c.subscriptions, c.revenue])).toEqual([
      ['Deadlift story', 'running', 0, 0, 0, []],
      ['Gold week', 'running', 0, 0, 0, []],
    ]);
    expect(list.to).toBe(day());
  });

  it('counts views and clicks once per viewer and day, leaving out bots and the creator', async () => {
    for (const who of [fans[0], fans[0], fans[1], cara, undefined]) expect((await call('GET', '/api/creators', who)).statusCode).toBe(200);
    await call('GET', '/api/creators', fans[2], undefined, BOT);
    for (const who of [fans[0], fans[0], undefined, undefined, cara])
      expect((await call('GET', `/api/stories/${storyId}`, who)).statusCode).toBe(200);

    const go = await call('GET', tierCampaign.link, fans[0]);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe(`/creator-subscriptions-page?creator=${cara.userId}&campaign=${tierCampaign.code}`);
    for (const who of [fans[0], fans[1], undefined, cara]) await call('GET', tierCampaign.link, who);
    await call('GET', tierCampaign.link, fans[2], undefined, BOT);
    const storyGo = await call('GET', storyCampaign.link, fans[1]);
    expect(storyGo.headers.location).toBe(`/my-stories-page?story=${storyId}&campaign=${storyCampaign.code}`);
    expect((await call('GET', '/api/creators/campaigns/nope123/go')).statusCode).toBe(404);

    // Tier: fan one, fan two and one signed-out visitor saw it (4 listings, the creator's and the bot's left out).
    expect(await byId(tierCampaign.id)).toMatchObject({ views: 3, clicks: 3 });
    // Story: fan one and one signed-out visitor.
    expect(await byId(storyCampaign.id)).toMatchObject({ views: 2, clicks: 1 });
  });

  it('subscriptions through the link carry the campaign; their revenue comes from the ledger', async () => {
    expect((await call('POST', '/api/creators/subscriptions', fans[0], { tier_id: tierId, campaign: tierCampaign.code })).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/api/creators/subscriptions', fans[1], { tier_id: tierId })).statusCode).toBe(201);
    expect((await call('POST', '/api/creators/subscriptions', fans[2], { tier_id: tierId, campaign: storyCampaign.code })).statusCode).toBe(
      201,
    );
    // An unknown code is ignored, not refused.
    expect((await call('POST', '/api/creators/subscriptions', stranger, { tier_id: tierId, campaign: 'unknown' })).statusCode).toBe(201);
    // 10% of 20.00: a fee of 2.00 and 18.00 to the creator, per subscription.
    const money = [{ currency: 'usd', gross_cents: 2000, fee_cents: 200, net_cents: 1800 }];
    expect(await byId(tierCampaign.id)).toMatchObject({ subscriptions: 1, revenue: money });
    expect(await byId(storyCampaign.id)).toMatchObject({ subscriptions: 1, revenue: money });
  });

  it('a new day counts the same viewer again; a range of days counts only its own', async () => {
    t.clock.advance(DAY);
    Object.assign(cara, await signIn(t, 'cara-cp@x.test'));
    Object.assign(fans[0]!, await signIn(t, 'fan1-cp@x.test'));
    await call('GET', '/api/creators', fans[0]);
    await call('GET', tierCampaign.link, fans[0]);
    expect(await byId(tierCampaign.id)).toMatchObject({ views: 4, clicks: 4, subscriptions: 1 });
    const today = await byId(tierCampaign.id, `?from=${day()}&to=${day()}`);
    expect(today).toMatchObject({ views: 1, clicks: 1, subscriptions: 0, revenue: [] });
    const first = await byId(tierCampaign.id, `?from=${firstDay}&to=${firstDay}`);
    expect(first).toMatchObject({ views: 3, clicks: 3, subscriptions: 1 });
  });

  it('after its last day a campaign has ended: clicks no longer count and its code starts no subscription', async () => {
    t.clock.advance(3 * DAY);
    Object.assign(cara, await signIn(t, 'cara-cp@x.test'));
    const someone = await signIn(t, 'late-cp@x.test', undefined, 'Late Lou');
    await call('GET', storyCampaign.link, someone);
    await call('GET', `/api/stories/${storyId}`, someone);
    expect((await call('POST', '/api/creators/subscriptions', someone, { tier_id: tierId, campaign: storyCampaign.code })).statusCode).toBe(
      201,
    );
    const ended = await byId(storyCampaign.id, `?from=${firstDay}&to=${day()}`);
    expect(ended).toMatchObject({ status: 'ended', views: 2, clicks: 1, subscriptions: 1 });
    expect((await byId(tierCampaign.id)).status).toBe('running');
  });
});
