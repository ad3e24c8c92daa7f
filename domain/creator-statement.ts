// A creator's monthly statement as a CSV download: the pure part (rows, amounts, running balances), shared by the
// server that writes it and the tests that read it back. Amounts stay integer minor units until they are written
// as decimals ("-12.50"), so nothing is ever a float.
import { csvOf } from './csv.ts';
import type { Currency, LedgerKind } from './ledger.ts';

export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const STATEMENT_CSV_HEADER = ['date (UTC)', 'kind', 'description', 'currency', 'gross', 'fee', 'net', 'balance'];

/** What each posting is called in the statement. */
export const STATEMENT_KIND: Record<LedgerKind, string> = {
  subscription_payment: 'subscription',
  refund: 'refund',
  payout: 'payout',
  payout_reversal: 'reversal',
};

/** Why a statement month is refused ('YYYY-MM', not after the current UTC month), or null. */
export function statementMonthProblem(month: string, now: Date): string | null {
  if (!STATEMENT_MONTH.test(month)) return 'A statement is for one month, written YYYY-MM.';
  if (month > now.toISOString().slice(0, 7)) return 'That month has not begun yet.';
  return null;
}

/** Minor units as a decimal with two places: 1234 → "12.34", -5 → "-0.05". */
export function minorToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A statement line as the server reads it: one posting, from the creator's side (the creator's net). */
export interface StatementCsvLine {
  id: number;
  kind: LedgerKind;
  at: string;
  currency: Currency;
  /** What the subscriber paid (a payment) or got back (a refund, negative). */
  gross_cents: number;
  fee_cents: number;
  /** What the creator's balance moved by. */
  net_cents: number;
}

export interface StatementCsvInput {
  month: string;
  totals: { currency: Currency; opening_cents: number; closing_cents: number }[];
  lines: StatementCsvLine[];
}

const dateText = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * The CSV: per currency an opening balance row (the first instant of the month), then every posting in time order
 * with its running balance in its currency, then a closing balance row per currency. Opening and closing rows carry
 * no amounts, so the gross, fee and net columns add up to the month's figures.
 */
export function statementCsv(statement: StatementCsvInput, describe: (line: StatementCsvLine) => string): string {
  const balance = new Map<Currency, number>();
  const rows: (string | number)[][] = [];
  const start = `${statement.month}-01 00:00:00`;
  for (const t of statement.totals) {
    balance.set(t.currency, t.opening_cents);
    rows.push([
      start,
      'opening balance',
      'What you were owed when the month began',
      t.currency.toUpperCase(),
      '',
      '',
      '',
      minorToDecimal(t.opening_cents),
    ]);
  }
  for (const line of statement.lines) {
    const running = (balance.get(line.currency) ?? 0) + line.net_cents;
    balance.set(line.currency, running);
    rows.push([
      dateText(line.at),
      STATEMENT_KIND[line.kind],
      describe(line),
      line.currency.toUpperCase(),
      minorToDecimal(line.gross_cents),
      minorToDecimal(line.fee_cents),
      minorToDecimal(line.net_cents),
      minorToDecimal(running),
    ]);
  }
  const last = lastInstantOf(statement.month);
  for (const [currency, cents] of balance)
    rows.push([
      last,
      'closing balance',
      'What you were owed after the month’s postings',
      currency.toUpperCase(),
      '',
      '',
      '',
      minorToDecimal(cents),
    ]);
  return csvOf(STATEMENT_CSV_HEADER, rows);
}

function lastInstantOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m, 1) - 1000);
  return dateText(end.toISOString());
}
