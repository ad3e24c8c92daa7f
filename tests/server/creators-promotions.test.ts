import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

// Challenge campaigns: a budget, pause and resume by the owner only, "Promoted" in discovery with impressions once
// per viewer and day (bots and the creator left out), clicks, joins through the campaign, spend and cost per join.

const DAY = 86_400_000;
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface Campaign {
  id: number;
  status: string;
  views: number;
  clicks: number;
  joins: number;
  budget_cents: number | null;
  currency: string | null;
  spend_cents: number | null;
  cost_per_join_cents: number | null;
  days: { day: string; views: number; clicks: number; joins: number }[];
}

describe.each(databaseKinds)('challenge campaigns on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let coach: SignedIn;
  let other: SignedIn;
  let athletes: SignedIn[];
  let challengeId = 0;
  let othersChallenge = 0;
  let campaign: { id: number; code: string; link: string };
  const day = (offset = 0) => new Date(t.context.now().getTime() + offset * DAY).toISOString().slice(0, 10);

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object, agent = BROWSER) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? authHeaders(who) : {}), 'user-agent': agent },
      ...(payload !== undefined ? { payload } : {}),
    });
  const newChallenge = async (who: SignedIn, title: string) => {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', who, {
      title,
      score_type: 'reps',
      visibility: 'public',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 20 * DAY).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const discover = async (who?: SignedIn, agent?: string) => {
    const res = await call('GET', '/api/challenges/discover?status=open&limit=50', who, undefined, agent);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { id: number; promotion?: { campaign: string } }[] }).items;
  };
  const promotedIn = async (who?: SignedIn) => (await discover(who)).find((c) => c.id === challengeId)?.promotion?.campaign ?? null;
  const figures = async () => {
    const res = await call('GET', '/api/creators/me/campaigns', coach);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Campaign[] }).items.find((c) => c.id === campaign.id)!;
  };
  const campaignRows = async () => {
    const rows = (await t.context.database.db.execute(sql`select count(*)::int as n from creator_campaigns`)) as unknown as
      { n: number }[] | { rows: { n: number }[] };
    return (Array.isArray(rows) ? rows : rows.rows)[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    coach = await signIn(t, 'coach-pr@x.test', undefined, 'Coach Pro');
    other = await signIn(t, 'other-pr@x.test', undefined, 'Other Coach');
    athletes = [await signIn(t, 'ath1-pr@x.test', undefined, 'Ath One'), await signIn(t, 'ath2-pr@x.test', undefined, 'Ath Two')];
    challengeId = await newChallenge(coach, 'Burpee week');
    othersChallenge = await newChallenge(other, 'Somebody else’s');
  }, 240_000);
  afterAll(async () => t.close());

  it('refuses a bad challenge campaign with a reason and stores nothing', async () => {
    const base = { name: 'Burpee push', target_kind: 'challenge', target_id: challengeId, starts_on: day(), ends_on: day(6) };
    for (const [body, field] of [
      [{ ...base }, 'budget_cents'],
      [{ ...base, budget_cents: -500, currency: 'usd' }, 'budget_cents'],
      [{ ...base, budget_cents: 0, currency: 'usd' }, 'budget_cents'],
      [{ ...base, budget_cents: 5000, currency: null }, 'currency'],
      [{ ...base, budget_cents: 5000, currency: 'usd', target_id: othersChallenge }, 'target_id'],
      [{ ...base, budget_cents: 5000, currency: 'usd', starts_on: day(4), ends_on: day(2) }, 'ends_on'],
      [{ ...base, budget_cents: 5000, currency: 'usd', ends_on: day(400) }, 'ends_on'],
    ] as const) {
      const res = await call('POST', '/api/creators/me/campaigns', coach, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(res)).toContain(field);
    }
    // Fractional cents and an unknown currency never pass the contract.
    expect((await call('POST', '/api/creators/me/campaigns', coach, { ...base, budget_cents: 12.5, currency: 'usd' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/creators/me/campaigns', coach, { ...base, budget_cents: 5000, currency: 'xyz' })).statusCode).toBe(
      400,
    );
    expect(await campaignRows()).toBe(0);
    expect(await promotedIn()).toBeNull();
  });

  it('a creator promotes their challenge with a budget: discovery labels it for everyone', async () => {
    const res = await call('POST', '/api/creators/me/campaigns', coach, {
      name: 'Burpee push',
      target_kind: 'challenge',
      target_id: challengeId,
      starts_on: day(),
      ends_on: day(6),
      budget_cents: 5000,
      currency: 'usd',
    });
    expect(res.statusCode, res.body).toBe(201);
    campaign = res.json();
    expect(await promotedIn()).toBe(campaign.code);
    expect(await promotedIn(athletes[0])).toBe(campaign.code);
    expect((await discover()).find((c) => c.id === othersChallenge)?.promotion).toBeUndefined();
    // The archive and the challenge itself carry no label.
    expect((await call('GET', `/api/challenges/${challengeId}`)).json().promotion).toBeUndefined();
  });

  it('counts an impression once per viewer and day, leaving out bots and the creator', async () => {
    const before = (await figures()).views;
    for (const who of [athletes[0], athletes[0], athletes[1], coach, undefined, undefined]) await discover(who);
    await discover(athletes[1], BOT);
    await discover(undefined, BOT);
    // The earlier test's signed-out and signed-in reads were one visitor and athlete one: the same viewers.
    const after = await figures();
    expect(after.views).toBe(3);
    expect(before).toBe(2);
    expect(after).toMatchObject({ budget_cents: 5000, currency: 'usd', status: 'running' });
    // 2 cents an impression (20.00 per thousand).
    expect(after.spend_cents).toBe(6);
    expect(after.cost_per_join_cents).toBeNull();
    expect(after.days).toEqual([{ day: day(), views: 3, clicks: 0, joins: 0 }]);
  });

  it('counts a click and a join through the campaign, once each; a join without it or by the creator does not count', async () => {
    expect((await call('POST', `/api/creators/campaigns/${campaign.code}/click`, athletes[0])).json()).toEqual({ counted: true });
    expect((await call('POST', `/api/creators/campaigns/${campaign.code}/click`, athletes[0])).json()).toEqual({ counted: false });
    expect((await call('POST', `/api/creators/campaigns/${campaign.code}/click`, coach)).json()).toEqual({ counted: false });
    expect((await call('POST', `/api/creators/campaigns/${campaign.code}/click`, undefined, undefined, BOT)).json()).toEqual({
      counted: false,
    });
    expect((await call('POST', '/api/creators/campaigns/nope99/click')).statusCode).toBe(404);
    const go = await call('GET', campaign.link, athletes[1]);
    expect(go.headers.location).toBe(`/challenge-detail-page?id=${challengeId}&campaign=${campaign.code}`);

    const joined = await call('POST', `/api/challenges/${challengeId}/join`, athletes[0], { division: 'rx', campaign: campaign.code });
    expect(joined.statusCode, joined.body).toBe(200);
    // Changing division later with the code again is not a second join.
    await call('POST', `/api/challenges/${challengeId}/join`, athletes[0], { division: 'scaled', campaign: campaign.code });
    // Athlete two joins without the code; the creator joins their own challenge with it; neither counts.
    expect((await call('POST', `/api/challenges/${challengeId}/join`, athletes[1], { division: 'rx' })).statusCode).toBe(200);
    expect((await call('POST', `/api/challenges/${challengeId}/join`, coach, { division: 'rx', campaign: campaign.code })).statusCode).toBe(
      200,
    );
    // A code that is not this challenge's is ignored, never refused.
    const elsewhere = await call('POST', `/api/challenges/${othersChallenge}/join`, athletes[1], {
      division: 'rx',
      campaign: campaign.code,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const f = await figures();
    expect(f).toMatchObject({ views: 3, clicks: 2, joins: 1, spend_cents: 6, cost_per_join_cents: 6 });
  });

  it('only the owner pauses and resumes; pause hides the label and counts nothing; twice is a 409', async () => {
    expect((await call('POST', `/api/creators/me/campaigns/${campaign.id}/pause`, other)).statusCode).toBe(403);
    expect((await call('POST', `/api/creators/me/campaigns/${campaign.id}/resume`, coach)).statusCode).toBe(409);
    expect((await call('POST', '/api/creators/me/campaigns/999999/pause', coach)).statusCode).toBe(404);
    const paused = await call('POST', `/api/creators/me/campaigns/${campaign.id}/pause`, coach);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ id: campaign.id, status: 'paused' });
    expect((await call('POST', `/api/creators/me/campaigns/${campaign.id}/pause`, coach)).statusCode).toBe(409);
    expect(await promotedIn()).toBeNull();

    const fresh = await signIn(t, 'ath3-pr@x.test', undefined, 'Ath Three');
    await discover(fresh);
    expect((await call('POST', `/api/creators/campaigns/${campaign.code}/click`, fresh)).json()).toEqual({ counted: false });
    await call('POST', `/api/challenges/${challengeId}/join`, fresh, { division: 'rx', campaign: campaign.code });
    expect(await figures()).toMatchObject({ status: 'paused', views: 3, clicks: 2, joins: 1, spend_cents: 6 });

    expect((await call('POST', `/api/creators/me/campaigns/${campaign.id}/resume`, other)).statusCode).toBe(403);
    expect((await call('POST', `/api/creators/me/campaigns/${campaign.id}/resume`, coach)).json()).toEqual({
      id: campaign.id,
      status: 'running',
    });
    expect(await promotedIn(fresh)).toBe(campaign.code);
    expect(await figures()).toMatchObject({ status: 'running', views: 4, spend_cents: 8 });
  });

  it('a spent budget stops the label; an ended campaign can be neither paused nor resumed', async () => {
    // Spend the budget: 50.00 is 2,500 impressions at 2 cents.
    await t.context.database.db.execute(sql`
      insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
      select ${campaign.id}, 'view', 'a:load' || g, ${day()}::date, now() from generate_series(1, 2600) g`);
    expect(await promotedIn()).toBeNull();
    const spent = await figures();
    expect(spent.spend_cents).toBe(5000);
    t.clock.advance(8 * DAY);
    Object.assign(coach, await signIn(t, 'coach-pr@x.test'));
    expect((await figures()).status).toBe('ended');
    const late = await call('POST', `/api/creators/me/campaigns/${campaign.id}/pause`, coach);
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toContain('ended');
  });
});
