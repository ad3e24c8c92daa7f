import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balances,
  creatorSumsOf,
  CURRENCIES,
  paymentEntries,
  payoutEntries,
  PLATFORM_FEE_PERCENT,
  postingFiguresOf,
  postingProblem,
  reversalEntries,
  splitFee,
  type Currency,
  type LedgerEntry,
  type LedgerKind,
} from '#domain/ledger.ts';
import { parsePriceText, tierProblem } from '#domain/creators.ts';

const gross = fc.integer({ min: 1, max: 10_000_000 });
const currency = fc.constantFrom(...CURRENCIES);

/** A random history of postings as the server makes them: payments, refunds of earlier payments, payouts within what is owed. */
const history = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('pay' as const), creator: fc.integer({ min: 1, max: 3 }), amount: gross, currency }),
    fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
    fc.record({
      op: fc.constant('payout' as const),
      creator: fc.integer({ min: 1, max: 3 }),
      currency,
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  ),
  { maxLength: 40 },
);

function run(
  ops: Array<
    | { op: 'pay'; creator: number; amount: number; currency: Currency }
    | { op: 'refund'; pick: number }
    | { op: 'payout'; creator: number; currency: Currency; share: number }
  >,
) {
  const postings: LedgerEntry[][] = [];
  const kinds: LedgerKind[] = [];
  const payments: { entries: LedgerEntry[]; refunded: boolean; key: string }[] = [];
  /** Creator and currency (`creator_payable:<id>:<cur>`) paid out before, then refunded: the refund may leave a debt. */
  const paidOut = new Set<string>();
  const indebted = new Set<string>();
  const payable = (key: string) => balances(postings.flat()).get(key) ?? 0;
  for (const o of ops) {
    if (o.op === 'pay') {
      const entries = paymentEntries(o.creator, o.amount, o.currency);
      postings.push(entries);
      kinds.push('subscription_payment');
      payments.push({ entries, refunded: false, key: `creator_payable:${o.creator}:${o.currency}` });
    } else if (o.op === 'refund') {
      const open = payments.filter((p) => !p.refunded);
      const p = open[o.pick % Math.max(open.length, 1)];
      if (!p) continue;
      p.refunded = true;
      if (paidOut.has(p.key)) indebted.add(p.key);
      postings.push(reversalEntries(p.entries));
      kinds.push('refund');
    } else {
      const key = `creator_payable:${o.creator}:${o.currency}`;
      const owed = -payable(key);
      const amount = Math.floor(owed * o.share);
      if (amount > 0) {
        postings.push(payoutEntries(o.creator, amount, o.currency));
        kinds.push('payout');
        paidOut.add(key);
        // A payout never takes more than is owed at that moment.
        expect(payable(key)).toBeLessThanOrEqual(0);
      }
    }
  }
  return { postings, kinds, indebted };
}

describe('the ledger (domain/ledger.ts)', () => {
  it(`fee + creator share == gross for any amount; the fee is ${PLATFORM_FEE_PERCENT}% rounded down`, () => {
    fc.assert(
      fc.property(gross, (g) => {
        const { fee, share } = splitFee(g);
        expect(fee + share).toBe(g);
        expect(fee).toBe(Math.floor((g * PLATFORM_FEE_PERCENT) / 100));
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(share).toBeGreaterThan(0);
      }),
    );
    expect(splitFee(999)).toEqual({ fee: 99, share: 900 });
    expect(splitFee(5)).toEqual({ fee: 0, share: 5 });
  });

  it('every posting balances, balances sum to zero per currency, and no creator is owed less than nothing unless a refund came after a payout', () => {
    fc.assert(
      fc.property(history, (ops) => {
        const { postings, indebted } = run(ops);
        for (const p of postings) expect(postingProblem(p)).toBeNull();
        const perCurrency = new Map<string, number>();
        for (const [key, value] of balances(postings.flat())) {
          const cur = key.split(':')[2]!;
          perCurrency.set(cur, (perCurrency.get(cur) ?? 0) + value);
          // A refund of money already paid out leaves the creator owing it: later earnings pay it back before any payout.
          if (key.startsWith('creator_payable') && !indebted.has(key)) expect(value).toBeLessThanOrEqual(0);
        }
        for (const sum of perCurrency.values()) expect(sum).toBe(0);
      }),
    );
  });

  it('the kept sums of any history equal its entries: owed is the payable balance, owed = gross − refunded − fee − paid out', () => {
    fc.assert(
      fc.property(history, (ops) => {
        const { postings, kinds } = run(ops);
        const kept = new Map<string, { gross: number; fee: number; owed: number; paidOut: number; refunded: number }>();
        const fees = new Map<string, number>();
        postings.forEach((entries, i) => {
          const creator = entries.find((e) => e.account === 'creator_payable')!.creatorId;
          for (const [cur, s] of creatorSumsOf(kinds[i]!, entries)) {
            const key = `creator_payable:${creator}:${cur}`;
            const k = kept.get(key) ?? { gross: 0, fee: 0, owed: 0, paidOut: 0, refunded: 0 };
            for (const f of ['gross', 'fee', 'owed', 'paidOut', 'refunded'] as const) k[f] += s[f];
            kept.set(key, k);
            fees.set(cur, (fees.get(cur) ?? 0) + s.fee);
          }
        });
        const all = balances(postings.flat());
        for (const [key, k] of kept) {
          expect(k.owed).toBe(0 - (all.get(key) ?? 0));
          expect(k.owed).toBe(k.gross - k.refunded - k.fee - k.paidOut);
        }
        for (const [cur, fee] of fees) expect(fee).toBe(0 - (all.get(`platform_fee_revenue::${cur}`) ?? 0));
      }),
    );
  });

  it('the figures kept on each posting of any history (payouts turned down too) equal its entries and add up to the kept sums', () => {
    fc.assert(
      fc.property(history, fc.array(fc.boolean(), { maxLength: 40 }), (ops, turnDown) => {
        const { postings, kinds } = run(ops);
        // Administrators turn down some payouts: their entries reversed exactly (a payout_reversal).
        postings.forEach((entries, i) => {
          if (kinds[i] === 'payout' && turnDown[i]) {
            postings.push(reversalEntries(entries));
            kinds.push('payout_reversal');
          }
        });
        const fromFigures = new Map<string, { gross: number; fee: number; net: number }>();
        const kept = new Map<string, { gross: number; fee: number; owed: number; refunded: number }>();
        postings.forEach((entries, i) => {
          const figures = postingFiguresOf(kinds[i]!, entries)!;
          const sum = (account: string) => entries.filter((e) => e.account === account).reduce((a, e) => a + e.amount, 0);
          expect(figures.currency).toBe(entries[0]!.currency);
          expect(figures.net).toBe(0 - sum('creator_payable'));
          expect(figures.fee).toBe(0 - sum('platform_fee_revenue'));
          const moneyIn = kinds[i] === 'subscription_payment' || kinds[i] === 'refund';
          expect(figures.gross).toBe(moneyIn ? sum('subscriber_clearing') : 0);
          // A statement line adds up: what the subscriber paid is the fee and the creator's share.
          if (moneyIn) expect(figures.gross).toBe(figures.fee + figures.net);
          const creator = entries.find((e) => e.account === 'creator_payable')!.creatorId;
          const key = `${creator}:${figures.currency}`;
          const f = fromFigures.get(key) ?? { gross: 0, fee: 0, net: 0 };
          fromFigures.set(key, { gross: f.gross + figures.gross, fee: f.fee + figures.fee, net: f.net + figures.net });
          for (const [cur, s] of creatorSumsOf(kinds[i]!, entries)) {
            const k = kept.get(`${creator}:${cur}`) ?? { gross: 0, fee: 0, owed: 0, refunded: 0 };
            kept.set(`${creator}:${cur}`, {
              gross: k.gross + s.gross,
              fee: k.fee + s.fee,
              owed: k.owed + s.owed,
              refunded: k.refunded + s.refunded,
            });
          }
        });
        // Summed over the history, the lines give the kept monthly sums (what the statement's totals read).
        for (const [key, k] of kept) expect(fromFigures.get(key)).toEqual({ gross: k.gross - k.refunded, fee: k.fee, net: k.owed });
      }),
    );
    const mixed = [
      { account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'usd' },
      { account: 'creator_payable', creatorId: 1, amount: -5, currency: 'usd' },
      { account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'eur' },
      { account: 'creator_payable', creatorId: 1, amount: -5, currency: 'eur' },
    ] as LedgerEntry[];
    expect(postingFiguresOf('subscription_payment', mixed)).toBeNull();
  });

  it('refuses postings that do not balance, split a cent or name no creator', () => {
    expect(postingProblem([{ account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'usd' }])).toMatch(/two entries/);
    expect(
      postingProblem([
        { account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'usd' },
        { account: 'creator_payable', creatorId: 1, amount: -4, currency: 'usd' },
      ]),
    ).toMatch(/sum to zero/);
    expect(
      postingProblem([
        { account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'usd' },
        { account: 'creator_payable', creatorId: 1, amount: -5, currency: 'eur' },
      ]),
    ).toMatch(/USD/);
    expect(
      postingProblem([
        { account: 'subscriber_clearing', creatorId: null, amount: 0.5, currency: 'usd' },
        { account: 'platform_fee_revenue', creatorId: null, amount: -0.5, currency: 'usd' },
      ]),
    ).toMatch(/whole/);
    expect(
      postingProblem([
        { account: 'subscriber_clearing', creatorId: null, amount: 5, currency: 'usd' },
        { account: 'creator_payable', creatorId: null, amount: -5, currency: 'usd' },
      ]),
    ).toMatch(/creator/);
  });
});

describe('tiers (domain/creators.ts)', () => {
  it('bounds names, prices and currencies', () => {
    const ok = { name: 'Gold', price_cents: 500, currency: 'usd', benefits: '' };
    expect(tierProblem(ok)).toBeNull();
    expect(tierProblem({ ...ok, price_cents: -1 })?.field).toBe('price_cents');
    expect(tierProblem({ ...ok, price_cents: 10.5 })?.field).toBe('price_cents');
    expect(tierProblem({ ...ok, price_cents: 50_001 })?.field).toBe('price_cents');
    expect(tierProblem({ ...ok, currency: 'btc' })?.field).toBe('currency');
    expect(tierProblem({ ...ok, name: ' ' })?.field).toBe('name');
  });
  it('reads typed prices into cents', () => {
    expect(parsePriceText('4.99')).toBe(499);
    expect(parsePriceText('5')).toBe(500);
    expect(parsePriceText('5,5')).toBe(550);
    expect(parsePriceText('-1')).toBeNull();
    expect(parsePriceText('1.999')).toBeNull();
  });
});
