import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { DAY_MS } from '#domain/creators.ts';
import type { Currency } from '#domain/ledger.ts';

// The creator economy for the business-intelligence page: money over a range of days, read from the ledger's
// entries (one grouped statement on the posted-at index) and the payouts; subscriptions as they stand now.

export async function creatorEconomy(ctx: AppContext, rangeDays: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const from = new Date(now.getTime() - rangeDays * DAY_MS).toISOString();
  const money = await rowsOf<Record<string, string | number>>(
    db,
    sql`select e.currency,
          coalesce(sum(case when t.kind = 'subscription_payment' and e.account = 'subscriber_clearing' then e.amount end), 0) as gross,
          coalesce(sum(case when e.account = 'platform_fee_revenue' then -e.amount end), 0) as fees,
          coalesce(sum(case when t.kind = 'refund' and e.account = 'subscriber_clearing' then -e.amount end), 0) as refunds,
          count(distinct case when t.kind = 'subscription_payment' then t.id end) as payments
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.posted_at > ${from}::timestamptz and t.posted_at <= ${now.toISOString()}::timestamptz
        group by e.currency`,
  );
  const payouts = await rowsOf<Record<string, string | number>>(
    db,
    sql`select currency,
          coalesce(sum(case when status = 'paid' and paid_at > ${from}::timestamptz then amount_cents end), 0) as paid,
          coalesce(sum(case when status in ('requested', 'approved') then amount_cents end), 0) as waiting
        from creator_payouts group by currency`,
  );
  const [subs] = await rowsOf<{ active: number; creators: number; started: number }>(
    db,
    sql`select count(*) filter (where status = 'active' and current_period_end > ${now.toISOString()}::timestamptz)::int as active,
          count(distinct creator_id) filter (where status = 'active' and current_period_end > ${now.toISOString()}::timestamptz)::int as creators,
          count(*) filter (where created_at > ${from}::timestamptz)::int as started
        from creator_subscriptions`,
  );
  const currencies = [...new Set([...money.map((m) => String(m.currency)), ...payouts.map((p) => String(p.currency))])].sort();
  return {
    range_days: rangeDays,
    active_subscriptions: Number(subs?.active ?? 0),
    paid_creators: Number(subs?.creators ?? 0),
    new_subscriptions: Number(subs?.started ?? 0),
    currencies: currencies.map((currency) => {
      const m = money.find((x) => x.currency === currency);
      const p = payouts.find((x) => x.currency === currency);
      return {
        currency: currency as Currency,
        payments: Number(m?.payments ?? 0),
        gross_cents: Number(m?.gross ?? 0),
        fee_cents: Number(m?.fees ?? 0),
        refunded_cents: Number(m?.refunds ?? 0),
        paid_out_cents: Number(p?.paid ?? 0),
        payouts_waiting_cents: Number(p?.waiting ?? 0),
      };
    }),
  };
}
