import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest } from '#server/errors.ts';
import { type Currency, type LedgerKind } from '#domain/ledger.ts';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '#domain/creators.ts';
import { STATEMENT_MONTH, statementCsv, statementMonthProblem, type StatementCsvLine } from '#domain/creator-statement.ts';

// A creator's monthly statement: per currency, what they were owed when the month opened (the kept monthly sums
// of the months before), the month's figures, and each posting of the month with the gross, fee and net kept on it
// (one range of the creator-and-time index; no entries read), with what it was owed when the month closed. Amounts
// in minor units, from the creator's side.

/** One posting of the month, from the creator's side: the same line the CSV writes (domain/creator-statement.ts). */
export type StatementLine = StatementCsvLine;

export interface StatementTotals {
  currency: Currency;
  opening_cents: number;
  gross_cents: number;
  fee_cents: number;
  paid_out_cents: number;
  refunded_cents: number;
  closing_cents: number;
}

/** The first day of the month and of the next ('YYYY-MM-DD'). */
function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, next: m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01` };
}

/** The statement of one UTC month ('YYYY-MM'); 400 for anything else. */
export async function creatorStatement(db: Database, creatorId: number, month: string) {
  if (!STATEMENT_MONTH.test(month)) throw badRequest('A statement is for one month, written YYYY-MM.', 'month');
  const { from, next } = monthBounds(month);
  const totals = await rowsOf<Record<string, string | number>>(
    db,
    sql`select currency,
          coalesce(sum(owed) filter (where month < ${from}::date), 0) as opening,
          coalesce(sum(gross) filter (where month = ${from}::date), 0) as gross,
          coalesce(sum(fee) filter (where month = ${from}::date), 0) as fee,
          coalesce(sum(paid_out) filter (where month = ${from}::date), 0) as paid_out,
          coalesce(sum(refunded) filter (where month = ${from}::date), 0) as refunded,
          coalesce(sum(owed) filter (where month <= ${from}::date), 0) as closing
        from creator_ledger_months where creator_id = ${creatorId} and month <= ${from}::date
        group by currency order by currency`,
  );
  const lines = await rowsOf<Record<string, string | number>>(
    db,
    sql`select t.id, t.kind, t.posted_at as at, t.currency, t.gross_cents as gross, t.fee_cents as fee, t.net_cents as net
        from ledger_transactions t
        where t.creator_id = ${creatorId} and t.posted_at >= (${from}::timestamp at time zone 'UTC') and t.posted_at < (${next}::timestamp at time zone 'UTC')
        order by t.posted_at, t.id`,
  );
  return {
    month,
    totals: totals.map((r): StatementTotals => ({
      currency: r.currency as Currency,
      opening_cents: Number(r.opening),
      gross_cents: Number(r.gross),
      fee_cents: Number(r.fee),
      paid_out_cents: Number(r.paid_out),
      refunded_cents: Number(r.refunded),
      closing_cents: Number(r.closing),
    })),
    lines: lines.map((r): StatementLine => ({
      id: Number(r.id),
      kind: r.kind as LedgerKind,
      at: new Date(r.at as string).toISOString(),
      currency: r.currency as Currency,
      gross_cents: Number(r.gross),
      fee_cents: Number(r.fee),
      net_cents: Number(r.net),
    })),
  };
}

/** What each posting of the month was for: its tier (payments, refunds) or its payout (payouts, reversals). */
async function statementDescriptions(db: Database, creatorId: number, from: string, next: string) {
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select t.id, ti.name as tier_name, p.id as payout_id, p.status as payout_status, p.reason
        from ledger_transactions t
        left join creator_subscriptions s on s.id = t.subscription_id
        left join creator_tiers ti on ti.id = s.tier_id
        left join creator_payouts p on p.transaction_id = case t.kind when 'payout' then t.id when 'payout_reversal' then t.reverses_id end
        where t.creator_id = ${creatorId} and t.posted_at >= (${from}::timestamp at time zone 'UTC') and t.posted_at < (${next}::timestamp at time zone 'UTC')`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The month's statement as CSV (domain/creator-statement.ts); 400 for a month that is malformed or has not begun. */
export async function creatorStatementCsv(db: Database, creatorId: number, month: string, now: Date): Promise<string> {
  const problem = statementMonthProblem(month, now);
  if (problem) throw badRequest(problem, 'month');
  const statement = await creatorStatement(db, creatorId, month);
  const { from, next } = monthBounds(month);
  const details = await statementDescriptions(db, creatorId, from, next);
  return statementCsv(statement, (line) => {
    const d = details.get(line.id);
    const tier = d?.tier_name ? String(d.tier_name) : 'A tier no longer offered';
    const payout = d?.payout_id ? `Payout #${d.payout_id}` : 'A payout';
    switch (line.kind) {
      case 'subscription_payment':
      case 'refund':
        // The tier's name, as the creator wrote it (the kind column says payment or refund).
        return tier;
      case 'payout':
        return `${payout} (${PAYOUT_STATUS_LABELS[(d?.payout_status as PayoutStatus) ?? 'requested'] ?? 'requested'})`;
      case 'payout_reversal':
        return `${payout} turned down${d?.reason ? `: ${d.reason}` : ''}`;
    }
  });
}
