import { QueryState } from '#src/components/query-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import type { BiRange } from '#domain/business-intelligence.ts';
import { formatMoney } from '#domain/ledger.ts';
import { useCreatorEconomy } from '../api/business-intelligence.ts';

const count = new Intl.NumberFormat('en');

/** Subscriptions now, and per currency what subscribers paid, the platform kept, refunds and payouts in the range. */
export function BiCreatorEconomy({ range }: { range: BiRange }) {
  const economy = useCreatorEconomy(range);
  return (
    <section className="card bi-section" aria-labelledby="bi-creators">
      <div className="bi-section-head">
        <h2 id="bi-creators">Creator economy</h2>
      </div>
      <QueryState query={economy} loading="Loading the creator economy…">
        {(e) => (
          <>
            <p className="muted">
              {count.format(e.active_subscriptions)} paid-up subscriptions to {count.format(e.paid_creators)} creators now;{' '}
              {count.format(e.new_subscriptions)} started in the last {e.range_days} days. Money is read from the ledger as it stands.
            </p>
            {e.currencies.length === 0 ? (
              <p className="muted">No payment, refund or payout in this range.</p>
            ) : (
              <Table label="Table of the creator economy per currency" stackOnPhone>
                <caption className="visually-hidden">Creator economy per currency, last {e.range_days} days</caption>
                <thead>
                  <tr>
                    <th scope="col">Currency</th>
                    <th scope="col">Payments</th>
                    <th scope="col">Paid by subscribers</th>
                    <th scope="col">Platform fees</th>
                    <th scope="col">Refunded</th>
                    <th scope="col">Paid out</th>
                    <th scope="col">Payouts waiting</th>
                  </tr>
                </thead>
                <tbody>
                  {e.currencies.map((c) => (
                    <tr key={c.currency}>
                      <th scope="row">{c.currency.toUpperCase()}</th>
                      <td>
                        <CellLabel>Payments</CellLabel>
                        {count.format(c.payments)}
                      </td>
                      <td>
                        <CellLabel>Paid by subscribers</CellLabel>
                        {formatMoney(c.gross_cents, c.currency)}
                      </td>
                      <td>
                        <CellLabel>Platform fees</CellLabel>
                        {formatMoney(c.fee_cents, c.currency)}
                      </td>
                      <td>
                        <CellLabel>Refunded</CellLabel>
                        {formatMoney(c.refunded_cents, c.currency)}
                      </td>
                      <td>
                        <CellLabel>Paid out</CellLabel>
                        {formatMoney(c.paid_out_cents, c.currency)}
                      </td>
                      <td>
                        <CellLabel>Payouts waiting</CellLabel>
                        {formatMoney(c.payouts_waiting_cents, c.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <p className="ops-muted">
              Payouts are reviewed on the <AppLink href="/creator-dashboard">Creator Dashboard</AppLink>.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
