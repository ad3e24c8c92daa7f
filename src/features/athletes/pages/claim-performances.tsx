import { useId, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { CLAIM_MESSAGE_MAX } from '#domain/constants.ts';
import { claimsMachine, type ClaimRequest } from '#machines/claims.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { formatMeasure } from '#domain/measures.ts';
import { toast } from '#src/lib/toast.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useViewerUnits, type Units } from '../api/profile.ts';
import {
  CLAIM_PAGE_SIZE,
  useClaimableResults,
  useCreateClaims,
  useMyClaims,
  type Claim,
  type ClaimableResult,
  type ClaimStatus,
} from '../api/records.ts';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import '../athletes.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };

function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  return <span className={`ath-chip record-status-${status}`}>{CLAIM_STATUS_LABELS[status]}</span>;
}

const describeResult = (r: ClaimableResult, units: Units) =>
  `${r.test_name} ${formatMeasure(r.value, r.unit, units)} on ${formatDate(r.achieved_on)}`;

function Search({ units }: { units: Units }) {
  const id = useId();
  // ?name=…&page=2: the search and its page are in the address (Back returns to the previous page).
  const [{ name, page }, setState] = useQueryState({ name: param.string(), page: param.int(1, 1, 100_000) });
  const offset = (page - 1) * CLAIM_PAGE_SIZE;
  const setOffset = (next: number) => setState({ page: Math.floor(next / CLAIM_PAGE_SIZE) + 1 }, { replace: false });
  const settled = useDebounced(name, 350);
  const results = useClaimableResults(settled, offset);
  const claim = useCreateClaims();
  const mutateAsync = useRef(claim.mutateAsync);
  mutateAsync.current = claim.mutateAsync;
  const searching = settled.trim().length >= 2;
  const actor = useFlow(
    claimsMachine.provide({
      actors: { createClaims: fromPromise<{ items: unknown[] }, ClaimRequest>(({ input }) => mutateAsync.current(input)) },
      actions: {
        notifySent: (_, { count }) =>
          toast({
            title: `${count === 1 ? 'Claim sent' : `${count} claims sent`}. A reviewer will check ${count === 1 ? 'it' : 'them'}.`,
            variant: 'success',
          }),
      },
    }),
    { input: {} },
  );
  // The machine keeps the ticked results as they were given: whole ClaimableResults.
  const picks = useSelector(actor, (s) => s.context.selected) as ClaimableResult[];
  const selected = new Map(picks.map((r) => [r.id, r]));
  const message = useSelector(actor, (s) => s.context.message);
  const problem = useSelector(actor, (s) => s.context.problem);
  const pending = useSelector(actor, (s) => s.hasTag('busy'));

  const toggle = (r: ClaimableResult, on: boolean) => actor.send({ type: 'claims.toggle', result: r, on });

  const claimable = results.data?.items.filter((r) => r.my_claim === null) ?? [];
  const allOnPage = claimable.length > 0 && claimable.every((r) => selected.has(r.id));
  const matchColumns: Column<ClaimableResult>[] = [
    {
      id: 'check',
      header: (
        <Checkbox
          hideLabel
          label="Select every unclaimed result on this page"
          checked={allOnPage}
          disabled={claimable.length === 0}
          onChange={(on) => claimable.forEach((r) => toggle(r, on))}
        />
      ),
      className: 'claim-check',
      cell: (r) =>
        r.my_claim === null ? (
          <Checkbox
            hideLabel
            id={`${id}-r${r.id}`}
            checked={selected.has(r.id)}
            onChange={(on) => toggle(r, on)}
            label={`Select ${r.athlete_name}: ${describeResult(r, units)}`}
          />
        ) : (
          <ClaimStatusChip status={r.my_claim} />
        ),
    },
    { id: 'athlete', header: 'Athlete', rowHeader: true, cell: (r) => r.athlete_name },
    { id: 'test', header: 'Test', cell: (r) => r.test_name },
    { id: 'result', header: 'Result', className: 'ath-num', headerClassName: '', cell: (r) => formatMeasure(r.value, r.unit, units) },
    { id: 'date', header: 'Date', className: 'ath-date', headerClassName: '', cell: (r) => formatDate(r.achieved_on) },
    { id: 'source', header: 'Source', cell: (r) => r.source },
  ];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'claims.submit' });
  };

  let list;
  if (!searching) {
    list = <p className="hint">Type at least 2 letters of the name as it appears in the results.</p>;
  } else if (results.isPending) {
    list = <p role="status">Searching…</p>;
  } else if (results.isError) {
    list = (
      <p className="error-text" role="alert">
        {results.error.message}
      </p>
    );
  } else if (results.data.items.length === 0) {
    list = <p className="empty card">No unclaimed results match “{settled.trim()}”. Try another spelling, or just the family name.</p>;
  } else {
    const d = results.data;
    list = (
      <>
        <p className="hint" aria-live="polite">
          {d.total === 1 ? '1 result matches' : `${d.total} results match`}
          {d.total > CLAIM_PAGE_SIZE ? `; showing ${offset + 1}–${Math.min(offset + CLAIM_PAGE_SIZE, d.total)}` : ''}.
        </p>
        <DataTable
          className="ath-table claim-table"
          minWidth="34rem"
          caption={`Unclaimed results matching “${settled.trim()}”`}
          columns={matchColumns}
          rows={d.items}
          rowKey={(r) => r.id}
          rowClassName={(r) => (selected.has(r.id) ? 'claim-selected' : undefined)}
        />
        {d.total > CLAIM_PAGE_SIZE && (
          <p className="ath-pager">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - CLAIM_PAGE_SIZE))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={offset + CLAIM_PAGE_SIZE >= d.total}
              onClick={() => setOffset(offset + CLAIM_PAGE_SIZE)}
            >
              Next
            </button>
          </p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="claim-search-title">
      <h2 id="claim-search-title">Find your results</h2>
      <div className="field claim-name">
        <label htmlFor={`${id}-name`}>Name in the results</label>
        <input
          id={`${id}-name`}
          type="search"
          autoComplete="name"
          maxLength={120}
          value={name}
          onChange={(e) => {
            setState({ name: e.target.value, page: 1 });
          }}
          aria-describedby={`${id}-name-hint`}
        />
        <p id={`${id}-name-hint`} className="hint">
          Past results imported by the team, waiting for their athlete. Names are matched as you type.
        </p>
      </div>
      <div aria-busy={results.isFetching}>{list}</div>

      <form className="form card claim-form" onSubmit={onSubmit} noValidate>
        <p className="claim-count" aria-live="polite">
          {selected.size === 0 ? 'No results selected.' : `${selected.size} ${selected.size === 1 ? 'result' : 'results'} selected.`}
        </p>
        {selected.size > 0 && (
          <ul className="claim-chosen">
            {[...selected.values()].map((r) => (
              <li key={r.id}>
                {r.athlete_name}: {describeResult(r, units)}{' '}
                <button type="button" className="link-button" onClick={() => toggle(r, false)}>
                  Remove<span className="visually-hidden"> {describeResult(r, units)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="field">
          <label htmlFor={`${id}-message`}>Message for the reviewer (optional)</label>
          <textarea
            id={`${id}-message`}
            rows={3}
            maxLength={CLAIM_MESSAGE_MAX}
            value={message}
            onChange={(e) => actor.send({ type: 'claims.message', value: e.target.value })}
            aria-describedby={`${id}-message-hint`}
          />
          <p id={`${id}-message-hint`} className="hint">
            Anything that shows these are yours: the event, your team, a former name. {CLAIM_MESSAGE_MAX - message.length} characters left.
          </p>
        </div>
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <p className="ath-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? 'Sending…' : 'Claim selected'}
          </button>
        </p>
      </form>
    </section>
  );
}

function MyClaims({ units }: { units: Units }) {
  const claims = useMyClaims();
  let body;
  if (claims.isPending) body = <LoadingSkeleton label="Loading your claims…" />;
  else if (claims.isError) {
    body = (
      <p className="error-text" role="alert">
        {claims.error.message}
      </p>
    );
  } else if (claims.data.items.length === 0) body = <p className="empty card">You have not claimed any results yet.</p>;
  else body = <ClaimsTable items={claims.data.items} units={units} />;
  return (
    <section aria-labelledby="claim-mine-title">
      <h2 id="claim-mine-title">My claims</h2>
      {body}
    </section>
  );
}

function ClaimsTable({ items, units }: { items: Claim[]; units: Units }) {
  const columns: Column<Claim>[] = [
    {
      id: 'result',
      header: 'Result',
      rowHeader: true,
      cell: (c) => (
        <>
          {c.result.test_name} · <span className="ath-num">{formatMeasure(c.result.value, c.result.unit, units)}</span>
          <span className="ath-sub">
            {c.result.athlete_name}, {formatDate(c.result.achieved_on)} · {c.result.source}
          </span>
        </>
      ),
    },
    { id: 'claimed', header: 'Claimed', cell: (c) => formatDateTime(c.created_at) },
    { id: 'status', header: 'Status', cell: (c) => <ClaimStatusChip status={c.status} /> },
    {
      id: 'details',
      header: 'Details',
      className: 'record-details',
      headerClassName: '',
      cell: (c) => (
        <>
          {c.status === 'rejected' && (
            <p className="record-reason">
              <strong>Reason:</strong> {c.review_reason || 'No reason was given.'}
            </p>
          )}
          {c.status === 'approved' && <p>This result now counts as yours.</p>}
          {c.message && <p className="muted">Your message: “{c.message}”</p>}
          {c.reviewed_at && <p className="muted">Reviewed {formatDateTime(c.reviewed_at)}</p>}
        </>
      ),
    },
  ];
  return (
    <DataTable
      className="ath-table"
      minWidth="34rem"
      caption="Your claims, newest first"
      columns={columns}
      rows={items}
      rowKey={(c) => c.id}
    />
  );
}

export default function ClaimPerformancesPage() {
  const units = useViewerUnits();
  return (
    <div className="container page ath-page">
      <h1>Claim Performances</h1>
      <p className="lead muted">
        Results from past events may be on RepForge under your name before you joined. Find them, tick the ones that are yours and send a
        claim; once a reviewer approves it they count toward your <Link href="/personal-records-dashboard">personal records</Link> and rank.
      </p>
      <Search units={units} />
      <MyClaims units={units} />
    </div>
  );
}
