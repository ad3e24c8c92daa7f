// The creator economy's double-entry ledger, as pure rules both sides run. Amounts are integer minor units
// (cents); a positive amount is a debit, a negative one a credit, so every transaction's entries sum to zero
// per currency. The server stores the entries and computes balances in SQL; these functions are the rules it
// posts by and the reference the property tests check the SQL against.

/** Where money sits: what subscribers paid (held by the payment provider), what is owed to creators, the platform's fees. */
export const LEDGER_ACCOUNTS = ['subscriber_clearing', 'creator_payable', 'platform_fee_revenue'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** A payout_reversal gives back a payout an administrator turned down (its entries reversed exactly). */
export const LEDGER_KINDS = ['subscription_payment', 'refund', 'payout', 'payout_reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The platform keeps this share of every subscription payment. */
export const PLATFORM_FEE_PERCENT = 10;

export interface LedgerEntry {
  account: LedgerAccount;
  /** The creator a creator_payable entry belongs to; null on the other accounts. */
  creatorId: number | null;
  /** Minor units; debit positive, credit negative. */
  amount: number;
  currency: Currency;
}

/**
 * The platform fee and the creator's share of a gross payment. Rounding rule: the fee is rounded down to the
 * cent (floor of gross × percent / 100), the creator gets the rest, so fee + share is always the gross and a
 * rounding cent always goes to the creator.
 */
export function splitFee(gross: number): { fee: number; share: number } {
  const fee = Math.floor((gross * PLATFORM_FEE_PERCENT) / 100);
  return { fee, share: gross - fee };
}

/** A subscription payment: the gross arrives in clearing, the fee is the platform's, the rest is owed to the creator. */
export function paymentEntries(creatorId: number, gross: number, currency: Currency): LedgerEntry[] {
  const { fee, share } = splitFee(gross);
  return [
    { account: 'subscriber_clearing', creatorId: null, amount: gross, currency },
    { account: 'creator_payable', creatorId, amount: -share, currency },
    { account: 'platform_fee_revenue', creatorId: null, amount: -fee, currency },
  ].filter((e) => e.amount !== 0) as LedgerEntry[];
}

/** A refund reverses a payment's entries exactly (the fee is returned too). */
export const reversalEntries = (entries: LedgerEntry[]): LedgerEntry[] => entries.map((e) => ({ ...e, amount: -e.amount }));

/** A payout: the creator is owed less, and the money leaves clearing for the creator's bank. */
export function payoutEntries(creatorId: number, amount: number, currency: Currency): LedgerEntry[] {
  return [
    { account: 'creator_payable', creatorId, amount, currency },
    { account: 'subscriber_clearing', creatorId: null, amount: -amount, currency },
  ];
}

/** Why a set of entries may not be posted, or null: integer minor units, at least two entries, zero per currency. */
export function postingProblem(entries: LedgerEntry[]): string | null {
  if (entries.length < 2) return 'A ledger transaction needs at least two entries.';
  const sums = new Map<string, number>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) return 'Ledger amounts are whole, non-zero minor units.';
    if ((e.account === 'creator_payable') !== (e.creatorId !== null)) return 'Only creator payable entries name a creator.';
    sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0) return `The entries in ${currency.toUpperCase()} do not sum to zero.`;
  return null;
}

/** Balances per account (and creator) and currency, as the SQL computes them: the reference for tests. */
export function balances(entries: LedgerEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.account}:${e.creatorId ?? ''}:${e.currency}`;
    out.set(key, (out.get(key) ?? 0) + e.amount);
  }
  return out;
}

/** A creator's figures in one currency, as the kept monthly sums hold them (all minor units, from the creator's side). */
export interface CreatorSums {
  /** What subscribers paid (payments' clearing debits). */
  gross: number;
  /** The platform's fees, less fees returned by refunds. */
  fee: number;
  /** What the creator is owed: their payable account's credit balance. */
  owed: number;
  /** Payouts less payouts turned down. */
  paidOut: number;
  /** What refunds gave back to subscribers. */
  refunded: number;
}

/**
 * What one posting adds to its creator's kept sums, per currency: the same figures creatorBalances once summed
 * from every entry (server/areas/creators/ledger.ts), so adding them up over a history gives that history's sums.
 */
export function creatorSumsOf(kind: LedgerKind, entries: LedgerEntry[]): Map<Currency, CreatorSums> {
  const out = new Map<Currency, CreatorSums>();
  for (const e of entries) {
    const s = out.get(e.currency) ?? { gross: 0, fee: 0, owed: 0, paidOut: 0, refunded: 0 };
    if (e.account === 'subscriber_clearing' && kind === 'subscription_payment') s.gross += e.amount;
    if (e.account === 'subscriber_clearing' && kind === 'refund') s.refunded -= e.amount;
    if (e.account === 'platform_fee_revenue') s.fee -= e.amount;
    if (e.account === 'creator_payable') {
      s.owed -= e.amount;
      if (kind === 'payout' || kind === 'payout_reversal') s.paidOut += e.amount;
    }
    out.set(e.currency, s);
  }
  return out;
}

/** What a statement line shows of one posting, from the creator's side, kept on the posting when it is written. */
export interface PostingFigures {
  currency: Currency;
  /** What the subscriber paid (a payment) or got back (a refund, negative); none for payouts. */
  gross: number;
  /** The platform's fee (a refund gives it back: negative). */
  fee: number;
  /** What the posting adds to what the creator is owed (a payout: negative). */
  net: number;
}

/**
 * A posting's statement figures, the same sums the statement once read from its entries: gross is the clearing
 * account's side of a payment or refund, fee the fee account's credit, net the creator's payable credit. A posting
 * is in one currency; null when its entries are in several (which no posting of this ledger is).
 */
export function postingFiguresOf(kind: LedgerKind, entries: LedgerEntry[]): PostingFigures | null {
  const currency = entries[0]?.currency;
  if (!currency || entries.some((e) => e.currency !== currency)) return null;
  const out: PostingFigures = { currency, gross: 0, fee: 0, net: 0 };
  for (const e of entries) {
    if (e.account === 'subscriber_clearing' && (kind === 'subscription_payment' || kind === 'refund')) out.gross += e.amount;
    if (e.account === 'platform_fee_revenue') out.fee -= e.amount;
    if (e.account === 'creator_payable') out.net -= e.amount;
  }
  return out;
}

/** Formats minor units for people: 1234 usd → "$12.34". */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
