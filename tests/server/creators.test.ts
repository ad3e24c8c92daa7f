import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creatorStatement,
  creatorSumsDrift,
  ledgerTotals,
  renewLocalSubscriptions,
  stripeProvider,
  usePaymentProvider,
} from '#server/areas/creators/index.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, sendStripeEvent, signIn, type SignedIn } from './helpers.ts';

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_test_creators';

describe.each(databaseKinds)('creator subscriptions and the ledger on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  let fan: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    creator = await signIn(t, 'coach-cr@x.test', undefined, 'Coach Cara');
    fan = await signIn(t, 'fan-cr@x.test', undefined, 'Fan Finn');
    other = await signIn(t, 'other-cr@x.test', undefined, 'Other Oona');
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const dashboard = async () => (await call('GET', '/api/creators/me/dashboard', creator)).json();
  const count = async (table: string) => {
    const r = (await t.context.database.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as
      { rows: { n: number }[] } | { n: number }[];
    return Number((Array.isArray(r) ? r : r.rows)[0]!.n);
  };
  const expectBalancedLedger = async () => {
    const sums = new Map<string, number>();
    for (const row of await ledgerTotals(t.context.database.db))
      sums.set(row.currency, (sums.get(row.currency) ?? 0) + Number(row.balance));
    for (const sum of sums.values()) expect(sum).toBe(0);
    // The kept monthly sums the balances read equal the entries' sums.
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
  };

  let tierId = 0;
  let subscriptionId = 0;

  it('refuses bad tiers with a reason and stores nothing', async () => {
    for (const body of [
      { name: 'Gold', price_cents: -5, currency: 'usd' },
      { name: 'Gold', price_cents: 99_999_999, currency: 'usd' },
      { name: 'Gold', price_cents: 4.5, currency: 'usd' },
      { name: 'G', price_cents: 500, currency: 'usd' },
      { name: 'Gold', price_cents: 500, currency: 'xyz' },
    ]) {
      const res = await call('POST', '/api/creators/me/tiers', creator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(res)).toBeTruthy();
    }
    expect(await count('creator_tiers')).toBe(0);
  });

  it('a creator offers a tier and athletes see it', async () => {
    const res = await call('POST', '/api/creators/me/tiers', creator, {
      name: 'Gold',
      price_cents: 2499,
      currency: 'usd',
      benefits: 'Weekly plans',
    });
    expect(res.statusCode).toBe(201);
    tierId = res.json().id;
    const list = (await call('GET', '/api/creators')).json();
    expect(list.provider).toBe('local');
    expect(list.items).toEqual([
      expect.objectContaining({
        creator_id: creator.userId,
        display_name: 'Coach Cara',
        tiers: [expect.objectContaining({ id: tierId, price_cents: 2499 })],
      }),
    ]);
  });

  it('refuses subscribing to yourself', async () => {
    const res = await call('POST', '/api/creators/subscriptions', creator, { tier_id: tierId });
    expect(res.statusCode).toBe(400);
    expect(await count('creator_subscriptions')).toBe(0);
  });

  it('subscribe → one balanced ledger transaction → the dashboard shows it; a second subscription is refused', async () => {
    const res = await call('POST', '/api/creators/subscriptions', fan, { tier_id: tierId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    subscriptionId = body.subscription.id;
    expect(body.checkout_url).toBeNull();
    expect(body.subscription).toMatchObject({ status: 'active', has_access: true, provider: 'local', cancel_at_period_end: false });
    const again = await call('POST', '/api/creators/subscriptions', fan, { tier_id: tierId });
    expect(again.statusCode).toBe(409);
    expect(await count('creator_subscriptions')).toBe(1);
    expect(await count('ledger_transactions')).toBe(1);
    const d = await dashboard();
    expect(d.subscribers).toBe(1);
    expect(d.mrr).toEqual([{ currency: 'usd', amount_cents: 2499 }]);
    // 10% of 2499 is 249.9: the fee rounds down to 249, the creator gets 2250.
    expect(d.balances).toEqual([
      { currency: 'usd', gross_cents: 2499, fee_cents: 249, available_cents: 0, pending_cents: 2250, paid_out_cents: 0, refunded_cents: 0 },
    ]);
    await expectBalancedLedger();
  });

  it('payouts: above the available balance or below the minimum are refused; within it one posts', async () => {
    expect((await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 2000, currency: 'usd' })).statusCode).toBe(409);
    // A second subscriber, and past the hold: 4,500 available.
    expect((await call('POST', '/api/creators/subscriptions', other, { tier_id: tierId })).statusCode).toBe(201);
    t.clock.advance(8 * DAY);
    for (const who of [creator, fan, other])
      Object.assign(who, await signIn(t, who === creator ? 'coach-cr@x.test' : who === fan ? 'fan-cr@x.test' : 'other-cr@x.test'));
    expect((await dashboard()).balances[0]).toMatchObject({ available_cents: 4500, pending_cents: 0 });
    expect((await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 1500, currency: 'usd' })).statusCode).toBe(400);
    const above = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 4501, currency: 'usd' });
    expect(above.statusCode).toBe(409);
    expect(refusal(above)).toMatch(/available balance/);
    expect(await count('creator_payouts')).toBe(0);
    const ok = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 4500, currency: 'usd' });
    expect(ok.statusCode).toBe(201);
    const d = await dashboard();
    expect(d.balances[0]).toMatchObject({ available_cents: 0, paid_out_cents: 4500 });
    expect(d.payouts).toHaveLength(1);
    await expectBalancedLedger();
  });

  it('the monthly statement: the opening balance, each posting of the month and the closing balance', async () => {
    const db = t.context.database.db;
    const now = t.context.now();
    const month = now.toISOString().slice(0, 7);
    const s = await creatorStatement(db, creator.userId, month);
    const d = await dashboard();
    const owed = d.balances[0].available_cents + d.balances[0].pending_cents;
    expect(s.totals).toHaveLength(1);
    const [totals] = s.totals;
    expect(totals!.closing_cents).toBe(owed);
    expect(totals!.closing_cents - totals!.opening_cents).toBe(s.lines.reduce((sum, l) => sum + l.net_cents, 0));
    for (const l of s.lines.filter((x) => x.kind === 'subscription_payment')) expect(l.gross_cents - l.fee_cents).toBe(l.net_cents);
    expect(s.lines.map((l) => l.at)).toEqual([...s.lines.map((l) => l.at)].sort());
    const earlier = await creatorStatement(db, creator.userId, '2001-01');
    expect(earlier.lines).toEqual([]);
    await expect(creatorStatement(db, creator.userId, '2026-13')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('the database refuses a ledger transaction whose entries do not sum to zero', async () => {
    const before = await count('ledger_entries');
    await expect(
      t.context.database.db.transaction(async (tx) => {
        await tx.execute(
          "insert into ledger_transactions (kind, creator_id, idempotency_key, posted_at, currency, gross_cents, fee_cents, net_cents) values ('payout', 1, 'unbalanced-probe', now(), 'usd', 0, 0, -100)" as never,
        );
        await tx.execute(
          "insert into ledger_entries (transaction_id, account, creator_id, amount, currency) select id, 'creator_payable', 1, 100, 'usd' from ledger_transactions where idempotency_key = 'unbalanced-probe'" as never,
        );
      }),
    ).rejects.toThrow();
    expect(await count('ledger_entries')).toBe(before);
  });

  it('cancel keeps access until the period ends; resume undoes it; after the period it has ended', async () => {
    expect((await call('POST', `/api/creators/subscriptions/${subscriptionId}/cancel`, other)).statusCode).toBe(403);
    const cancelled = (await call('POST', `/api/creators/subscriptions/${subscriptionId}/cancel`, fan)).json();
    expect(cancelled).toMatchObject({ has_access: true, cancel_at_period_end: true });
    expect((await dashboard()).mrr).toEqual([{ currency: 'usd', amount_cents: 2499 }]);
    expect((await call('POST', `/api/creators/subscriptions/${subscriptionId}/resume`, fan)).json()).toMatchObject({
      cancel_at_period_end: false,
    });
    await call('POST', `/api/creators/subscriptions/${subscriptionId}/cancel`, fan);
    t.clock.advance(23 * DAY);
    fan = await signIn(t, 'fan-cr@x.test');
    const mine = (await call('GET', '/api/creators/subscriptions/mine', fan)).json().items;
    expect(mine[0]).toMatchObject({ id: subscriptionId, status: 'ended', has_access: false });
    // Resubscribing after the period charges a new period.
    const again = await call('POST', '/api/creators/subscriptions', fan, { tier_id: tierId });
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription.status).toBe('active');
    await expectBalancedLedger();
  });

  it('the local provider renews a subscription that was not cancelled, once per period', async () => {
    // 31 days on: the other athlete's subscription (never cancelled) reached the end of its period.
    creator = await signIn(t, 'coach-cr@x.test');
    const before = (await dashboard()).balances[0].gross_cents;
    expect(await renewLocalSubscriptions(t.context)).toBe(1);
    expect(await renewLocalSubscriptions(t.context)).toBe(0);
    other = await signIn(t, 'other-cr@x.test');
    const mine = (await call('GET', '/api/creators/subscriptions/mine', other)).json().items;
    expect(mine[0]).toMatchObject({ status: 'active', has_access: true });
    expect((await dashboard()).balances[0].gross_cents).toBe(before + 2499);
    await expectBalancedLedger();
  });
});

describe.each(databaseKinds)('Stripe webhooks on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { stripeSecretKey: 'sk_test_creators', stripeWebhookSecret: WEBHOOK_SECRET }, { rateLimit: false });
    // Stripe's real verification; only the checkout page (a network call) is stood in for.
    const real = stripeProvider('sk_test_creators', WEBHOOK_SECRET);
    usePaymentProvider(t.context, {
      ...real,
      startCheckout: async (r) => ({
        kind: 'redirect',
        url: `https://checkout.stripe.test/${r.subscriptionId}`,
        sessionId: `cs_${r.subscriptionId}`,
      }),
    });
    creator = await signIn(t, 'coach-wh@x.test', undefined, 'Coach Wes');
    fan = await signIn(t, 'fan-wh@x.test', undefined, 'Fan Wu');
  }, 240_000);
  afterAll(async () => t.close());

  const send = (event: object, signature?: string) => sendStripeEvent(t.app, event, { secret: WEBHOOK_SECRET, signature });
  const rows = async (q: string) => {
    const r = (await t.context.database.db.execute(q as never)) as unknown as
      { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    return Array.isArray(r) ? r : r.rows;
  };

  it('checkout → signed webhook activates once; a replay or the first invoice.paid posts nothing more; a forged one is refused', async () => {
    const tier = (
      await t.app.inject({
        method: 'POST',
        url: '/api/creators/me/tiers',
        headers: authHeaders(creator),
        payload: { name: 'Pro', price_cents: 1500, currency: 'eur' },
      })
    ).json();
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/creators/subscriptions',
      headers: authHeaders(fan),
      payload: { tier_id: tier.id },
    });
    expect(sub.statusCode).toBe(201);
    const { subscription, checkout_url } = sub.json();
    expect(subscription.status).toBe('pending');
    expect(checkout_url).toContain('checkout.stripe.test');
    const completed = {
      id: 'evt_checkout_1',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${subscription.id}`,
          payment_status: 'paid',
          amount_total: 1500,
          currency: 'eur',
          invoice: 'in_1',
          subscription: 'sub_1',
          metadata: { subscription_id: String(subscription.id) },
        },
      },
    };
    const forged = await send(completed, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(await rows('select id from payment_webhook_events')).toHaveLength(0);
    const first = await send(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await send(completed)).json()).toEqual({ received: true, duplicate: true });
    const invoicePaid = {
      id: 'evt_invoice_1',
      type: 'invoice.paid',
      data: { object: { id: 'in_1', amount_paid: 1500, currency: 'eur', subscription: 'sub_1' } },
    };
    expect((await send(invoicePaid)).json()).toEqual({ received: true, duplicate: false });
    expect(await rows("select id from ledger_transactions where kind = 'subscription_payment'")).toHaveLength(1);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/creators/subscriptions/mine', headers: authHeaders(fan) })).json().items;
    expect(mine[0]).toMatchObject({ status: 'active', has_access: true });
  });

  it('a refund reverses the payment once and ends access; the ledger still sums to zero', async () => {
    const refund = { id: 'evt_refund_1', type: 'charge.refunded', data: { object: { id: 'ch_1', refunded: true, invoice: 'in_1' } } };
    expect((await send(refund)).statusCode).toBe(200);
    expect((await send({ ...refund, id: 'evt_refund_2' })).json()).toEqual({ received: true, duplicate: false });
    expect(await rows("select id from ledger_transactions where kind = 'refund'")).toHaveLength(1);
    const totals = await ledgerTotals(t.context.database.db);
    expect(totals.every((r) => Number(r.balance) === 0)).toBe(true);
    const d = (await t.app.inject({ method: 'GET', url: '/api/creators/me/dashboard', headers: authHeaders(creator) })).json();
    expect(d.balances[0]).toMatchObject({ gross_cents: 1500, fee_cents: 0, refunded_cents: 1500, available_cents: 0, pending_cents: 0 });
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
    expect(d.subscribers).toBe(0);
  });

  it('property: any stream of payment events with replays posts each payment once and keeps the ledger at zero', async () => {
    const tier = (
      await t.app.inject({
        method: 'POST',
        url: '/api/creators/me/tiers',
        headers: authHeaders(creator),
        payload: { name: 'Replay', price_cents: 700, currency: 'gbp' },
      })
    ).json();
    const others: SignedIn[] = [];
    for (const n of [1, 2, 3]) others.push(await signIn(t, `replay${n}-wh@x.test`, undefined, `Replay ${n}`));
    const subs: number[] = [];
    for (const who of others) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/creators/subscriptions',
        headers: authHeaders(who),
        payload: { tier_id: tier.id },
      });
      subs.push(res.json().subscription.id);
    }
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            sub: fc.integer({ min: 0, max: 2 }),
            invoice: fc.integer({ min: 0, max: 3 }),
            copies: fc.integer({ min: 1, max: 3 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (events) => {
          run++;
          const before = await rows("select count(*)::int as n from ledger_transactions where kind = 'subscription_payment'");
          const invoices = new Set<string>();
          for (const [i, e] of events.entries()) {
            const invoice = `in_r${run}_${e.sub}_${e.invoice}`;
            invoices.add(invoice);
            const event = {
              id: `evt_r${run}_${i}`,
              type: 'invoice.paid',
              data: { object: { id: invoice, amount_paid: 700, currency: 'gbp', metadata: { subscription_id: String(subs[e.sub]) } } },
            };
            for (let c = 0; c < e.copies; c++) expect((await send(event)).statusCode).toBe(200);
          }
          const after = await rows("select count(*)::int as n from ledger_transactions where kind = 'subscription_payment'");
          expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(invoices.size);
          const totals = await ledgerTotals(t.context.database.db);
          const perCurrency = new Map<string, number>();
          for (const r of totals) perCurrency.set(r.currency, (perCurrency.get(r.currency) ?? 0) + Number(r.balance));
          for (const v of perCurrency.values()) expect(v).toBe(0);
          expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });
});
