import { useState } from 'react';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { gymHref } from '#src/lib/links.ts';
import { toast } from '#src/lib/toast.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { MANAGE_PAGE_SIZE, useGymsToManage, useSetGymVerified, type GymManageRow } from '../api/gyms.ts';
import { EditGymDialog } from './edit-gym-dialog.tsx';
import { MergeGymDialog } from './merge-gym-dialog.tsx';

type Status = 'unverified' | 'verified';
const STATUS_OPTIONS = [
  { value: 'unverified' as const, label: 'Not verified' },
  { value: 'verified' as const, label: 'Verified' },
];

function VerifyButton({ gym }: { gym: GymManageRow }) {
  const set = useSetGymVerified();
  return (
    <Button
      size="sm"
      variant={gym.verified ? 'secondary' : 'primary'}
      loading={set.isPending}
      aria-label={`${gym.verified ? 'Unverify' : 'Verify'} ${gym.name}`}
      onClick={() =>
        set.mutate(
          { gymId: gym.id, verified: !gym.verified },
          {
            onSuccess: (saved) =>
              toast({ title: `${saved.name} is ${saved.verified ? 'verified' : 'no longer verified'}.`, variant: 'success' }),
            onError: (err) => toast({ title: err.message, variant: 'error' }),
          },
        )
      }
    >
      {gym.verified ? 'Unverify' : 'Verify'}
    </Button>
  );
}

/** The gyms athletes and teams belong to: verify the real ones, merge duplicates. */
export function GymsSection() {
  const [{ status, page }, setState] = useQueryState({
    status: param.optional<Status>(['unverified', 'verified']),
    page: param.int(1, 1, 10000),
  });
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const gyms = useGymsToManage({ verified: status === null ? undefined : status === 'verified', q, page });
  const [merging, setMerging] = useState<GymManageRow | null>(null);
  const [editing, setEditing] = useState<GymManageRow | null>(null);
  return (
    <section aria-labelledby="gyms-title">
      <h2 id="gyms-title">Gyms</h2>
      <p className="muted">The gyms athletes and teams belong to: verify the real ones and merge duplicates into the gym that stays.</p>
      <div className="gym-admin-filters">
        <Select<Status>
          id="gym-status"
          label="Status"
          noneLabel="All gyms"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(v) => setState({ status: v, page: 1 })}
        />
        <TextInput
          label="Name starts with"
          type="search"
          maxLength={60}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (page !== 1) setState({ page: 1 });
          }}
        />
      </div>
      <QueryState query={gyms} loading="Loading the gyms…">
        {(data) => (
          <>
            <DataTable
              stackOnPhone
              caption="Gyms"
              className="ui-table"
              rows={data.items}
              rowKey={(g) => g.id}
              empty={q || status ? 'No gym matches these filters.' : 'No gyms are listed yet.'}
              columns={[
                {
                  id: 'name',
                  header: 'Gym',
                  rowHeader: true,
                  cell: (g) => <AppLink href={gymHref(g.id)}>{g.name}</AppLink>,
                },
                { id: 'place', header: 'Place', cell: (g) => [g.city, g.country].filter(Boolean).join(', ') || '—' },
                { id: 'athletes', header: 'Athletes', cell: (g) => g.athlete_count },
                { id: 'teams', header: 'Teams', cell: (g) => g.team_count },
                {
                  id: 'status',
                  header: 'Status',
                  cell: (g) => (g.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>),
                },
                {
                  id: 'actions',
                  header: 'Actions',
                  headerHidden: true,
                  cell: (g) => (
                    <div className="gym-admin-actions">
                      <VerifyButton gym={g} />
                      <Button size="sm" aria-label={`Edit ${g.name}`} onClick={() => setEditing(g)}>
                        Edit…
                      </Button>
                      <Button size="sm" aria-label={`Merge ${g.name} into another gym`} onClick={() => setMerging(g)}>
                        Merge…
                      </Button>
                    </div>
                  ),
                },
              ]}
            />
            {data.total > MANAGE_PAGE_SIZE ? (
              <PaginationByPage
                page={page}
                shown={data.items.length}
                total={data.total}
                pageSize={MANAGE_PAGE_SIZE}
                onPage={(p) => setState({ page: p })}
                label="Gym pages"
              />
            ) : null}
          </>
        )}
      </QueryState>
      {merging ? <MergeGymDialog gym={merging} onClose={() => setMerging(null)} /> : null}
      {editing ? <EditGymDialog gym={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
