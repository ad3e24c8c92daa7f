import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorStatement, creatorSumsDrift, stripeProvider, usePaymentProvider } from '#server/areas/creators/index.ts';
import { authHeaders, createTestApp, databaseKinds, sendStripeEvent, signIn, type SignedIn } from './helpers.ts';

// The statement figures kept on each posting (currency, gross, fee, net; migration 0080) against the entries they
// summarise, after any sequence of payments and refunds (signed Stripe webhooks), payouts (the creator's requests)
// and payouts turned down (an administrator's reversal).

const DAY = 86_400_000;
const KEY = 'sk_test_kept';
const WEBHOOK_SECRET = 'whsec_test_kept';

const op = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), fan: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('wait' as const) }),
  fc.record({ op: fc.constant('payout' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('turn_down' as const), pick: fc.nat() }),
);

describe.each(databaseKinds)('figures kept on each posting on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  let admin: SignedIn;
  const subscriptions: number[] = [];
  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: authHeaders(who), ...(payload !== undefined ? { payload } : {}) });
  const send = (event: object) => sendStripeEvent(t.app, event, { secret: WEBHOOK_SECRET });
  const rows = async (q: string) => {
    const r = (await t.context.database.db.execute(q as never)) as unknown as
      { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    return Array.isArray(r) ? r : r.rows;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss-kp@x.test'] }, { rateLimit: false });
    creator = await signIn(t, 'coach-kp@x.test', undefined, 'Coach Kit');
    admin = await signIn(t, 'boss-kp@x.test', undefined, 'Boss');
    const tier = await call('POST', '/api/creators/me/tiers', creator, { name: 'Kept', price_cents: 1999, currency: 'eur', benefits: '' });
    for (const n of [1, 2]) {
      const fan = await signIn(t, `fan${n}-kp@x.test`, undefined, `Fan ${n}`);
      // Paid at once by the local test provider; later payments and refunds come as Stripe's signed webhooks.
      const res = await call('POST', '/api/creators/subscriptions', fan, { tier_id: tier.json().id });
      expect(res.statusCode, res.body).toBe(201);
      subscriptions.push(res.json().subscription.id);
    }
    usePaymentProvider(t.context, stripeProvider(KEY, WEBHOOK_SECRET));
  }, 240_000);
  afterAll(async () => t.close());

  it('property: after any payments, refunds, payouts and payouts turned down, each posting keeps what its entries say', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        run++;
        const invoices: string[] = [];
        const payouts: number[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.op === 'pay') {
            const id = `in_k${run}_${i}`;
            invoices.push(id);
            const object = { id, amount_paid: o.amount, currency: 'eur', metadata: { subscription_id: String(subscriptions[o.fan]) } };
            expect((await send({ id: `evt_k${run}_${i}`, type: 'invoice.paid', data: { object } })).statusCode).toBe(200);
          } else if (o.op === 'refund' && invoices.length > 0) {
            const invoice = invoices[o.pick % invoices.length]!;
            const object = { id: `ch_k${run}_${i}`, refunded: true, invoice };
            expect((await send({ id: `evt_k${run}_${i}`, type: 'charge.refunded', data: { object } })).statusCode).toBe(200);
          } else if (o.op === 'wait') {
            // Past the hold, so payments become available for payouts (sessions are renewed after the jump).
            t.clock.advance(8 * DAY);
            creator = await signIn(t, 'coach-kp@x.test');
            admin = await signIn(t, 'boss-kp@x.test');
          } else if (o.op === 'payout') {
            const dashboard = (await call('GET', '/api/creators/me/dashboard', creator)).json();
            const available = dashboard.balances.find((b: { currency: string }) => b.currency === 'eur')?.available_cents ?? 0;
            const amount = Math.max(2000, Math.floor(available * o.share));
            const res = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: amount, currency: 'eur' });
            expect(res.statusCode, res.body).toBe(amount <= available ? 201 : 409);
            if (res.statusCode === 201) payouts.push(res.json().id);
          } else if (o.op === 'turn_down' && payouts.length > 0) {
            const id = payouts.splice(o.pick % payouts.length, 1)[0]!;
            const res = await call('POST', `/api/creators/admin/payouts/${id}/decision`, admin, {
              decision: 'reject',
              reason: 'Bank details missing.',
            });
            expect(res.statusCode, res.body).toBe(200);
          }
        }
        // No posting's kept currency, gross, fee or net differs from its entries, nor any kept monthly sum.
        expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
        // And the statement of this month, which reads only the kept figures, says what the entries say.
        const month = t.clock.now().toISOString().slice(0, 7);
        const statement = await creatorStatement(t.context.database.db, creator.userId, month);
        const fromEntries = await rows(`select t.id,
            coalesce(sum(e.amount) filter (where e.account = 'subscriber_clearing' and t.kind in ('subscription_payment', 'refund')), 0)::int as gross,
            coalesce(sum(-e.amount) filter (where e.account = 'platform_fee_revenue'), 0)::int as fee,
            coalesce(sum(-e.amount) filter (where e.account = 'creator_payable'), 0)::int as net
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.creator_id = ${creator.userId} and to_char(t.posted_at at time zone 'UTC', 'YYYY-MM') = '${month}'
          group by t.id order by t.posted_at, t.id`);
        expect(statement.lines.map((l) => ({ id: l.id, gross: l.gross_cents, fee: l.fee_cents, net: l.net_cents }))).toEqual(
          fromEntries.map((r) => ({ id: Number(r.id), gross: Number(r.gross), fee: Number(r.fee), net: Number(r.net) })),
        );
      }),
      { numRuns: 10 },
    );
  }, 240_000);
});
