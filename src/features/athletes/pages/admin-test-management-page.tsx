import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CATEGORY_NAMES, MOVEMENT_NAMES } from '#domain/test-catalogue.ts';
import { toast } from '#src/lib/toast.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import {
  STATUS_NAMES,
  idFromSearch,
  useDeleteTest,
  useSetTestStatus,
  useTest,
  useTests,
  type Test,
  type TestStatus,
} from '../api/tests.ts';
import { AdminTestForm } from '../components/admin-test-form.tsx';
import { formatCount } from '#src/lib/format-count.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { QueryError, QueryState } from '#src/components/query-state.tsx';
import '../boards.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

const UNIT_SHORT: Record<Test['unit'], string> = {
  kg: 'kg',
  reps: 'reps',
  seconds: 'time',
  meters: 'distance',
  calories: 'calories',
  points: 'points',
};

/** The status moves offered from each status. */
const MOVES: Record<TestStatus, { to: TestStatus; label: string }[]> = {
  draft: [{ to: 'active', label: 'Publish' }],
  active: [
    { to: 'retired', label: 'Retire' },
    { to: 'draft', label: 'Back to draft' },
  ],
  retired: [
    { to: 'active', label: 'Publish again' },
    { to: 'draft', label: 'Back to draft' },
  ],
};

function StatusBadge({ status }: { status: TestStatus }) {
  return <span className={`adm-status adm-status-${status}`}>{STATUS_NAMES[status]}</span>;
}

function TestRow({ test, onEdit }: { test: Test; onEdit: () => void }) {
  const setStatus = useSetTestStatus();
  const del = useDeleteTest();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <tr>
      <th scope="row">
        <Link href={`/test-deep-dive-page?id=${test.id}`}>{test.name}</Link>
        <div className="hint">
          {CATEGORY_NAMES[test.category]} · {MOVEMENT_NAMES[test.movement]}
        </div>
      </th>
      <td>
        {UNIT_SHORT[test.unit]}, {test.direction === 'lower' ? 'lower' : 'higher'} is better
        <div className="hint">
          {test.standards.length} {test.standards.length === 1 ? 'standard' : 'standards'}
        </div>
      </td>
      <td>
        <StatusBadge status={test.status} />
      </td>
      <td className="num">{formatCount(test.athletes_count)}</td>
      <td className="num">
        {test.pending_count > 0 ? <Link href="/admin-test-approval-page">{formatCount(test.pending_count)}</Link> : 0}
      </td>
      <td className="adm-catalogue-actions">
        <div className="adm-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={onEdit} aria-label={`Edit ${test.name}`}>
            Edit
          </button>
          {MOVES[test.status].map((move) => (
            <button
              key={move.to}
              type="button"
              className="btn btn-secondary btn-small"
              disabled={setStatus.isPending}
              aria-label={`${move.label}: ${test.name}`}
              onClick={() =>
                setStatus.mutate(
                  { id: test.id, status: move.to },
                  {
                    onSuccess: (t) => toast({ title: `“${t.name}” is now ${STATUS_NAMES[t.status].toLowerCase()}.`, variant: 'success' }),
                    onError: (err) => toast({ title: err.message, variant: 'error' }),
                  },
                )
              }
            >
              {move.label}
            </button>
          ))}
          {!confirming ? (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={`Delete ${test.name}`}
              onClick={() => {
                setProblem(null);
                setConfirming(true);
              }}
            >
              Delete…
            </button>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-primary btn-small"
                disabled={del.isPending}
                onClick={() =>
                  del.mutate(test.id, {
                    onSuccess: () => toast({ title: `Deleted “${test.name}”.`, variant: 'success' }),
                    onError: (err) => {
                      setProblem(err.message);
                      setConfirming(false);
                    },
                  })
                }
              >
                Delete “{test.name}” for good
              </button>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          )}
        </div>
        {test.athletes_count > 0 && confirming && <p className="hint">Tests with results cannot be deleted; retire it instead.</p>}
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}

function Catalogue({ onEdit, onCreate }: { onEdit: (id: number) => void; onCreate: () => void }) {
  // ?status=draft&q=row: the catalogue's filters are in the address.
  const [{ status, q: searchText }, setState] = useQueryState({
    status: param.optional(Object.keys(STATUS_NAMES) as TestStatus[]),
    q: param.string(),
  });
  const setStatus = (next: TestStatus | null) => setState({ status: next }, { replace: false });
  const setSearchText = (q: string) => setState({ q });
  const search = useDebounced(searchText, 300);
  const tests = useTests({ status: status ?? undefined, search });
  return (
    <>
      <div className="ranking-head">
        <h2>Catalogue</h2>
        <button type="button" className="btn btn-primary" onClick={onCreate}>
          New test
        </button>
      </div>
      <form className="filters" role="search" aria-label="Filter the catalogue" onSubmit={(e) => e.preventDefault()}>
        <EnumSelect<TestStatus>
          id="tm-status"
          label="Status"
          anyLabel="Every status"
          options={STATUS_NAMES}
          value={status}
          onChange={setStatus}
        />
        <div className="field grow">
          <label htmlFor="tm-search">Search by name</label>
          <input id="tm-search" type="search" value={searchText} maxLength={120} onChange={(e) => setSearchText(e.target.value)} />
        </div>
      </form>
      <div aria-busy={tests.isFetching}>
        <QueryState
          query={tests}
          loading="Loading the tests…"
          empty={status || search.trim() ? 'No tests match.' : 'The catalogue is empty: add the first test.'}
        >
          {({ items }) => (
            <div className="ranking-wrap">
              <table className="ranking">
                <caption className="visually-hidden">Tests in the catalogue</caption>
                <thead>
                  <tr>
                    <th scope="col">Test</th>
                    <th scope="col">Measured</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Athletes
                    </th>
                    <th scope="col" className="num">
                      Pending
                    </th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((t) => (
                    <TestRow key={t.id} test={t} onEdit={() => onEdit(t.id)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}

function EditTest({ id, onDone }: { id: number; onDone: () => void }) {
  const test = useTest(id);
  if (test.isPending) return <LoadingSkeleton label="Loading the test…" />;
  if (test.isError) {
    return (
      <>
        <QueryError error={test.error} onRetry={test.refetch} retrying={test.isFetching} />
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Back to the catalogue
        </button>
      </>
    );
  }
  return <AdminTestForm key={test.data.updated_at} existing={test.data} onDone={onDone} />;
}

export default function AdminTestManagementPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // ?edit=ID or ?edit=new, so a reload stays on the form.
  const editParam = new URLSearchParams(search).get('edit');
  const editId = idFromSearch(search, 'edit');
  const show = (edit: string | null) => navigate(edit ? `${location}?edit=${edit}` : location);
  return (
    <div className="container page">
      <h1>Test Management</h1>
      <p className="lead muted">
        The catalogue of standard tests: what each measures, how results are scored against its standards, and whether athletes can see it.
      </p>
      {editParam === 'new' ? (
        <AdminTestForm onDone={() => show(null)} />
      ) : editId !== null ? (
        <EditTest id={editId} onDone={() => show(null)} />
      ) : (
        <Catalogue onEdit={(id) => show(String(id))} onCreate={() => show('new')} />
      )}
    </div>
  );
}
