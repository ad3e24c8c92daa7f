import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { creatorLedgerMonths, ledgerEntries, ledgerTransactions } from '#server/db/schema.ts';
import { CREATOR_LIMITS, DAY_MS } from '#domain/creators.ts';
import { creatorSumsOf, postingFiguresOf, postingProblem, type Currency, type LedgerEntry, type LedgerKind } from '#domain/ledger.ts';

// Posting to the ledger and reading balances from it. A posting is one ledger transaction and its entries,
// written inside the caller's database transaction; its idempotency key makes a second posting of the same
// payment, refund or payout a no-op. The database re-checks the balance when the transaction commits
// (migration 0047's constraint trigger). Each posting also adds to its creator's kept monthly sums
// (creator_ledger_months), which balances and statements read instead of every entry, and keeps its own
// statement figures (currency, gross, fee, net) on the posting's row.

export interface Posting {
  kind: LedgerKind;
  creatorId: number;
  idempotencyKey: string;
  subscriptionId?: number | null;
  reversesId?: number | null;
  entries: LedgerEntry[];
  at: Date;
}

/** Posts once: the transaction's id, or null when a posting with this key exists already. */
export async function post(tx: Database, posting: Posting): Promise<number | null> {
  const problem = postingProblem(posting.entries);
  if (problem) throw new Error(problem);
  const figures = postingFiguresOf(posting.kind, posting.entries);
  if (!figures) throw new Error('A ledger transaction is in one currency.');
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      creatorId: posting.creatorId,
      subscriptionId: posting.subscriptionId ?? null,
      reversesId: posting.reversesId ?? null,
      idempotencyKey: posting.idempotencyKey,
      postedAt: posting.at,
      currency: figures.currency,
      grossCents: figures.gross,
      feeCents: figures.fee,
      netCents: figures.net,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return null;
  await tx.insert(ledgerEntries).values(posting.entries.map((e) => ({ transactionId: row.id, ...e })));
  const month = `${posting.at.toISOString().slice(0, 7)}-01`;
  for (const [currency, s] of creatorSumsOf(posting.kind, posting.entries)) {
    const add = (column: AnyColumn) => sql`${column} + excluded.${sql.identifier(column.name)}`;
    await tx
      .insert(creatorLedgerMonths)
      .values({ creatorId: posting.creatorId, currency, month, ...s })
      .onConflictDoUpdate({
        target: [creatorLedgerMonths.creatorId, creatorLedgerMonths.currency, creatorLedgerMonths.month],
        set: {
          gross: add(creatorLedgerMonths.gross),
          fee: add(creatorLedgerMonths.fee),
          owed: add(creatorLedgerMonths.owed),
          paidOut: add(creatorLedgerMonths.paidOut),
          refunded: add(creatorLedgerMonths.refunded),
        },
      });
  }
  return row.id;
}

/** A posted transaction's entries (to reverse it). */
export async function entriesOf(tx: Database, transactionId: number): Promise<LedgerEntry[]> {
  const rows = await tx
    .select({
      account: ledgerEntries.account,
      creatorId: ledgerEntries.creatorId,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  return rows as LedgerEntry[];
}

export async function transactionByKey(tx: Database, key: string) {
  const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  return row ?? null;
}

export async function isReversed(tx: Database, transactionId: number) {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'refund'), eq(ledgerTransactions.reversesId, transactionId)));
  return Boolean(row);
}

export interface CreatorBalance {
  currency: Currency;
  gross_cents: number;
  fee_cents: number;
  available_cents: number;
  pending_cents: number;
  paid_out_cents: number;
  refunded_cents: number;
}

/**
 * A creator's figures per currency, from the kept monthly sums. What is owed to the creator is the credit balance
 * of their creator_payable account; the part credited by payments inside the hold (read from those few postings)
 * is pending, the rest (less payouts and refunds, which debit it at once) is available.
 */
export async function creatorBalances(db: Database, creatorId: number, now: Date): Promise<CreatorBalance[]> {
  const holdStart = new Date(now.getTime() - CREATOR_LIMITS.holdDays * DAY_MS).toISOString();
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`select m.currency, sum(m.gross) as gross, sum(m.fee) as fee, sum(m.owed) as owed, sum(m.paid_out) as paid_out,
          sum(m.refunded) as refunded, coalesce(max(h.pending), 0) as pending
        from creator_ledger_months m
        left join (
          select e.currency, sum(-e.amount) as pending
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'creator_payable'
          where t.creator_id = ${creatorId} and t.kind = 'subscription_payment' and t.posted_at > ${holdStart}::timestamptz
            and not exists (select 1 from ledger_transactions r where r.reverses_id = t.id and r.kind = 'refund')
          group by e.currency
        ) h on h.currency = m.currency
        where m.creator_id = ${creatorId}
        group by m.currency order by m.currency`,
  );
  return rows.map((r) => {
    const owed = Number(r.owed);
    const pending = Math.min(Number(r.pending), owed);
    return {
      currency: r.currency as Currency,
      gross_cents: Number(r.gross),
      fee_cents: Number(r.fee),
      available_cents: owed - pending,
      pending_cents: pending,
      paid_out_cents: Number(r.paid_out),
      refunded_cents: Number(r.refunded),
    };
  });
}

/** The kept monthly sums as the entries give them: the query that fills creator_ledger_months (migration 0071). */
export const creatorSumsFromEntries = sql`select t.creator_id, e.currency, date_trunc('month', t.posted_at at time zone 'UTC')::date as month,
    coalesce(sum(case when t.kind = 'subscription_payment' and e.account = 'subscriber_clearing' then e.amount end), 0) as gross,
    coalesce(sum(case when e.account = 'platform_fee_revenue' then -e.amount end), 0) as fee,
    coalesce(sum(case when e.account = 'creator_payable' then -e.amount end), 0) as owed,
    coalesce(sum(case when e.account = 'creator_payable' and t.kind in ('payout', 'payout_reversal') then e.amount end), 0) as paid_out,
    coalesce(sum(case when t.kind = 'refund' and e.account = 'subscriber_clearing' then -e.amount end), 0) as refunded
  from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
  group by 1, 2, 3`;

/** Each posting's statement figures as its entries give them (domain/ledger.ts postingFiguresOf; migration 0080's backfill). */
export const postingFiguresFromEntries = sql`select t.id, min(e.currency) as currency, count(distinct e.currency) as currencies,
    coalesce(sum(e.amount) filter (where e.account = 'subscriber_clearing' and t.kind in ('subscription_payment', 'refund')), 0) as gross,
    coalesce(sum(-e.amount) filter (where e.account = 'platform_fee_revenue'), 0) as fee,
    coalesce(sum(-e.amount) filter (where e.account = 'creator_payable'), 0) as net
  from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
  group by t.id`;

/**
 * Where the kept figures differ from the entries (none, when all is well): creator, currency and month rows of the
 * kept monthly sums, and postings (`transaction_id`) whose kept currency, gross, fee or net is not what their
 * entries say.
 */
export async function creatorSumsDrift(db: Database) {
  return rowsOf<Record<string, string | number | null>>(
    db,
    sql`with fresh as (${creatorSumsFromEntries}), lines as (${postingFiguresFromEntries})
      select coalesce(f.creator_id, m.creator_id) as creator_id, coalesce(f.currency, m.currency) as currency,
             coalesce(f.month, m.month)::text as month, null::int as transaction_id
      from fresh f full join creator_ledger_months m on m.creator_id = f.creator_id and m.currency = f.currency and m.month = f.month
      where (f.gross, f.fee, f.owed, f.paid_out, f.refunded) is distinct from (m.gross, m.fee, m.owed, m.paid_out, m.refunded)
        and not (f.creator_id is null and m.gross = 0 and m.fee = 0 and m.owed = 0 and m.paid_out = 0 and m.refunded = 0)
      union all
      select t.creator_id, t.currency, null, t.id
      from ledger_transactions t left join lines l on l.id = t.id
      where (t.currency, t.gross_cents, t.fee_cents, t.net_cents, 1::bigint) is distinct from (l.currency, l.gross, l.fee, l.net, l.currencies)`,
  );
}

/** Every account's balance per currency (the whole ledger sums to zero in each currency). */
export async function ledgerTotals(db: Database) {
  return rowsOf<{ account: string; currency: string; balance: string | number }>(
    db,
    sql`select account, currency, sum(amount) as balance from ledger_entries group by account, currency order by account, currency`,
  );
}
