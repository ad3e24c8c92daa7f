import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema.ts';
import { CREATOR_LIMITS, DAY_MS } from '#domain/creators.ts';
import { postingProblem, type Currency, type LedgerEntry, type LedgerKind } from '#domain/ledger.ts';

// Posting to the ledger and reading balances from it. A posting is one ledger transaction and its entries,
// written inside the caller's database transaction; its idempotency key makes a second posting of the same
// payment, refund or payout a no-op. The database re-checks the balance when the transaction commits
// (migration 0047's constraint trigger).

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
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      creatorId: posting.creatorId,
      subscriptionId: posting.subscriptionId ?? null,
      reversesId: posting.reversesId ?? null,
      idempotencyKey: posting.idempotencyKey,
      postedAt: posting.at,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return null;
  await tx.insert(ledgerEntries).values(posting.entries.map((e) => ({ transactionId: row.id, ...e })));
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
 * A creator's figures per currency, summed in SQL from the entries. What is owed to the creator is the credit
 * balance of their creator_payable account; the part credited by payments inside the hold is pending, the rest
 * (less payouts and refunds, which debit it at once) is available.
 */
export async function creatorBalances(db: Database, creatorId: number, now: Date): Promise<CreatorBalance[]> {
  const holdStart = new Date(now.getTime() - CREATOR_LIMITS.holdDays * DAY_MS).toISOString();
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`select e.currency,
          coalesce(sum(case when t.kind = 'subscription_payment' and e.account = 'subscriber_clearing' then e.amount end), 0) as gross,
          coalesce(sum(case when e.account = 'platform_fee_revenue' then -e.amount end), 0) as fee,
          coalesce(sum(case when e.account = 'creator_payable' then -e.amount end), 0) as owed,
          coalesce(sum(case when e.account = 'creator_payable' and t.kind = 'subscription_payment' and t.posted_at > ${holdStart}::timestamptz
                             and not exists (select 1 from ledger_transactions r where r.kind = 'refund' and r.reverses_id = t.id)
                        then -e.amount end), 0) as pending,
          coalesce(sum(case when e.account = 'creator_payable' and t.kind in ('payout', 'payout_reversal') then e.amount end), 0) as paid_out,
          coalesce(sum(case when t.kind = 'refund' and e.account = 'subscriber_clearing' then -e.amount end), 0) as refunded
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.creator_id = ${creatorId}
        group by e.currency order by e.currency`,
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

/** Every account's balance per currency (the whole ledger sums to zero in each currency). */
export async function ledgerTotals(db: Database) {
  return rowsOf<{ account: string; currency: string; balance: string | number }>(
    db,
    sql`select account, currency, sum(amount) as balance from ledger_entries group by account, currency order by account, currency`,
  );
}
