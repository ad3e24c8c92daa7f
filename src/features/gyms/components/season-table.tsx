import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { gymHref } from '#src/lib/links.ts';
import { SEASON_RULES_TEXT } from '#domain/sports-network.ts';
import { useLeagueSeason, type SeasonRow } from '../api/sports-network.ts';

/** A league's season table: each member gym's points per event and in total, best first. */
export function SeasonTableView({ leagueId }: { leagueId: number }) {
  const season = useLeagueSeason(leagueId);
  return (
    <section aria-labelledby="season-title">
      <h3 id="season-title">Season table</h3>
      <QueryState query={season} loading="Working out the season table…">
        {(data) => (
          <>
            <DataTable<SeasonRow>
              stackOnPhone
              caption={`${data.league.name} season table`}
              className="ui-table"
              rows={data.items}
              rowKey={(r) => r.gym.id}
              empty="Add member gyms to see the season table."
              columns={[
                { id: 'place', header: 'Place', cell: (r) => r.place },
                { id: 'gym', header: 'Gym', rowHeader: true, cell: (r) => <AppLink href={gymHref(r.gym.id)}>{r.gym.name}</AppLink> },
                ...data.events.map((e, i) => ({ id: `e${e.id}`, header: e.name, cell: (r: SeasonRow) => r.scores[i] ?? 0 })),
                { id: 'total', header: 'Points', cell: (r) => <strong>{r.total}</strong> },
              ]}
            />
            {data.items.length > 0 && data.events.length === 0 ? (
              <p className="muted">Add events to the league to score its season.</p>
            ) : null}
            <details className="network-rules">
              <summary>How the season is scored</summary>
              <ul>
                {SEASON_RULES_TEXT.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          </>
        )}
      </QueryState>
    </section>
  );
}
