import { Download } from 'lucide-react';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useDataExports, useRequestDataExport, type DataExport } from '../api/privacy.ts';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';

const STATUS_WORDS: Record<DataExport['status'], string> = {
  queued: 'Waiting to start',
  building: 'Being prepared',
  ready: 'Ready',
  failed: 'Could not be finished',
};

function kilobytes(bytes: number | null) {
  return bytes === null ? '' : ` (${Math.max(1, Math.round(bytes / 1024))} KB)`;
}

function ExportRow({ item }: { item: DataExport }) {
  const pending = item.status === 'queued' || item.status === 'building';
  return (
    <li>
      <span>
        Requested {formatDateTime(item.requested_at)}: <strong>{STATUS_WORDS[item.status]}</strong>
      </span>
      {pending ? <ProgressBar value={item.progress} label="Export progress" showValue className="privacy-export-progress" /> : null}
      {item.download_url ? (
        <>
          <a className="btn btn-primary btn-sm" href={item.download_url} download>
            <Download aria-hidden size={16} /> Download ZIP{kilobytes(item.size_bytes)}
          </a>
          {item.expires_at ? <span className="muted">The link works until {formatDateTime(item.expires_at)}.</span> : null}
        </>
      ) : item.status === 'ready' ? (
        <span className="muted">The download link has expired.</span>
      ) : item.status === 'failed' ? (
        <span className="muted">
          Something went wrong while we prepared this copy. It does not count as today’s export: ask for a new one.
        </span>
      ) : null}
    </li>
  );
}

/** Ask for a copy of everything held about the athlete, watch it being built, download it. */
export function DataExportPanel() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const nextAt = exports.data?.next_export_at;
  const mayAsk = !!nextAt && new Date(nextAt).getTime() <= Date.now() + 1000;
  return (
    <Card title="Download your data" titleAs="h2">
      <div className="privacy-section-body">
        <p>
          A ZIP file with one JSON file per area (account, profile, records, challenges, achievements, timeline, feedback and more). We
          prepare it in the background and email you the link too. The link works for seven days. You can ask once a day.
        </p>
        <div className="privacy-actions">
          <Button variant="primary" loading={request.isPending} disabled={!mayAsk} onClick={() => request.mutate()}>
            Request my data
          </Button>
        </div>
        {!mayAsk && nextAt ? <p className="muted">You can ask for another copy after {formatDateTime(nextAt)}.</p> : null}
        {request.error ? (
          <p className="error-text" role="alert">
            {request.error.message}
          </p>
        ) : null}
        <QueryState query={exports} loading="Loading your exports…">
          {(data) =>
            data.exports.length === 0 ? (
              <p className="muted">You have not asked for a copy of your data yet.</p>
            ) : (
              <ul className="privacy-export-list" aria-label="Your data exports" aria-live="polite">
                {data.exports.map((item) => (
                  <ExportRow key={item.id} item={item} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </Card>
  );
}
