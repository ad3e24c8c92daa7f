import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { Link } from 'wouter';
import { formatDate } from '#src/lib/format.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { formatMeasure, type TestUnit } from '#domain/measures.ts';
import { toast } from '#src/lib/toast.ts';
import { allRowsValid, historicalImportMachine } from '#machines/historical-import.ts';
import { useHistoricalUpload, type HistoricalUploadReport } from '../api/admin.ts';
import { useActiveTests, type Test } from '../api/tests.ts';
import { FileDropZone } from '#src/components/ui/file-drop-zone.tsx';
import '../boards.css';

/** The preview and problem tables show this many rows before "show all". */
const SHOWN_ROWS = 50;

const COLUMNS: { name: string; what: string }[] = [
  { name: 'athlete', what: 'The athlete’s name as the result was recorded. Needed when there is no email.' },
  {
    name: 'email',
    what: 'Optional. When it matches an account, the result counts for that athlete at once; otherwise it waits to be claimed.',
  },
  { name: 'test', what: 'The test’s name exactly as in the catalogue.' },
  { name: 'value', what: 'The result: 140, 72.5, or a time such as 6:45.' },
  { name: 'unit', what: 'The unit the value is in: kg or lb; reps; seconds or mm:ss; m, km or mi; calories; points.' },
  { name: 'date', what: 'The day it was achieved, as YYYY-MM-DD.' },
  { name: 'source', what: 'Where it comes from, such as the event or the gym’s records.' },
];

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A value and unit as an athlete's sheet would have them (times as mm:ss). */
function exampleEntry(test: Test): { value: string; unit: string } | null {
  const standard = test.standards.find((s) => s.anchors.length > 0);
  const anchors = standard ? [...standard.anchors].sort((a, b) => a.score - b.score) : [];
  const middle = anchors[Math.floor(anchors.length / 2)];
  if (!middle) return null;
  const unitFor: Record<TestUnit, string> = {
    kg: 'kg',
    reps: 'reps',
    seconds: 'mm:ss',
    meters: 'm',
    calories: 'calories',
    points: 'points',
  };
  const value = test.unit === 'seconds' ? formatMeasure(middle.value, 'seconds') : String(Math.round(middle.value * 100) / 100);
  return { value, unit: unitFor[test.unit] };
}

/** An example file built from the published tests, so its test names are real ones. */
function exampleCsv(tests: Test[]): string {
  const year = new Date().getFullYear() - 1;
  const lines = [COLUMNS.map((c) => c.name).join(',')];
  // One test per category first, so the example shows every kind of value (times, loads, reps).
  const byCategory = [...new Set(tests.map((t) => t.category))].map((c) => tests.filter((t) => t.category === c));
  const rounds = Math.max(0, ...byCategory.map((list) => list.length));
  const interleaved = Array.from({ length: rounds }, (_, round) => byCategory.map((list) => list[round]))
    .flat()
    .filter((t): t is Test => t !== undefined);
  interleaved.slice(0, 8).forEach((t, i) => {
    const entry = exampleEntry(t);
    if (!entry) return;
    const withAccount = i % 2 === 0;
    lines.push(
      [
        withAccount ? 'Jordan Example' : 'Sam Sample',
        withAccount ? 'jordan@example.com' : '',
        t.name,
        entry.value,
        entry.unit,
        `${year}-0${(i % 9) + 1}-15`,
        `Spring Throwdown ${year}`,
      ]
        .map(csvCell)
        .join(','),
    );
  });
  return `${lines.join('\n')}\n`;
}

function ExampleDownload() {
  const tests = useActiveTests();
  const csv = useMemo(() => (tests.data ? exampleCsv(tests.data.items) : null), [tests.data]);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!csv) return;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [csv]);
  if (tests.isPending) return <p className="hint">Preparing an example file from the published tests…</p>;
  if (tests.isError) return <p className="error-text">{tests.error.message}</p>;
  if (tests.data.items.length === 0) return <p className="hint">Publish a test first: every row must name a published test.</p>;
  return href ? (
    <p>
      <a href={href} download="historical-results-example.csv" className="btn btn-secondary btn-small">
        Download an example CSV
      </a>{' '}
      <span className="hint">Its rows name your published tests; put your own athletes, emails and results in their place.</span>
    </p>
  ) : null;
}

function Summary({ report }: { report: HistoricalUploadReport }) {
  const problems = report.total_rows - report.valid_rows;
  return (
    <dl className="adm-summary">
      <div>
        <dt>Rows</dt>
        <dd>{formatCount(report.total_rows)}</dd>
      </div>
      <div>
        <dt>Valid</dt>
        <dd>{formatCount(report.valid_rows)}</dd>
      </div>
      <div>
        <dt>With problems</dt>
        <dd>{formatCount(problems)}</dd>
      </div>
    </dl>
  );
}

function ProblemsTable({ report }: { report: HistoricalUploadReport }) {
  const [all, setAll] = useState(false);
  if (report.errors.length === 0) return null;
  const rows = all ? report.errors : report.errors.slice(0, SHOWN_ROWS);
  return (
    <section aria-labelledby="hu-problems">
      <h3 id="hu-problems">Problems to fix</h3>
      <p className="muted">Line numbers count the header as line 1. Fix these in the file and check it again.</p>
      <div className="ranking-wrap">
        <table className="ranking">
          <caption className="visually-hidden">Rows with problems</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.row}>
                <th scope="row" className="ranking-rank">
                  {e.row}
                </th>
                <td>
                  <ul className="adm-problems">
                    {e.problems.map((p, i) => (
                      <li key={i}>{p}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!all && report.errors.length > SHOWN_ROWS && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setAll(true)}>
          Show all {formatCount(report.errors.length)} rows with problems
        </button>
      )}
    </section>
  );
}

function PreviewTable({ report }: { report: HistoricalUploadReport }) {
  const [all, setAll] = useState(false);
  if (report.preview.length === 0) return null;
  const rows = all ? report.preview : report.preview.slice(0, SHOWN_ROWS);
  return (
    <section aria-labelledby="hu-preview">
      <h3 id="hu-preview">Valid rows, as they will be imported</h3>
      {report.preview.length < report.valid_rows && (
        <p className="muted">
          The first {formatCount(report.preview.length)} of {formatCount(report.valid_rows)} valid rows.
        </p>
      )}
      <div className="ranking-wrap">
        <table className="ranking">
          <caption className="visually-hidden">Preview of valid rows</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Athlete</th>
              <th scope="col">Test</th>
              <th scope="col">Result</th>
              <th scope="col">Date</th>
              <th scope="col">Source</th>
              <th scope="col">Counts for</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <th scope="row">
                  {r.athlete}
                  {r.email && <div className="hint">{r.email}</div>}
                </th>
                <td>{r.test_name}</td>
                <td className="ranking-score">{formatMeasure(r.value, r.unit, 'metric')}</td>
                <td>{formatDate(r.achieved_on)}</td>
                <td>{r.source}</td>
                <td>{r.account ? <strong>Their account, at once</strong> : <span className="muted">Waits to be claimed</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!all && report.preview.length > SHOWN_ROWS && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setAll(true)}>
          Show all {formatCount(report.preview.length)} previewed rows
        </button>
      )}
    </section>
  );
}

export default function AdminHistoricalUpload() {
  const upload = useHistoricalUpload();
  // mutateAsync is stable for the mutation's lifetime, so the actor made once may hold it.
  const flow = useFlow(
    historicalImportMachine.provide({
      actors: {
        checkCsv: fromPromise(({ input }) => upload.mutateAsync(input)),
        importCsv: fromPromise(({ input }) => upload.mutateAsync(input)),
      },
      actions: {
        notifyImported: (_, { imported }) => toast({ title: `Imported ${formatCount(imported)} results.`, variant: 'success' }),
        notifyRefused: () => toast({ title: 'Nothing was imported: some rows have problems.', variant: 'error' }),
      },
    }),
  );
  const { file, fileProblem, error } = useSelector(flow, (s) => s.context);
  // The reports are the server's, whole; the machine reads only their counts.
  const check = useSelector(flow, (s) => s.context.check) as HistoricalUploadReport | null;
  const imported = useSelector(flow, (s) => s.context.imported) as HistoricalUploadReport | null;
  const refused = useSelector(flow, (s) => s.matches('refused'));
  const checking = useSelector(flow, (s) => s.matches('checking'));
  const importing = useSelector(flow, (s) => s.matches('importing'));
  const canCheck = useSelector(flow, (s) => s.can({ type: 'import.check' }));
  const canImport = useSelector(flow, (s) => s.can({ type: 'import.import' }));
  const take = (picked: File | null) => flow.send({ type: 'import.choose', file: picked });

  const allValid = allRowsValid(check);

  return (
    <div className="container page">
      <h1>Historical Upload</h1>
      <p className="lead muted">
        Import past results from a spreadsheet. Check the file first: nothing is imported until every row is valid, and then all rows go in
        together.
      </p>

      <section aria-labelledby="hu-format" className="dive-section">
        <h2 id="hu-format">What the file needs</h2>
        <p>A .csv file (up to 20 MB) whose first line names the columns, in any order:</p>
        <dl className="dive-facts adm-columns">
          {COLUMNS.map((c) => (
            <div key={c.name} style={{ display: 'contents' }}>
              <dt>
                <code>{c.name}</code>
              </dt>
              <dd>{c.what}</dd>
            </div>
          ))}
        </dl>
        <ExampleDownload />
      </section>

      <section aria-labelledby="hu-file" className="dive-section">
        <h2 id="hu-file">Your file</h2>
        <FileDropZone
          label="Choose a CSV file"
          dropText="Drop a .csv file here, or"
          accept=".csv,text/csv"
          file={file}
          error={fileProblem}
          onFile={take}
        />
        <p className="adm-actions" style={{ marginTop: '1rem' }}>
          <button type="button" className="btn btn-primary" disabled={!canCheck} onClick={() => flow.send({ type: 'import.check' })}>
            {checking ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canImport}
            aria-describedby="hu-import-hint"
            onClick={() => flow.send({ type: 'import.import' })}
          >
            {importing
              ? 'Importing…'
              : check
                ? `Import ${formatCount(check.valid_rows)} ${check.valid_rows === 1 ? 'row' : 'rows'}`
                : 'Import rows'}
          </button>
        </p>
        <p id="hu-import-hint" className="hint">
          {imported
            ? 'This file has been imported. Choose another file to import more.'
            : check && !allValid
              ? 'Import is available once every row is valid.'
              : !check
                ? 'Check the file first; import is available once every row is valid.'
                : 'Every row is valid: ready to import.'}
        </p>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </section>

      <div aria-live="polite">
        {imported && (
          <section aria-labelledby="hu-done" className="card adm-outcome dive-section">
            <h2 id="hu-done">Imported</h2>
            <dl className="adm-summary">
              <div>
                <dt>Imported</dt>
                <dd>{formatCount(imported.imported)}</dd>
              </div>
              <div>
                <dt>Linked to accounts</dt>
                <dd>{formatCount(imported.linked)}</dd>
              </div>
              <div>
                <dt>Left for claiming</dt>
                <dd>{formatCount(imported.imported - imported.linked)}</dd>
              </div>
            </dl>
            <p className="muted">
              Linked results count on the boards now. The others wait until an athlete claims them; claims appear on{' '}
              <Link href="/admin-test-approval-page?tab=claims">Test Approval</Link>.
            </p>
          </section>
        )}
        {refused && (
          <p className="error-text" role="alert">
            The import was refused and nothing was imported: the rows below have problems.
          </p>
        )}
      </div>

      {check && !imported && (
        <section aria-labelledby="hu-check" className="dive-section">
          <h2 id="hu-check">{refused ? 'Why the import was refused' : 'Check of the file'}</h2>
          <Summary report={check} />
          {check.total_rows === 0 && <p className="empty card">The file has a header but no rows.</p>}
          {allValid && <p className="success-text">Every row is valid.</p>}
          <ProblemsTable report={check} />
          <PreviewTable report={check} />
        </section>
      )}
    </div>
  );
}
