import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '#domain/csv.ts';
import { minorToDecimal, statementCsv, statementMonthProblem, type StatementCsvLine } from '#domain/creator-statement.ts';

describe('creator statements as CSV (pure)', () => {
  it('writes minor units as exact decimals', () => {
    expect([0, 5, -5, 1234, -2000, 100, 999_999_999].map(minorToDecimal)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '12.34',
      '-20.00',
      '1.00',
      '9999999.99',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const text = minorToDecimal(n);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(n);
      }),
    );
  });

  it('guards formulas but leaves plain numbers alone', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-20.00')).toBe('-20.00');
    // A signed plain number runs nothing in a spreadsheet: it stays a number (fast-check found "+0", 4 Dec).
    expect(csvCell('+0')).toBe('+0');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(/^[-=+@]/.test(csvCell(s).replace(/^"/, '')) && !/^[+-]?\d+(\.\d+)?$/.test(s)).toBe(false);
      }),
    );
  });

  it('refuses malformed months and months that have not begun', () => {
    const now = new Date('2026-12-31T23:59:59Z');
    expect(statementMonthProblem('2026-12', now)).toBeNull();
    expect(statementMonthProblem('1999-01', now)).toBeNull();
    expect(statementMonthProblem('2027-01', now)).toMatch(/not begun/);
    for (const bad of ['2026-13', '2026-00', '2026-1', '', '2026-12-01', ' 2026-12'])
      expect(statementMonthProblem(bad, now)).toMatch(/YYYY-MM/);
  });

  it('runs the balance per currency from the opening one to the closing one', () => {
    const lines: StatementCsvLine[] = [
      {
        id: 1,
        kind: 'subscription_payment',
        at: '2026-11-02T10:00:00.000Z',
        currency: 'usd',
        gross_cents: 999,
        fee_cents: 99,
        net_cents: 900,
      },
      {
        id: 2,
        kind: 'subscription_payment',
        at: '2026-11-03T10:00:00.000Z',
        currency: 'eur',
        gross_cents: 500,
        fee_cents: 50,
        net_cents: 450,
      },
      { id: 3, kind: 'refund', at: '2026-11-04T10:00:00.000Z', currency: 'usd', gross_cents: -999, fee_cents: -99, net_cents: -900 },
    ];
    const csv = statementCsv(
      {
        month: '2026-11',
        totals: [
          { currency: 'eur', opening_cents: 0, closing_cents: 450 },
          { currency: 'usd', opening_cents: 2500, closing_cents: 2500 },
        ],
        lines,
      },
      (l) => `line ${l.id}`,
    );
    expect(csv.split('\r\n')).toEqual([
      'date (UTC),kind,description,currency,gross,fee,net,balance',
      '2026-11-01 00:00:00,opening balance,What you were owed when the month began,EUR,,,,0.00',
      '2026-11-01 00:00:00,opening balance,What you were owed when the month began,USD,,,,25.00',
      '2026-11-02 10:00:00,subscription,line 1,USD,9.99,0.99,9.00,34.00',
      '2026-11-03 10:00:00,subscription,line 2,EUR,5.00,0.50,4.50,4.50',
      '2026-11-04 10:00:00,refund,line 3,USD,-9.99,-0.99,-9.00,25.00',
      '2026-11-30 23:59:59,closing balance,What you were owed after the month’s postings,EUR,,,,4.50',
      '2026-11-30 23:59:59,closing balance,What you were owed after the month’s postings,USD,,,,25.00',
      '',
    ]);
  });
});
