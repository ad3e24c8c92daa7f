import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { formatMoney } from '#domain/ledger.ts';
import { useArchiveTier, useCreatorDashboard, type CreatorDashboard as Dashboard } from '../api/creators.ts';
import { PayoutForm } from '../components/payout-form.tsx';
import { PayoutReview, PayoutStatusBadge } from '../components/payout-review.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { TestModeNotice } from '../components/test-mode-notice.tsx';
import { TierForm } from '../components/tier-form.tsx';
import { Campaigns } from '../components/campaigns.tsx';
import { StatementDownload } from '../components/statement-download.tsx';
import { PayoutAccount } from '../components/payout-account.tsx';
import '../creators.css';

function Figures({ d }: { d: Dashboard }) {
  const mrr = d.mrr.length ? d.mrr.map((m) => formatMoney(m.amount_cents, m.currency)).join(' · ') : formatMoney(0, 'usd');
  return (
    <ul className="creators-figures" aria-label="Your figures">
      <li className="card">
        <span className="muted">Subscribers</span>
        <strong>{d.subscribers}</strong>
      </li>
      <li className="card">
        <span className="muted">Monthly recurring revenue</span>
        <strong>{mrr}</strong>
      </li>
      {d.balances.map((b) => (
        <li key={b.currency} className="card">
          <span className="muted">Available ({b.currency.toUpperCase()})</span>
          <strong>{formatMoney(b.available_cents, b.currency)}</strong>
          <span className="muted">
            Pending {formatMoney(b.pending_cents, b.currency)} · paid out {formatMoney(b.paid_out_cents, b.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Earnings({ d }: { d: Dashboard }) {
  if (d.balances.length === 0) return <p className="empty card">No payments yet: earnings appear here when someone subscribes.</p>;
  return (
    <>
      <p className="muted">
        The platform keeps {d.fee_percent}% of each payment (rounded down to the cent). Money is pending for {d.hold_days} days after a
        payment, then available.
      </p>
      <Table label="Earnings per currency" stackOnPhone>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Paid by subscribers</th>
            <th scope="col">Platform fee</th>
            <th scope="col">Refunded</th>
            <th scope="col">Paid out</th>
          </tr>
        </thead>
        <tbody>
          {d.balances.map((b) => (
            <tr key={b.currency}>
              <th scope="row">{b.currency.toUpperCase()}</th>
              <td>
                <CellLabel>Paid by subscribers</CellLabel>
                {formatMoney(b.gross_cents, b.currency)}
              </td>
              <td>
                <CellLabel>Platform fee</CellLabel>
                {formatMoney(b.fee_cents, b.currency)}
              </td>
              <td>
                <CellLabel>Refunded</CellLabel>
                {formatMoney(b.refunded_cents, b.currency)}
              </td>
              <td>
                <CellLabel>Paid out</CellLabel>
                {formatMoney(b.paid_out_cents, b.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

function Tiers({ d }: { d: Dashboard }) {
  const archive = useArchiveTier();
  return (
    <>
      {d.tiers.length === 0 ? <p className="muted">You offer no tier yet: add one below and athletes can subscribe.</p> : null}
      <ul className="creators-list">
        {d.tiers.map((t) => (
          <li key={t.id} className="card creators-sub">
            <div className="creators-sub-head">
              <strong>{t.name}</strong>
              <span>
                {formatMoney(t.price_cents, t.currency)} a month, {t.active_subscribers} subscribed
              </span>
              {t.archived ? <Badge>Archived</Badge> : null}
            </div>
            {t.benefits ? <p className="creators-benefits muted">{t.benefits}</p> : null}
            {!t.archived ? (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={archive.isPending}
                onClick={() => archive.mutate(t.id)}
              >
                Stop offering {t.name}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {archive.error ? (
        <p className="error-text" role="alert">
          {archive.error.message}
        </p>
      ) : null}
    </>
  );
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

/** /creator-dashboard: subscribers, MRR and earnings from the ledger, tiers, and payout requests. */
export default function CreatorDashboard() {
  const dashboard = useCreatorDashboard();
  const { isAdmin } = useSessionView();
  return (
    <div className="container page creators-page">
      <h1>Creator Dashboard</h1>
      <QueryState query={dashboard} loading="Loading your creator dashboard…">
        {(d) => (
          <>
            <TestModeNotice provider={d.provider} />
            <Figures d={d} />
            <section aria-labelledby="earnings">
              <h2 id="earnings">Earnings</h2>
              <Earnings d={d} />
              <StatementDownload />
            </section>
            <section aria-labelledby="payouts">
              <h2 id="payouts">Payouts</h2>
              <PayoutAccount via={d.payouts_via} connected={d.payout_account} status={d.payout_account_status} />
              {d.balances
                .filter((b) => b.available_cents >= d.payout_min_cents)
                .map((b) => (
                  <PayoutForm key={b.currency} currency={b.currency} availableCents={b.available_cents} minCents={d.payout_min_cents} />
                ))}
              {d.balances.every((b) => b.available_cents < d.payout_min_cents) ? (
                <p className="muted">
                  A payout needs at least {formatMoney(d.payout_min_cents, 'usd').replace('$', '')} available in one currency.
                </p>
              ) : null}
              {d.payouts.length ? (
                <ul className="creators-list" aria-label="Requested payouts">
                  {d.payouts.map((p) => (
                    <li key={p.id} className="card">
                      {formatMoney(p.amount_cents, p.currency)} requested {dateText(p.requested_at)} <PayoutStatusBadge status={p.status} />
                      {p.status === 'paid' && p.paid_at ? <span className="muted"> · paid {dateText(p.paid_at)}</span> : null}
                      {p.status === 'rejected' && p.reason ? (
                        <p className="muted">{p.reason} The amount is back in your available balance.</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            {isAdmin ? <PayoutReview /> : null}
            <section aria-labelledby="tiers">
              <h2 id="tiers">Tiers</h2>
              <Tiers d={d} />
              <TierForm />
            </section>
            <Campaigns tiers={d.tiers} />
          </>
        )}
      </QueryState>
    </div>
  );
}
