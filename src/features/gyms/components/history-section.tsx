import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { Select, type SelectOption } from '#src/components/ui/select.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { HISTORY_PAGE_SIZE, useFederations, useLeagues, useNetworkChanges } from '../api/sports-network.ts';
import { describeNetworkChange } from './network-change-text.ts';

/** The filter's choices: every league, then every federation (`league-<id>`, `federation-<id>`). */
function useSubjectOptions(): SelectOption<string>[] {
  const leagues = useLeagues();
  const federations = useFederations();
  return [
    ...(leagues.data?.items ?? []).map((l) => ({ value: `league-${l.id}`, label: l.name, group: 'Leagues' })),
    ...(federations.data?.items ?? []).map((f) => ({ value: `federation-${f.id}`, label: f.name, group: 'Federations' })),
  ];
}

/** Every audited change of federations and leagues, newest first: when, who, what. */
export function HistorySection() {
  const [{ about, page }, setState] = useQueryState({
    about: param.string(''),
    page: param.int(1, 1, 4000),
  });
  const options = useSubjectOptions();
  const changes = useNetworkChanges(about, page);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <p className="muted">Every change to federations and leagues, newest first: who made it and when.</p>
      <div className="gym-admin-filters">
        <Select<string>
          id="history-about"
          label="Federation or league"
          noneLabel="All federations and leagues"
          options={options}
          value={options.some((o) => o.value === about) ? about : null}
          onChange={(v) => setState({ about: v ?? '', page: 1 }, { replace: false })}
        />
      </div>
      <QueryState query={changes} loading="Loading the history…">
        {(data) => (
          <>
            <DataTable
              stackOnPhone
              caption="Changes, newest first"
              className="ui-table"
              rows={data.items}
              rowKey={(c) => c.id}
              empty={
                about
                  ? 'No changes to this federation or league yet.'
                  : 'No changes yet. Adding a federation or a league starts the history.'
              }
              columns={[
                { id: 'what', header: 'What', rowHeader: true, cell: (c) => describeNetworkChange(c) },
                { id: 'who', header: 'Who', cell: (c) => c.actor_name ?? 'A deleted account' },
                {
                  id: 'when',
                  header: 'When',
                  cell: (c) => <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>,
                },
              ]}
            />
            {data.total > HISTORY_PAGE_SIZE ? (
              <PaginationByPage
                label="History pages"
                page={page}
                shown={data.items.length}
                total={data.total}
                pageSize={HISTORY_PAGE_SIZE}
                onPage={(p) => setState({ page: p }, { replace: false })}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
