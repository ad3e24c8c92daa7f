import { useState, type FormEvent } from 'react';
import { GymPicker } from '#src/components/gym-picker.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { gymHref } from '#src/lib/links.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteLeague, useEventChoices, useLeague, useLeagueEvent, useLeagueGym, type LeagueDetail } from '../api/sports-network.ts';
import type { GymSummary } from '../api/gyms.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LeagueDialog } from './league-dialog.tsx';
import { SeasonTableView } from './season-table.tsx';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

function MemberGyms({ detail }: { detail: LeagueDetail }) {
  const leagueId = detail.league.id;
  const [gym, setGym] = useState<GymSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useLeagueGym();
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!gym) return setError('Pick a gym first.');
    setError(null);
    change.mutate(
      { leagueId, gymId: gym.id },
      {
        onSuccess: () => {
          toast({ title: `${gym.name} joined ${detail.league.name}.`, variant: 'success' });
          setGym(null);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <section aria-labelledby="members-title" className="card network-card">
      <h3 id="members-title">Member gyms ({detail.gyms.length})</h3>
      {detail.gyms.length === 0 ? <p className="muted">No member gyms yet.</p> : null}
      <ul className="network-list">
        {detail.gyms.map((g) => (
          <li key={g.id}>
            <AppLink href={gymHref(g.id)}>{g.name}</AppLink>
            {g.city ? <span className="muted"> · {g.city}</span> : null}
            <Button
              size="sm"
              aria-label={`Remove ${g.name} from the league`}
              onClick={() =>
                change.mutate(
                  { leagueId, gymId: g.id, remove: true },
                  {
                    onSuccess: () => toast({ title: `${g.name} left ${detail.league.name}.`, variant: 'success' }),
                    onError: (err) => toast({ title: err.message, variant: 'error' }),
                  },
                )
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className="network-add" onSubmit={add}>
        <GymPicker
          label="Add a gym"
          value={gym ? { id: gym.id, name: gym.name } : null}
          onChange={(g) => {
            setGym(g);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" variant="primary" loading={change.isPending}>
          Add gym
        </Button>
      </form>
    </section>
  );
}

function LeagueEvents({ detail }: { detail: LeagueDetail }) {
  const leagueId = detail.league.id;
  const choices = useEventChoices();
  const [eventId, setEventId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useLeagueEvent();
  const attached = new Set(detail.events.map((e) => e.id));
  const options = (choices.data ?? [])
    .filter((e) => !attached.has(e.id))
    .map((e) => ({ value: String(e.id), label: e.name, group: e.ended ? 'Ended' : 'Running or coming' }));
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (eventId === null) return setError('Pick an event first.');
    setError(null);
    change.mutate({ leagueId, eventId: Number(eventId) }, { onSuccess: () => setEventId(null), onError: (err) => setError(err.message) });
  };
  return (
    <section aria-labelledby="events-title" className="card network-card">
      <h3 id="events-title">Events ({detail.events.length})</h3>
      {detail.events.length === 0 ? <p className="muted">No events count in this season yet.</p> : null}
      <ul className="network-list">
        {detail.events.map((ev) => (
          <li key={ev.id}>
            <AppLink href={`/leaderboard-page?event=${ev.id}`}>{ev.name}</AppLink>
            <Button
              size="sm"
              aria-label={`Remove ${ev.name} from the league`}
              onClick={() =>
                change.mutate(
                  { leagueId, eventId: ev.id, remove: true },
                  { onError: (err) => toast({ title: err.message, variant: 'error' }) },
                )
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className="network-add" onSubmit={add}>
        <Select<string>
          id="league-event"
          label="Add an event"
          placeholder={choices.isPending ? 'Loading the events…' : options.length ? 'Pick an event' : 'No other events'}
          options={options}
          value={eventId}
          onChange={(v) => {
            setEventId(v);
            setError(null);
          }}
          error={error ?? (choices.isError ? 'The events could not be loaded.' : undefined)}
        />
        <Button type="submit" variant="primary" loading={change.isPending}>
          Add event
        </Button>
      </form>
    </section>
  );
}

/** One league: its facts, member gyms, events and season table. */
export function LeagueDetailView({ leagueId, onBack }: { leagueId: number; onBack: () => void }) {
  const league = useLeague(leagueId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteLeague();
  return (
    <section aria-labelledby="league-title">
      <Button size="sm" onClick={onBack}>
        ← All leagues
      </Button>
      <QueryState query={league} loading="Loading the league…">
        {(d) => (
          <>
            <div className="network-head">
              <h2 id="league-title">{d.league.name}</h2>
              <div className="gym-admin-actions">
                <Button onClick={() => setEditing(true)}>Edit league</Button>
                <Button variant="danger" onClick={() => setDeleting(true)}>
                  Delete league
                </Button>
              </div>
            </div>
            <p className="gym-facts">
              <span>{d.league.federation ? d.league.federation.name : 'No federation'}</span>
              <span>
                Season {d.league.season_name}: {day(d.league.season_starts_on)} – {day(d.league.season_ends_on)}
              </span>
            </p>
            {d.league.description ? <p>{d.league.description}</p> : null}
            <SeasonTableView leagueId={leagueId} />
            <div className="network-grid">
              <MemberGyms detail={d} />
              <LeagueEvents detail={d} />
            </div>
            {editing ? <LeagueDialog league={d.league} onClose={() => setEditing(false)} /> : null}
            {deleting ? (
              <ConfirmDialog
                title={`Delete ${d.league.name}?`}
                confirmLabel="Delete league"
                pending={remove.isPending}
                error={remove.error?.message}
                onClose={() => {
                  remove.reset();
                  setDeleting(false);
                }}
                onConfirm={() =>
                  remove.mutate(leagueId, {
                    onSuccess: () => {
                      toast({ title: `${d.league.name} is deleted.`, variant: 'success' });
                      onBack();
                    },
                  })
                }
              >
                Its member gyms and events stay; only the league and its season table go.
              </ConfirmDialog>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
