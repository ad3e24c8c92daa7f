import { useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { ALLIANCE_INVITE_MAX, ALLIANCE_NAME_MAX } from '#domain/teams-alliances.ts';
import { useAllianceCandidates, useProposeAlliance, type AllianceTeam } from '../api/alliances.ts';

const label = (t: AllianceTeam) => `${t.name}${t.tag ? ` [${t.tag}]` : ''}`;

/** A captain names the alliance and picks the other teams by name; each of their captains is asked. */
export function ProposeAlliance({ teamId }: { teamId: number }) {
  const [name, setName] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<AllianceTeam[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const found = useAllianceCandidates(teamId, useDebounced(q, 250));
  const propose = useProposeAlliance(teamId);
  const full = chosen.length >= ALLIANCE_INVITE_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || chosen.length === 0) return;
    propose.mutate(
      { name: name.trim(), team_ids: chosen.map((t) => t.id) },
      {
        onSuccess: (a) => {
          setSent(`Proposed ${a.name}. It is active once every team’s captain accepts.`);
          setName('');
          setQ('');
          setChosen([]);
        },
        onError: () => setSent(null),
      },
    );
  };
  const options = (found.data?.items ?? []).filter((t) => !chosen.some((c) => c.id === t.id));
  return (
    <form className="alliance-propose" onSubmit={submit} aria-label="Propose an alliance">
      <h3>Propose an alliance</h3>
      <TextInput label="Alliance name" value={name} onChange={(e) => setName(e.target.value)} maxLength={ALLIANCE_NAME_MAX} required />
      <TextInput
        label="Find a team by name"
        hint="Type at least two letters."
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={60}
        disabled={full}
      />
      {found.isError && (
        <p className="error-text" role="alert">
          {found.error.message}
        </p>
      )}
      {found.data && (
        <ul className="team-list" aria-label="Matching teams">
          {options.length === 0 && <li className="muted">No other team by that name.</li>}
          {options.map((t) => (
            <li key={t.id} className="team-row">
              <span className="team-row-main">
                {label(t)}
                {t.gym && <span className="muted">{t.gym}</span>}
              </span>
              <Button size="sm" type="button" aria-label={`Add ${t.name}`} onClick={() => setChosen([...chosen, t])}>
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul className="team-list" aria-label="Teams to ask">
          {chosen.map((t) => (
            <li key={t.id} className="team-row">
              <span className="team-row-main">{label(t)}</span>
              <Button
                size="sm"
                type="button"
                variant="secondary"
                aria-label={`Remove ${t.name}`}
                onClick={() => setChosen(chosen.filter((c) => c.id !== t.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="primary" disabled={propose.isPending || !name.trim() || chosen.length === 0}>
        Propose alliance
      </Button>
      <div aria-live="polite">
        {propose.error && (
          <p className="error-text" role="alert">
            {propose.error.message}
          </p>
        )}
        {sent && <p className="success-text">{sent}</p>}
      </div>
    </form>
  );
}
