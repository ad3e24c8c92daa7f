import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import type { BiRange, BiTable } from '#domain/business-intelligence.ts';
import { downloadCsv } from '../api/business-intelligence.ts';

/** "Download CSV" for one table of the page; a failure is said beside the button. */
export function BiCsvButton({ table, range, label }: { table: BiTable; range: BiRange; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="bi-csv">
      <Button
        size="sm"
        icon={<Download size={16} aria-hidden="true" />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadCsv(table, range)
            .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not download the table.'))
            .finally(() => setBusy(false));
        }}
      >
        Download CSV<span className="visually-hidden"> of {label}</span>
      </Button>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
