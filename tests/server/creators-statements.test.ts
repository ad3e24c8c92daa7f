import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { STATEMENT_CSV_HEADER } from '#domain/creator-statement.ts';
import { creatorSumsDrift } from '#server/areas/creators/index.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';

const DAY = 86_400_000;

/** RFC 4180 back into rows (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}

/** "-12.34" → -1234, exactly (no floats). */
const cents = (text: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

describe.each(databaseKinds)('creator statements as CSV on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let creator: SignedIn;
  let fan: SignedIn;
  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const statement = (month: string, who = creator) => call('GET', `/api/creators/me/statements/${month}.csv`, who);
  const TRAP = '=HYPERLINK("http://evil.test","Gold")';
  const REASON = '@SUM(1+1) the bank details do not match';

  beforeAll(async () => {
    // The clock starts on 23 November 2026: two payments in November, payouts and a payment in December.
    t = await createTestApp(kind, { adminEmails: ['boss-st@x.test'] }, { rateLimit: false });
    creator = await signIn(t, 'coach-st@x.test', undefined, 'Coach Stella');
    fan = await signIn(t, 'fan-st@x.test', undefined, 'Fan Sam');
    const other = await signIn(t, 'fan2-st@x.test', undefined, 'Fan Sue');
    const usd = await call('POST', '/api/creators/me/tiers', creator, { name: TRAP, price_cents: 4999, currency: 'usd', benefits: '' });
    const eur = await call('POST', '/api/creators/me/tiers', creator, {
      name: 'Silver, "the plain one"',
      price_cents: 1000,
      currency: 'eur',
      benefits: '',
    });
    expect([usd.statusCode, eur.statusCode]).toEqual([201, 201]);
    expect((await call('POST', '/api/creators/subscriptions', fan, { tier_id: usd.json().id })).statusCode).toBe(201);
    expect((await call('POST', '/api/creators/subscriptions', other, { tier_id: eur.json().id })).statusCode).toBe(201);
    t.clock.advance(8 * DAY); // 1 December, past the hold
    admin = await signIn(t, 'boss-st@x.test', undefined, 'Boss');
    creator = await signIn(t, 'coach-st@x.test');
    const third = await signIn(t, 'fan3-st@x.test', undefined, 'Fan Tom');
    const first = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 2000, currency: 'usd' });
    expect(first.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/creators/admin/payouts/${first.json().id}/decision`, admin, { decision: 'reject', reason: REASON }))
        .statusCode,
    ).toBe(200);
    const second = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 2000, currency: 'usd' });
    expect(
      (await call('POST', `/api/creators/admin/payouts/${second.json().id}/decision`, admin, { decision: 'approve' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/creators/subscriptions', third, { tier_id: usd.json().id })).statusCode).toBe(201);
    fan = await signIn(t, 'fan-st@x.test');
  }, 240_000);
  afterAll(async () => t.close());

  /** What the ledger's own entries say of the creator's month, per currency: gross, fee and the creator's net. */
  async function ledgerMonth(month: string) {
    const rows = await rowsOf<Record<string, string | number>>(
      t.context.database.db,
      sql`select e.currency,
            coalesce(sum(e.amount) filter (where e.account = 'subscriber_clearing' and t.kind in ('subscription_payment', 'refund')), 0) as gross,
            coalesce(sum(-e.amount) filter (where e.account = 'platform_fee_revenue'), 0) as fee,
            coalesce(sum(-e.amount) filter (where e.account = 'creator_payable'), 0) as net
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where t.creator_id = ${creator.userId} and to_char(t.posted_at at time zone 'UTC', 'YYYY-MM') = ${month}
          group by e.currency order by e.currency`,
    );
    return Object.fromEntries(
      rows.map((r) => [String(r.currency).toUpperCase(), { gross: Number(r.gross), fee: Number(r.fee), net: Number(r.net) }]),
    );
  }

  /** The CSV's sums per currency, and its opening and closing balances. */
  function csvSums(rows: string[][]) {
    const out: Record<string, { gross: number; fee: number; net: number; opening?: number; closing?: number }> = {};
    for (const [, kindText, , currency, gross, fee, net, balance] of rows.slice(1)) {
      const s = (out[currency!] ??= { gross: 0, fee: 0, net: 0 });
      if (kindText === 'opening balance') s.opening = cents(balance!);
      else if (kindText === 'closing balance') s.closing = cents(balance!);
      else {
        s.gross += cents(gross!);
        s.fee += cents(fee!);
        s.net += cents(net!);
      }
    }
    return out;
  }

  it('answers an attachment whose sums are the ledger’s, month by month, with running balances', async () => {
    const nov = await statement('2026-11');
    expect(nov.statusCode).toBe(200);
    expect(nov.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(nov.headers['content-disposition']).toBe('attachment; filename="repforge-statement-2026-11.csv"');
    const novRows = parseCsv(nov.body);
    expect(novRows[0]).toEqual(STATEMENT_CSV_HEADER);
    const dec = parseCsv((await statement('2026-12')).body);
    for (const [month, rows] of [
      ['2026-11', novRows],
      ['2026-12', dec],
    ] as const) {
      const ledger = await ledgerMonth(month);
      const fromCsv = csvSums(rows);
      expect(Object.keys(fromCsv).sort()).toEqual(['EUR', 'USD']);
      for (const [currency, s] of Object.entries(fromCsv)) {
        const l = ledger[currency] ?? { gross: 0, fee: 0, net: 0 };
        expect({ gross: s.gross, fee: s.fee, net: s.net }).toEqual(l);
        expect(s.closing).toBe(s.opening! + s.net);
      }
    }
    // November: the two payments from nothing; December opens where November closed.
    expect(csvSums(novRows)).toEqual({
      USD: { gross: 4999, fee: 499, net: 4500, opening: 0, closing: 4500 },
      EUR: { gross: 1000, fee: 100, net: 900, opening: 0, closing: 900 },
    });
    expect(csvSums(dec).USD).toMatchObject({ opening: 4500, closing: 7000 });
    expect(csvSums(dec).EUR).toMatchObject({ opening: 900, net: 0, closing: 900 });
    // December in order: payout, its reversal, the second payout, the third fan's payment; the balance runs.
    const usdLines = dec.filter((r) => r[3] === 'USD' && !r[1]!.endsWith('balance'));
    expect(usdLines.map((r) => [r[1], r[6], r[7]])).toEqual([
      ['payout', '-20.00', '25.00'],
      ['reversal', '20.00', '45.00'],
      ['payout', '-20.00', '25.00'],
      ['subscription', '45.00', '70.00'],
    ]);
    expect(usdLines[3]!.slice(4, 7)).toEqual(['49.99', '4.99', '45.00']);
    expect(usdLines[0]![2]).toMatch(/^Payout #\d+ \(Turned down\)$/);
    expect(usdLines[2]![2]).toMatch(/^Payout #\d+ \(Approved, being paid\)$/);
    // The dashboard's balance is the closing balance.
    const balances = (await call('GET', '/api/creators/me/dashboard', creator)).json().balances;
    const usd = balances.find((b: { currency: string }) => b.currency === 'usd');
    expect(usd.available_cents + usd.pending_cents).toBe(7000);
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
  });

  it('writes text a spreadsheet would run as a formula with a leading quote, and quotes commas and quotes', async () => {
    const body = (await statement('2026-11')).body;
    const rows = parseCsv(body);
    const payments = rows.filter((r) => r[1] === 'subscription');
    expect(payments.map((r) => r[2]).sort()).toEqual([`'${TRAP}`, 'Silver, "the plain one"']);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""Gold"")"`);
    expect(body).toContain('"Silver, ""the plain one"""');
    expect(body).not.toMatch(/(^|,)=HYPERLINK/m);
    const dec = parseCsv((await statement('2026-12')).body);
    const reversal = dec.find((r) => r[1] === 'reversal')!;
    expect(reversal[2]).toMatch(/^Payout #\d+ turned down: @SUM\(1\+1\)/);
    // Negative amounts are plain numbers, not guarded text.
    expect(dec.find((r) => r[1] === 'payout')![6]).toBe('-20.00');
  });

  it('refuses a malformed or future month, asks for a session, and gives someone who never earned the header alone', async () => {
    for (const month of ['2026-13', '2026-00', '2026-1', '26-11', 'november', '2027-01', '2026-12-01']) {
      const res = await statement(month);
      expect(res.statusCode, month).toBe(400);
      expect(refusal(res)).toBeTruthy();
    }
    expect(refusal(await statement('2027-01'))).toMatch(/not begun/);
    expect((await call('GET', '/api/creators/me/statements/2026-11.csv')).statusCode).toBe(401);
    const fans = await statement('2026-11', fan);
    expect(fans.statusCode).toBe(200);
    expect(parseCsv(fans.body)).toEqual([STATEMENT_CSV_HEADER]);
    // A month before anything happened: the header alone too.
    expect(parseCsv((await statement('2025-01')).body)).toEqual([STATEMENT_CSV_HEADER]);
  });
});
