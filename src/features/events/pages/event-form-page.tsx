import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { FormFooter } from '#src/components/form-footer.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import {
  DEFAULT_POINTS_TABLE,
  EVENT_DESCRIPTION_MAX,
  EVENT_NAME_LENGTH,
  EVENT_RULE_NAMES,
  EVENT_RULES,
  EVENT_WORKOUTS,
  parsePointsTable,
  pointsTableProblem,
  type EventRule,
} from '#domain/events.ts';
import { useEvent, useMyCreatedChallenges, useSaveEvent, type EventView } from '../api/events.ts';
import '../events.css';

/** A Date as the value of a datetime-local input, in the viewer's own zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

function EventForm({ event }: { event: EventView | null }) {
  const [, navigate] = useLocation();
  const mine = useMyCreatedChallenges();
  const save = useSaveEvent(event?.id ?? null);
  const now = Date.now();
  const [name, setName] = useState(event?.name ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [rule, setRule] = useState<EventRule>(event?.rule ?? 'sum_of_places');
  const [table, setTable] = useState((event?.points_table.length ? event.points_table : DEFAULT_POINTS_TABLE).join(', '));
  const [picked, setPicked] = useState<number[]>(event?.workouts.map((w) => w.challenge_id) ?? []);
  const [starts, setStarts] = useState(toLocalInput(event?.starts_at ?? new Date(now).toISOString()));
  const [ends, setEnds] = useState(toLocalInput(event?.ends_at ?? new Date(now + 14 * 86_400_000).toISOString()));
  const [problem, setProblem] = useState<string | null>(null);
  const choices = (mine.data?.items ?? []).filter((c) => c.kind === 'individual' || picked.includes(c.id));
  const toggle = (id: number, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < EVENT_NAME_LENGTH.min)
      return setProblem(`Give the event a name of at least ${EVENT_NAME_LENGTH.min} characters.`);
    if (picked.length < EVENT_WORKOUTS.min || picked.length > EVENT_WORKOUTS.max)
      return setProblem(`Pick ${EVENT_WORKOUTS.min} to ${EVENT_WORKOUTS.max} of your challenges as the workouts.`);
    const points = rule === 'points_table' ? parsePointsTable(table) : null;
    if (rule === 'points_table') {
      if (!points) return setProblem('Write the points table as whole numbers separated by commas, e.g. 100, 95, 90.');
      const wrong = pointsTableProblem(points);
      if (wrong) return setProblem(wrong);
    }
    if (!starts || !ends) return setProblem('Give the event its start and end.');
    setProblem(null);
    save.mutate(
      {
        name: name.trim(),
        description,
        rule,
        ...(points ? { points_table: points } : {}),
        challenge_ids: picked,
        starts_at: fromLocalInput(starts),
        ends_at: fromLocalInput(ends),
      },
      { onSuccess: (saved) => navigate(`/leaderboard-page?event=${saved.id}`) },
    );
  };
  return (
    <form className="card form" aria-label={event ? 'Edit the event' : 'Create an event'} onSubmit={submit} noValidate>
      <TextInput label="Event name" value={name} onChange={(e) => setName(e.target.value)} maxLength={EVENT_NAME_LENGTH.max} required />
      <TextArea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={EVENT_DESCRIPTION_MAX}
        rows={3}
      />
      <RadioGroup
        label="Overall standing"
        options={EVENT_RULES.map((r) => ({ value: r, label: EVENT_RULE_NAMES[r] }))}
        value={rule}
        onChange={setRule}
      />
      {rule === 'points_table' && (
        <TextInput
          label="Points table"
          hint="Points for 1st, 2nd, 3rd … separated by commas; places beyond the table score 0."
          value={table}
          onChange={(e) => setTable(e.target.value)}
          maxLength={2000}
        />
      )}
      <fieldset className="event-picks">
        <legend>
          Workouts ({EVENT_WORKOUTS.min}–{EVENT_WORKOUTS.max} of your individual challenges, in the order you tick them)
        </legend>
        {mine.isPending && <LoadingSkeleton label="Loading your challenges…" rows={3} />}
        {mine.isError && <QueryError error={mine.error} onRetry={mine.refetch} retrying={mine.isFetching} />}
        {mine.data && choices.length === 0 && (
          <p className="muted">
            You have no challenges yet: <Link href="/create-challenge-page">create the workouts</Link> first, then the event.
          </p>
        )}
        {choices.map((c) => {
          const at = picked.indexOf(c.id);
          return (
            <Checkbox
              key={c.id}
              id={`ev-pick-${c.id}`}
              label={at >= 0 ? `${c.title} (workout ${at + 1})` : c.title}
              checked={at >= 0}
              onChange={(on) => toggle(c.id, on)}
            />
          );
        })}
      </fieldset>
      <div className="row-fields">
        <TextInput label="Starts" type="datetime-local" value={starts} onChange={(e) => setStarts(e.target.value)} />
        <TextInput label="Ends" type="datetime-local" value={ends} onChange={(e) => setEnds(e.target.value)} />
      </div>
      <p className="hint">Times are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
      <FormFooter
        submitLabel={event ? 'Save the event' : 'Create the event'}
        pendingLabel="Saving…"
        pending={save.isPending}
        error={problem ?? save.error?.message ?? null}
        cancel={{ href: event ? `/leaderboard-page?event=${event.id}` : '/challenge-discovery-page' }}
      />
    </form>
  );
}

function EditEvent({ id }: { id: number }) {
  const event = useEvent(id);
  if (event.isError) return <QueryError error={event.error} onRetry={event.refetch} retrying={event.isFetching} />;
  if (!event.data) return <LoadingSkeleton label="Loading the event…" rows={5} />;
  return <EventForm key={event.data.id} event={event.data} />;
}

/** ?event=new creates an event; ?event=<id> edits it (its creator or an administrator). */
export default function EventFormPage({ id }: { id: number | null }) {
  return (
    <div className="container page narrow">
      <h1>{id === null ? 'Create an event' : 'Edit the event'}</h1>
      <p className="muted">An event ranks athletes across several of your challenges: one overall standing per division.</p>
      {id === null ? <EventForm event={null} /> : <EditEvent id={id} />}
    </div>
  );
}
