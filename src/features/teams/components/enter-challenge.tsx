import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { teamEntryMachine } from '#machines/team-entry.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { useEnterableChallenges, useEnterChallenge, type EnterableChallenge, type TeamDetail } from '../api/teams.ts';

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const RULES: Record<EnterableChallenge['team_rule'], string> = { sum: 'members’ results added', average: 'average result', best_n: 'best' };
type TeamEntryActor = ActorRefFrom<typeof teamEntryMachine>;
const ruleText = (c: EnterableChallenge) => (c.team_rule === 'best_n' ? `best ${c.team_best_n} count` : RULES[c.team_rule]);

function EntryForm({ team, challenges, flow }: { team: TeamDetail; challenges: EnterableChallenge[]; flow: TeamEntryActor }) {
  const membersId = useId();
  const pickedId = useSelector(flow, (s) => s.context.challenge?.id ?? null);
  const chosen = useSelector(flow, (s) => s.context.chosen);
  const division = useSelector(flow, (s) => s.context.division);
  const problem = useSelector(flow, (s) => s.context.problem);
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const picked = challenges.find((c) => c.id === pickedId) ?? null;
  const busy = new Set(picked?.members_in_it.map((m) => m.user_id) ?? []);
  const pick = (id: string) => {
    const challenge = challenges.find((x) => String(x.id) === id);
    if (challenge) flow.send({ type: 'entry.pick', challenge, memberIds: team.members.map((m) => m.user_id) });
  };
  const toggle = (userId: number, on: boolean) => flow.send({ type: 'entry.toggle', userId, on });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'entry.submit', teamName: team.name });
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
        value={picked ? String(picked.id) : null}
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
            onChange={(value) => flow.send({ type: 'entry.setDivision', division: value })}
          />
        </>
      )}
      <FormFooter submitLabel="Enter team" pendingLabel="Entering…" pending={pending} error={problem} />
    </form>
  );
}

/** The captain (or an administrator) enters the team into an open team challenge, choosing who competes. */
export function EnterChallenge({ team }: { team: TeamDetail }) {
  const list = useEnterableChallenges(team.id);
  const enter = useEnterChallenge(team.id);
  // mutateAsync is stable for the mutation's lifetime, so the actor made once may hold it.
  // The flow lives here, not in the form: entering the last open challenge empties the list and unmounts the form.
  const flow = useFlow(teamEntryMachine.provide({ actors: { enterChallenge: fromPromise(({ input }) => enter.mutateAsync(input)) } }));
  const entered = useSelector(flow, (s) => s.context.entered);
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
            <EntryForm team={team} challenges={data.items} flow={flow} />
          )
        }
      </QueryState>
    </Card>
  );
}
