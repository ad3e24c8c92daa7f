import { useId, useState, type FormEvent } from 'react';
import { FormFooter } from '../../../components/form-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { useEnterableChallenges, useEnterChallenge, type EnterableChallenge, type TeamDetail } from '../api/teams.ts';

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const RULES: Record<EnterableChallenge['team_rule'], string> = { sum: 'members’ results added', average: 'average result', best_n: 'best' };
const ruleText = (c: EnterableChallenge) => (c.team_rule === 'best_n' ? `best ${c.team_best_n} count` : RULES[c.team_rule]);

function EntryForm({
  team,
  challenges,
  onEntered,
}: {
  team: TeamDetail;
  challenges: EnterableChallenge[];
  onEntered: (message: string | null) => void;
}) {
  const enter = useEnterChallenge(team.id);
  const membersId = useId();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [division, setDivision] = useState<'rx' | 'scaled'>('rx');
  const [problem, setProblem] = useState<string | null>(null);
  const picked = challenges.find((c) => String(c.id) === challengeId) ?? null;
  const busy = new Set(picked?.members_in_it.map((m) => m.user_id) ?? []);
  const pick = (id: string) => {
    const c = challenges.find((x) => String(x.id) === id);
    setChallengeId(id);
    setProblem(null);
    onEntered(null);
    enter.reset();
    const free = team.members.filter((m) => !c?.members_in_it.some((b) => b.user_id === m.user_id)).map((m) => m.user_id);
    setChosen(free.slice(0, c?.team_size_max ?? 0));
  };
  const toggle = (userId: number, on: boolean) => setChosen((list) => (on ? [...list, userId] : list.filter((id) => id !== userId)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return setProblem('Choose a challenge to enter.');
    if (chosen.length === 0) return setProblem('Choose at least one member to compete.');
    if (chosen.length > picked.team_size_max)
      return setProblem(`${picked.title} takes teams of at most ${picked.team_size_max} members: choose fewer.`);
    setProblem(null);
    enter.mutate(
      { challengeId: picked.id, member_ids: chosen, division },
      {
        onSuccess: (entry) => {
          onEntered(`${team.name} entered ${entry.title}. Every competitor was told.`);
          setChallengeId(null);
          setChosen([]);
        },
      },
    );
  };
  return (
    <form className="team-invite" onSubmit={submit} noValidate aria-label="Enter a team challenge">
      <RadioGroup
        label="Challenge"
        options={challenges.map((c) => ({
          value: String(c.id),
          label: c.title,
          hint: `${dateOnly.format(new Date(c.starts_at))} – ${dateOnly.format(new Date(c.ends_at))} · teams of up to ${c.team_size_max} · ${ruleText(c)}`,
        }))}
        value={challengeId}
        onChange={pick}
      />
      {picked && (
        <>
          <fieldset className="team-fieldset" aria-describedby={`${membersId}-hint`}>
            <legend>Who competes</legend>
            <p id={`${membersId}-hint`} className="hint">
              Up to {picked.team_size_max}; {chosen.length} chosen.
            </p>
            {team.members.map((m) => (
              <Checkbox
                key={m.user_id}
                label={busy.has(m.user_id) ? `${m.display_name} (in this challenge with another team)` : m.display_name}
                checked={chosen.includes(m.user_id)}
                disabled={busy.has(m.user_id)}
                onChange={(on) => toggle(m.user_id, on)}
              />
            ))}
          </fieldset>
          <RadioGroup
            label="Division"
            orientation="horizontal"
            options={[
              { value: 'rx', label: 'Rx' },
              { value: 'scaled', label: 'Scaled' },
            ]}
            value={division}
            onChange={setDivision}
          />
        </>
      )}
      <FormFooter
        submitLabel="Enter team"
        pendingLabel="Entering…"
        pending={enter.isPending}
        error={problem ?? enter.error?.message ?? null}
      />
    </form>
  );
}

/** The captain (or an administrator) enters the team into an open team challenge, choosing who competes. */
export function EnterChallenge({ team }: { team: TeamDetail }) {
  const list = useEnterableChallenges(team.id);
  // Kept here, not in the form: entering the last open challenge empties the list and unmounts the form.
  const [entered, setEntered] = useState<string | null>(null);
  return (
    <Card title="Enter a team challenge">
      {entered && (
        <p role="status" className="success-text">
          {entered}
        </p>
      )}
      <QueryState query={list} loading="Loading team challenges…">
        {(data) =>
          data.items.length === 0 ? (
            <p className="muted">No running or upcoming team challenge is open to the team right now.</p>
          ) : (
            <EntryForm team={team} challenges={data.items} onEntered={setEntered} />
          )
        }
      </QueryState>
    </Card>
  );
}
