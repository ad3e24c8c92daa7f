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

/** Between the fields of a line and between lines: control characters none of the fields holds (texts come JSON-encoded). */
const FIELD = '\x1f';
const LINE = '\x1e';

/** What the CSV describes a posting by: its tier (payments, refunds) or its payout (payouts, reversals). */
interface LineDetails {
  tier_name: string | null;
  payout_id: string | null;
  payout_status: string | null;
  reason: string | null;
}

const orNull = (field: string | undefined) => (field ? field : null);
const jsonText = (field: string | undefined) => (field ? (JSON.parse(field) as string) : null);

/**
 * The month's totals per currency and its postings in time order, in one statement answering one row of two texts:
 * each line's fields joined in SQL by FIELD, the lines by LINE, split here. PGlite decodes every field of every row
 * in JavaScript, which for the big creator's ~700 postings cost more than running the query (`docs/benchmarks.md`).
 * The timestamps are the database's own text, as a row would carry them. With `described`, each posting also
 * carries what the CSV describes it by (by `creator_payouts_transaction_idx` for payouts), the tier's name and the
 * reason JSON-encoded so that no character of theirs can split a line.
 */
async function statementOf(db: Database, creatorId: number, month: string, described: boolean) {
  const { from, next } = monthBounds(month);
  const line = sql.raw(`concat(t.id, E'\\x1f', t.kind, E'\\x1f', t.posted_at, E'\\x1f', t.currency, E'\\x1f',
      t.gross_cents, E'\\x1f', t.fee_cents, E'\\x1f', t.net_cents${
        described ? `, E'\\x1f', to_json(ti.name), E'\\x1f', p.id, E'\\x1f', p.status, E'\\x1f', to_json(p.reason)` : ''
      })`);
  const joins = described
    ? sql`left join creator_subscriptions s on s.id = t.subscription_id
        left join creator_tiers ti on ti.id = s.tier_id
        left join creator_payouts p on p.transaction_id = case t.kind when 'payout' then t.id when 'payout_reversal' then t.reverses_id end`
    : sql``;
  const [row] = await rowsOf<{ totals: string | null; lines: string | null }>(
    db,
    sql`select
        (select string_agg(concat_ws(E'\\x1f', currency, opening, gross, fee, paid_out, refunded, closing), E'\\x1e' order by currency) from (
          select currency,
            coalesce(sum(owed) filter (where month < ${from}::date), 0) as opening,
            coalesce(sum(gross) filter (where month = ${from}::date), 0) as gross,
            coalesce(sum(fee) filter (where month = ${from}::date), 0) as fee,
            coalesce(sum(paid_out) filter (where month = ${from}::date), 0) as paid_out,
            coalesce(sum(refunded) filter (where month = ${from}::date), 0) as refunded,
            coalesce(sum(owed) filter (where month <= ${from}::date), 0) as closing
          from creator_ledger_months where creator_id = ${creatorId} and month <= ${from}::date
          group by currency) m) as totals,
        (select string_agg(${line}, E'\\x1e' order by t.posted_at, t.id)
          from ledger_transactions t ${joins}
          where t.creator_id = ${creatorId} and t.posted_at >= (${from}::timestamp at time zone 'UTC') and t.posted_at < (${next}::timestamp at time zone 'UTC')
        ) as lines`,
  );
  const details: LineDetails[] = [];
  const totals = (row!.totals ? row!.totals.split(LINE) : []).map((text): StatementTotals => {
    const f = text.split(FIELD);
    return {
      currency: f[0] as Currency,
      opening_cents: Number(f[1]),
      gross_cents: Number(f[2]),
      fee_cents: Number(f[3]),
      paid_out_cents: Number(f[4]),
      refunded_cents: Number(f[5]),
      closing_cents: Number(f[6]),
    };
  });
  const lines = (row!.lines ? row!.lines.split(LINE) : []).map((text): StatementLine => {
    const f = text.split(FIELD);
    if (described)
      details.push({ tier_name: jsonText(f[7]), payout_id: orNull(f[8]), payout_status: orNull(f[9]), reason: jsonText(f[10]) });
    return {
      id: Number(f[0]),
      kind: f[1] as LedgerKind,
      at: new Date(f[2]!).toISOString(),
      currency: f[3] as Currency,
      gross_cents: Number(f[4]),
      fee_cents: Number(f[5]),
      net_cents: Number(f[6]),
    };
  });
  return { statement: { month, totals, lines }, details };
}

/** The statement of one UTC month ('YYYY-MM'); 400 for anything else. */
export async function creatorStatement(db: Database, creatorId: number, month: string) {
  if (!STATEMENT_MONTH.test(month)) throw badRequest('A statement is for one month, written YYYY-MM.', 'month');
  return (await statementOf(db, creatorId, month, false)).statement;
}

/** What a posting of the statement is called in the CSV's description column. */
function description(kind: LedgerKind, d: LineDetails | undefined) {
  const tier = d?.tier_name ? String(d.tier_name) : 'A tier no longer offered';
  const payout = d?.payout_id ? `Payout #${d.payout_id}` : 'A payout';
  switch (kind) {
    case 'subscription_payment':
    case 'refund':
      // The tier's name, as the creator wrote it (the kind column says payment or refund).
      return tier;
    case 'payout':
      return `${payout} (${PAYOUT_STATUS_LABELS[(d?.payout_status as PayoutStatus) ?? 'requested'] ?? 'requested'})`;
    case 'payout_reversal':
      return `${payout} turned down${d?.reason ? `: ${d.reason}` : ''}`;
  }
}

/** The month's statement as CSV (domain/creator-statement.ts); 400 for a month that is malformed or has not begun. */
export async function creatorStatementCsv(db: Database, creatorId: number, month: string, now: Date): Promise<string> {
  const problem = statementMonthProblem(month, now);
  if (problem) throw badRequest(problem, 'month');
  const { statement, details } = await statementOf(db, creatorId, month, true);
  const byLine = new Map(statement.lines.map((line, i) => [line, details[i]!]));
  return statementCsv(statement, (line) => description(line.kind, byLine.get(line)));
}
