import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { formatMeasure, isBetter } from '#domain/measures.ts';
import { toast } from '#src/lib/toast.ts';
import {
  useApproveRecord,
  useClaimsForReview,
  usePendingRecords,
  useRejectRecord,
  useReviewClaim,
  type Claim,
  type ClaimStatus,
  type PendingRecord,
} from '../api/admin.ts';
import { AdminReasonForm, REJECT_REASON_INPUT } from '#src/components/admin-reason-form.tsx';
import { useActWithReason, useReasonForm } from '#src/lib/act-with-reason.ts';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { profileHref } from '#src/lib/links.ts';
import { VideoOnDemand } from '#src/components/video-on-demand.tsx';
import { optionsFrom, Select } from '#src/components/ui/select.tsx';
import { param, useQueryState, type SetOptions } from '#src/lib/use-search-param.ts';
import '../boards.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

const PAGE_SIZE = 20;
const PUSH: SetOptions = { replace: false };
const PAGE = param.int(1, 1, 100_000);
/** ?page=2 of a queue, as an offset. */
function usePageOffset(): [number, (offset: number) => void] {
  const [{ page }, setState] = useQueryState({ page: PAGE });
  return [(page - 1) * PAGE_SIZE, (offset) => setState({ page: Math.floor(offset / PAGE_SIZE) + 1 }, PUSH)];
}
type Panel = 'records' | 'claims';

/** Links typed by athletes open only when they are http(s). */
function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

interface Outcome {
  text: string;
  newBest: boolean;
}

function RecordCard({ record, onOutcome }: { record: PendingRecord; onOutcome: (o: Outcome) => void }) {
  const approve = useApproveRecord();
  const reject = useRejectRecord();
  const converted = formatMeasure(record.value, record.unit, 'metric');
  const evidence = safeHttpUrl(record.evidence_url);
  const wouldBeBest = record.current_best === null || isBetter(record.value, record.current_best, record.direction);
  const what = `${record.athlete_name}’s ${converted} on ${record.test_name}`;
  const rejection = useActWithReason(REJECT_REASON_INPUT, {
    act: ({ reason }) => reject.mutateAsync({ id: record.id, reason }),
    onDone: () => {
      const text = `Rejected ${what}. The athlete will see your reason.`;
      onOutcome({ text, newBest: false });
      toast({ title: text, variant: 'success' });
    },
  });
  const rejecting = useReasonForm(rejection).open;
  return (
    <li className="card">
      <div className="adm-record-head">
        <div>
          <h3>
            <Link href={profileHref(record.user_id)}>{record.athlete_name}</Link> · {record.test_name}
          </h3>
          <p className="muted">
            Submitted {formatDateTime(record.submitted_at)}
            {record.source === 'historical' ? ' · historical result' : ''}
          </p>
        </div>
        {!rejecting && (
          <p className="adm-actions">
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={approve.isPending}
              onClick={() =>
                approve.mutate(record.id, {
                  onSuccess: (outcome) => {
                    const text = `Approved ${what}.`;
                    onOutcome({ text, newBest: outcome.new_best });
                    toast({
                      title: text,
                      description: outcome.new_best ? 'New best — the athlete was celebrated.' : undefined,
                      variant: 'success',
                    });
                  },
                  onError: (err) => toast({ title: err.message, variant: 'error' }),
                })
              }
            >
              {approve.isPending ? 'Approving…' : 'Approve'}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => rejection.send({ type: 'reason.open' })}>
              Reject…
            </button>
          </p>
        )}
      </div>
      <dl className="adm-record-facts">
        <div>
          <dt>As entered</dt>
          <dd>
            {record.raw_value} {record.raw_unit}
          </dd>
        </div>
        <div>
          <dt>Converted</dt>
          <dd>
            <strong>{converted}</strong>
            {record.normalized_score !== null && <span className="muted"> · {formatCount(record.normalized_score)} pts</span>}
          </dd>
        </div>
        <div>
          <dt>Current best</dt>
          <dd>
            {record.current_best === null ? 'None yet' : formatMeasure(record.current_best, record.unit, 'metric')}
            {wouldBeBest && <span className="muted"> · this would be a new best</span>}
          </dd>
        </div>
        <div>
          <dt>Achieved on</dt>
          <dd>{formatDate(record.achieved_on)}</dd>
        </div>
        <div>
          <dt>Evidence</dt>
          <dd>
            {evidence ? (
              <a href={evidence} target="_blank" rel="noopener noreferrer">
                Open the evidence<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : record.evidence_url ? (
              <span className="break">{record.evidence_url} (not a web link)</span>
            ) : (
              <span className="muted">None given</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Video</dt>
          <dd>
            {record.video ? (
              <VideoOnDemand video={record.video} label={`${record.athlete_name}'s video of ${record.test_name}`} />
            ) : (
              <span className="muted">No upload</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Qualifying for</dt>
          <dd>
            {record.challenge_id !== null ? (
              <Link href={`/challenge-detail-page?id=${record.challenge_id}`}>
                {record.challenge_title ?? `Challenge ${record.challenge_id}`}
              </Link>
            ) : (
              <span className="muted">No challenge</span>
            )}
          </dd>
        </div>
      </dl>
      {record.note && (
        <p className="pre-wrap">
          <strong>Note:</strong> {record.note}
        </p>
      )}
      {rejecting && <AdminReasonForm subject={what} actor={rejection} />}
    </li>
  );
}

function RecordsPanel() {
  const [offset, setOffset] = usePageOffset();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = usePendingRecords(offset, PAGE_SIZE);
  return (
    <section aria-labelledby="ap-records" aria-busy={pending.isFetching}>
      <h2 id="ap-records">Personal records waiting for review</h2>
      <p className="muted">Oldest first. Approving a new best moves the athlete up the boards and celebrates it on their timeline.</p>
      <div role="status">
        {outcome && (
          <p className="card adm-outcome">
            {outcome.text}
            {outcome.newBest && (
              <>
                {' '}
                <strong>New best — the athlete was celebrated.</strong>
              </>
            )}
          </p>
        )}
      </div>
      {pending.isPending ? (
        <LoadingSkeleton label="Loading the records waiting for review…" />
      ) : pending.isError ? (
        <p className="error-text" role="alert">
          {pending.error.message}
        </p>
      ) : pending.data.items.length === 0 ? (
        <p className="empty card">
          {offset > 0 ? 'Nothing more on this page.' : 'Nothing is waiting for review. New submissions will appear here.'}
        </p>
      ) : (
        <>
          <ul className="adm-stack">
            {pending.data.items.map((r) => (
              <RecordCard key={r.id} record={r} onOutcome={setOutcome} />
            ))}
          </ul>
          <Pagination
            offset={offset}
            shown={pending.data.items.length}
            total={pending.data.total}
            pageSize={PAGE_SIZE}
            onPage={setOffset}
            label="Pages of records"
          />
        </>
      )}
    </section>
  );
}

const CLAIM_STATUS_NAMES: Record<ClaimStatus, string> = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' };

function ClaimCard({ claim }: { claim: Claim }) {
  const review = useReviewClaim();
  const result = claim.result;
  const what = `${claim.claimant_name}’s claim to ${result.athlete_name}’s ${result.test_name}`;
  const approve = () =>
    review.mutate(
      { id: claim.id, decision: 'approve' },
      {
        onSuccess: () => toast({ title: `Approved ${what}: the result now counts for them.`, variant: 'success' }),
        onError: (err) => toast({ title: err.message, variant: 'error' }),
      },
    );
  const rejection = useActWithReason(REJECT_REASON_INPUT, {
    act: ({ reason }) => review.mutateAsync({ id: claim.id, decision: 'reject', reason }),
    onDone: () => toast({ title: `Rejected ${what}.`, variant: 'success' }),
  });
  const rejecting = useReasonForm(rejection).open;
  return (
    <li className="card">
      <div className="adm-record-head">
        <div>
          <h3>
            <Link href={profileHref(claim.claimant_id)}>{claim.claimant_name}</Link> claims a result of “{result.athlete_name}”
          </h3>
          <p className="muted">
            Claimed {formatDateTime(claim.created_at)} · {CLAIM_STATUS_NAMES[claim.status]}
          </p>
        </div>
        {claim.status === 'pending' && !rejecting && (
          <p className="adm-actions">
            <button type="button" className="btn btn-primary btn-small" disabled={review.isPending} onClick={approve}>
              Approve
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => rejection.send({ type: 'reason.open' })}>
              Reject…
            </button>
          </p>
        )}
      </div>
      <dl className="adm-record-facts">
        <div>
          <dt>Test</dt>
          <dd>{result.test_name}</dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>
            <strong>{formatMeasure(result.value, result.unit, 'metric')}</strong>
          </dd>
        </div>
        <div>
          <dt>Achieved on</dt>
          <dd>{formatDate(result.achieved_on)}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{result.source || <span className="muted">Not given</span>}</dd>
        </div>
      </dl>
      {claim.message && (
        <p className="pre-wrap">
          <strong>Their message:</strong> {claim.message}
        </p>
      )}
      {claim.review_reason && (
        <p className="pre-wrap">
          <strong>Reason given:</strong> {claim.review_reason}
        </p>
      )}
      {rejecting && <AdminReasonForm subject={what} actor={rejection} />}
    </li>
  );
}

function ClaimsPanel() {
  const [{ show: status }, setState] = useQueryState({
    show: param.oneOf(Object.keys(CLAIM_STATUS_NAMES) as ClaimStatus[], 'pending'),
    page: PAGE,
  });
  const [offset, setOffset] = usePageOffset();
  const claims = useClaimsForReview(status, offset, PAGE_SIZE);
  return (
    <section aria-labelledby="ap-claims" aria-busy={claims.isFetching}>
      <h2 id="ap-claims">Performance claims</h2>
      <p className="muted">
        Athletes claim historical results uploaded under their name. An approved claim makes the result theirs, oldest first.
      </p>
      <div className="filters">
        <Select<ClaimStatus>
          id="ap-claim-status"
          label="Show"
          options={optionsFrom(CLAIM_STATUS_NAMES)}
          value={status}
          onChange={(v) => setState({ show: v, page: 1 }, PUSH)}
        />
      </div>
      {claims.isPending ? (
        <LoadingSkeleton label="Loading the claims…" />
      ) : claims.isError ? (
        <p className="error-text" role="alert">
          {claims.error.message}
        </p>
      ) : claims.data.items.length === 0 ? (
        <p className="empty card">
          {status === 'pending' ? 'No claims are waiting for review.' : `No ${CLAIM_STATUS_NAMES[status].toLowerCase()} claims.`}
        </p>
      ) : (
        <>
          <ul className="adm-stack">
            {claims.data.items.map((c) => (
              <ClaimCard key={c.id} claim={c} />
            ))}
          </ul>
          <Pagination
            offset={offset}
            shown={claims.data.items.length}
            total={claims.data.total}
            pageSize={PAGE_SIZE}
            onPage={setOffset}
            label="Pages of claims"
          />
        </>
      )}
    </section>
  );
}

export default function AdminTestApprovalPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const panel: Panel = new URLSearchParams(search).get('tab') === 'claims' ? 'claims' : 'records';
  return (
    <div className="container page">
      <h1>Test Approval</h1>
      <p className="lead muted">Check submitted personal records and claims on historical results before they count on the boards.</p>
      <div className="ranking-switch" role="group" aria-label="Review queue">
        <button type="button" aria-pressed={panel === 'records'} onClick={() => navigate(location)}>
          Personal records
        </button>
        <button type="button" aria-pressed={panel === 'claims'} onClick={() => navigate(`${location}?tab=claims`)}>
          Claims
        </button>
      </div>
      {panel === 'records' ? <RecordsPanel /> : <ClaimsPanel />}
    </div>
  );
}
