import { DataTable, type Column } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { LEGAL_TITLES } from '#domain/legal.ts';
import { useConsentHistory, type ConsentHistoryData } from '../api/legal.ts';

type Consent = ConsentHistoryData['consents'][number];

const columns: Column<Consent>[] = [
  { id: 'what', header: 'Document', cell: (c) => LEGAL_TITLES[c.kind], rowHeader: true },
  { id: 'version', header: 'Version', cell: (c) => c.version },
  { id: 'when', header: 'Accepted', cell: (c) => formatDateTime(c.accepted_at) },
];

/** Every version of the terms and privacy policy the signed-in account accepted, newest first. */
export function ConsentHistory() {
  const history = useConsentHistory();
  return (
    <QueryState
      query={history}
      loading="Loading your consent history"
      empty="You have not accepted any version of the terms or the privacy policy yet."
      isEmpty={(d) => d.consents.length === 0}
    >
      {(d) => (
        <DataTable
          caption="Terms and privacy policy versions you accepted"
          columns={columns}
          rows={d.consents}
          rowKey={(c) => `${c.kind}-${c.version}`}
          stackOnPhone
        />
      )}
    </QueryState>
  );
}
