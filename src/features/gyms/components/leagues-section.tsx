import { useState } from 'react';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useLeagues } from '../api/sports-network.ts';
import { LeagueDetailView } from './league-detail.tsx';
import { LeagueDialog } from './league-dialog.tsx';

/** Leagues: the list, or one league when `leagueId` is set (it lives in the address). */
export function LeaguesSection({ leagueId, onOpen }: { leagueId: number; onOpen: (id: number) => void }) {
  const leagues = useLeagues();
  const [adding, setAdding] = useState(false);
  if (leagueId > 0) return <LeagueDetailView leagueId={leagueId} onBack={() => onOpen(0)} />;
  return (
    <section aria-labelledby="leagues-title">
      <div className="network-head">
        <h2 id="leagues-title">Leagues</h2>
        <Button variant="primary" onClick={() => setAdding(true)}>
          Add a league
        </Button>
      </div>
      <p className="muted">A league groups member gyms and the events of its season; its season table ranks the gyms.</p>
      <QueryState query={leagues} loading="Loading the leagues…">
        {(data) => (
          <DataTable
            stackOnPhone
            caption="Leagues"
            className="ui-table"
            rows={data.items}
            rowKey={(l) => l.id}
            empty="No leagues yet. Add the first one."
            columns={[
              {
                id: 'name',
                header: 'League',
                rowHeader: true,
                cell: (l) => (
                  <a
                    href={`?section=leagues&league=${l.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onOpen(l.id);
                    }}
                  >
                    {l.name}
                  </a>
                ),
              },
              { id: 'federation', header: 'Federation', cell: (l) => l.federation?.name ?? '—' },
              { id: 'season', header: 'Season', cell: (l) => l.season_name },
              { id: 'gyms', header: 'Gyms', cell: (l) => l.gym_count },
              { id: 'events', header: 'Events', cell: (l) => l.event_count },
            ]}
          />
        )}
      </QueryState>
      {adding ? <LeagueDialog league={null} onClose={() => setAdding(false)} onSaved={(d) => onOpen(d.league.id)} /> : null}
    </section>
  );
}
