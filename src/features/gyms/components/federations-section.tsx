import { useState } from 'react';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { useDeleteFederation, useFederations, type Federation } from '../api/sports-network.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FederationDialog } from './federation-dialog.tsx';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Federations: the bodies that group leagues. */
export function FederationsSection() {
  const federations = useFederations();
  const [editing, setEditing] = useState<Federation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Federation | null>(null);
  const remove = useDeleteFederation();
  return (
    <section aria-labelledby="federations-title">
      <div className="network-head">
        <h2 id="federations-title">Federations</h2>
        <Button variant="primary" onClick={() => setEditing('new')}>
          Add a federation
        </Button>
      </div>
      <p className="muted">A federation groups leagues, for example a country’s or a region’s.</p>
      <QueryState query={federations} loading="Loading the federations…">
        {(data) => (
          <DataTable
            stackOnPhone
            caption="Federations"
            className="ui-table"
            rows={data.items}
            rowKey={(f) => f.id}
            empty="No federations yet. Add the first one."
            columns={[
              { id: 'name', header: 'Federation', rowHeader: true, cell: (f) => f.name },
              { id: 'region', header: 'Country or region', cell: (f) => f.region || '—' },
              { id: 'leagues', header: 'Leagues', cell: (f) => f.league_count },
              {
                id: 'actions',
                header: 'Actions',
                headerHidden: true,
                cell: (f) => (
                  <div className="gym-admin-actions">
                    <Button size="sm" aria-label={`Edit ${f.name}`} onClick={() => setEditing(f)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
                      Delete
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {editing ? <FederationDialog federation={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete federation"
          pending={remove.isPending}
          error={remove.error?.message}
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast({ title: `${deleting.name} is deleted.`, variant: 'success' });
                setDeleting(null);
              },
            })
          }
        >
          Its {plural(deleting.league_count, 'league')} stay, without a federation.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
