import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorSumsDrift, ledgerTotals } from '#server/areas/creators/index.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

const DAY = 86_400_000;

describe.each(databaseKinds)('payout review on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let creator: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss-po@x.test'] }, { rateLimit: false });
    creator = await signIn(t, 'coach-po@x.test', undefined, 'Coach Pia');
    fan = await signIn(t, 'fan-po@x.test', undefined, 'Fan Paul');
    const tier = await call('POST', '/api/creators/me/tiers', creator, { name: 'Gold', price_cents: 5000, currency: 'usd', benefits: '' });
    expect(tier.statusCode).toBe(201);
    expect((await call('POST', '/api/creators/subscriptions', fan, { tier_id: tier.json().id })).statusCode).toBe(201);
    // Past the hold: 45.00 of the 50.00 payment is the creator's and available.
    t.clock.advance(8 * DAY);
    admin = await signIn(t, 'boss-po@x.test', undefined, 'Boss');
    creator = await signIn(t, 'coach-po@x.test');
    fan = await signIn(t, 'fan-po@x.test');
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const balance = async () => (await call('GET', '/api/creators/me/dashboard', creator)).json().balances[0];
  const decide = (id: number, body: object, who = admin) => call('POST', `/api/creators/admin/payouts/${id}/decision`, who, body);
  const request = async (amount: number) => {
    const res = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: amount, currency: 'usd' });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const ledgerSumsToZero = async () => {
    const sums = new Map<string, number>();
    for (const row of await ledgerTotals(t.context.database.db))
      sums.set(row.currency, (sums.get(row.currency) ?? 0) + Number(row.balance));
    for (const sum of sums.values()) expect(sum).toBe(0);
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
  };

  it('only administrators see the queue and decide', async () => {
    const id = await request(2000);
    for (const who of [creator, fan]) {
      expect((await call('GET', '/api/creators/admin/payouts', who)).statusCode).toBe(403);
      expect((await decide(id, { decision: 'approve' }, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/creators/admin/payouts')).statusCode).toBe(401);
    const queue = (await call('GET', '/api/creators/admin/payouts', admin)).json();
    expect(queue.items).toEqual([
      expect.objectContaining({
        id,
        status: 'requested',
        amount_cents: 2000,
        creator: expect.objectContaining({ display_name: 'Coach Pia' }),
      }),
    ]);
  });

  it('approve then mark paid; the creator is told each time; the queue empties; wrong order is refused', async () => {
    const [{ id }] = (await call('GET', '/api/creators/admin/payouts', admin)).json().items;
    const early = await decide(id, { decision: 'paid' });
    expect(early.statusCode).toBe(409);
    expect(refusal(early)).toMatch(/approve it before marking it paid/);
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_at: expect.any(String), paid_at: null });
    expect((await decide(id, { decision: 'approve' })).statusCode).toBe(409);
    const paid = await decide(id, { decision: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect((await decide(id, { decision: 'reject', reason: 'Too late' })).statusCode).toBe(409);
    expect((await call('GET', '/api/creators/admin/payouts', admin)).json().items).toEqual([]);
    expect((await call('GET', '/api/creators/admin/payouts?status=decided', admin)).json().items[0]).toMatchObject({ id, status: 'paid' });
    const inbox = (await call('GET', '/api/notifications', creator)).json();
    const titles = (inbox.items ?? inbox.notifications ?? []).map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Your payout of $20.00 is approved', 'Your payout of $20.00 is paid']));
    expect(await balance()).toMatchObject({ available_cents: 2500, paid_out_cents: 2000 });
    await ledgerSumsToZero();
  });

  it('turning a payout down needs a reason and gives the money back, once', async () => {
    const id = await request(2500);
    expect(await balance()).toMatchObject({ available_cents: 0, paid_out_cents: 4500 });
    const noReason = await decide(id, { decision: 'reject', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect((await decide(id, { decision: 'reject', reason: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await decide(id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(999_999, { decision: 'approve' })).statusCode).toBe(404);
    const rejected = await decide(id, { decision: 'reject', reason: 'The bank details do not match your name.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The bank details do not match your name.' });
    expect(await balance()).toMatchObject({ available_cents: 2500, paid_out_cents: 2000 });
    // A second decision changes nothing: the reversal is posted once.
    expect((await decide(id, { decision: 'reject', reason: 'Again' })).statusCode).toBe(409);
    expect(await balance()).toMatchObject({ available_cents: 2500, paid_out_cents: 2000 });
    const d = (await call('GET', '/api/creators/me/dashboard', creator)).json();
    expect(d.payouts[0]).toMatchObject({ id, status: 'rejected', reason: 'The bank details do not match your name.' });
    await ledgerSumsToZero();
  });

  it('the business-intelligence figures count the payment, the fee, the paid payout and the paid-up subscription', async () => {
    expect((await call('GET', '/api/creators/admin/economy', creator)).statusCode).toBe(403);
    expect((await call('GET', '/api/creators/admin/economy?range=7', admin)).statusCode).toBe(400);
    const e = (await call('GET', '/api/creators/admin/economy?range=30', admin)).json();
    expect(e).toMatchObject({ range_days: 30, active_subscriptions: 1, paid_creators: 1, new_subscriptions: 1 });
    expect(e.currencies).toEqual([
      {
        currency: 'usd',
        payments: 1,
        gross_cents: 5000,
        fee_cents: 500,
        refunded_cents: 0,
        paid_out_cents: 2000,
        payouts_waiting_cents: 0,
      },
    ]);
  });
});
