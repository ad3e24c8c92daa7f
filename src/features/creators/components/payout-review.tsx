import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { profileHref } from '#src/lib/links.ts';
import { payoutReviewMachine } from '#machines/payout-review.ts';
import { PAYOUT_REASON_MAX, PAYOUT_STATUS_LABELS, type PayoutStatus } from '#domain/creators.ts';
import { formatMoney } from '#domain/ledger.ts';
import { useDecidePayout, usePayoutsForReview, type ReviewedPayout } from '../api/creators.ts';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });
const TONES: Record<PayoutStatus, 'info' | 'warning' | 'success' | 'danger'> = {
  requested: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <Badge tone={TONES[status]}>{PAYOUT_STATUS_LABELS[status]}</Badge>;
}

/** One payout waiting for an administrator: approve, mark paid, or turn down with a reason. */
function ReviewRow({ payout }: { payout: ReviewedPayout }) {
  const decide = useDecidePayout(payout.id);
  const flow = useFlow(
    payoutReviewMachine.provide({
      actors: {
        decide: fromPromise(async ({ input }) => ({ status: (await decide.mutateAsync(input)).status })),
      },
    }),
    { input: { status: payout.status } },
  );
  const state = useSelector(flow, (s) => s);
  const busy = state.hasTag('busy');
  const amount = formatMoney(payout.amount_cents, payout.currency);
  const who = payout.creator.display_name;
  const reasonId = `payout-reason-${payout.id}`;
  return (
    <li className="card creators-review">
      <p>
        <strong>{amount}</strong> for <AppLink href={profileHref(payout.creator.wp_user_id)}>{who}</AppLink>, requested{' '}
        {dateText(payout.requested_at)} <PayoutStatusBadge status={state.context.status} />
      </p>
      {state.context.problem ? (
        <p className="error-text" role="alert">
          {state.context.problem}
        </p>
      ) : null}
      {state.matches('rejecting') || state.matches('sendingRejection') ? (
        <form
          className="creators-form"
          aria-label={`Turn down ${who}'s payout of ${amount}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            flow.send({ type: 'review.confirmReject' });
          }}
        >
          <label htmlFor={reasonId}>Why (the creator reads it)</label>
          <textarea
            id={reasonId}
            className="input"
            rows={2}
            maxLength={PAYOUT_REASON_MAX + 50}
            value={state.context.reason}
            onChange={(e) => flow.send({ type: 'review.type', text: e.target.value })}
          />
          <div className="creators-actions">
            <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
              {busy ? 'Turning down…' : 'Turn down and return the money'}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={busy}
              onClick={() => flow.send({ type: 'review.cancel' })}
            >
              Keep it
            </button>
          </div>
        </form>
      ) : state.context.status === 'requested' || state.context.status === 'approved' ? (
        <div className="creators-actions">
          {state.context.status === 'requested' ? (
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={busy}
              onClick={() => flow.send({ type: 'review.approve' })}
            >
              {state.matches('approving') ? 'Approving…' : `Approve ${amount} for ${who}`}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={busy}
              onClick={() => flow.send({ type: 'review.markPaid' })}
            >
              {state.matches('markingPaid') ? 'Saving…' : `Mark ${amount} for ${who} paid`}
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() => flow.send({ type: 'review.startReject' })}
          >
            Turn down
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** Administrators' queue of payouts (requested and approved), shown on the creator dashboard to them only. */
export function PayoutReview() {
  const queue = usePayoutsForReview('open');
  return (
    <section aria-labelledby="payout-review">
      <h2 id="payout-review">Payouts to review</h2>
      <p className="muted">
        Approve a payout once the creator’s details check out, then mark it paid when the transfer went out. Turning one down returns the
        money to the creator’s available balance.
      </p>
      <QueryState query={queue} loading="Loading the payouts to review…" empty="No payout is waiting for a decision.">
        {(data) => (
          <ul className="creators-list" aria-label="Payouts waiting for a decision">
            {data.items.map((p) => (
              <ReviewRow key={p.id} payout={p} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
