import { useId, useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useUpdateTeam, type TeamDetail } from '../api/teams.ts';
import { checkTeamFields, TeamFields, teamFieldsOf, useTeamFields } from './team-fields.tsx';

function EditForm({ team, onDone }: { team: TeamDetail; onDone: () => void }) {
  const update = useUpdateTeam(team.id);
  const headingId = useId();
  const { values, set } = useTeamFields(() => teamFieldsOf(team));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkTeamFields(values);
    if (!checked.ok) return setProblem(checked.problem);
    setProblem(null);
    update.mutate(checked.body, { onSuccess: onDone });
  };
  return (
    <form className="card team-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>Edit the team</h2>
      <TeamFields values={values} set={set} />
      <FormFooter
        submitLabel="Save team"
        pending={update.isPending}
        error={problem ?? update.error?.message ?? null}
        cancel={{ onClick: onDone }}
      />
    </form>
  );
}

/** Captains and co-captains (and administrators) edit the team's details in place. */
export function TeamEdit({ team }: { team: TeamDetail }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditForm team={team} onDone={() => setEditing(false)} />;
  return (
    <div className="team-actions">
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit team
      </Button>
    </div>
  );
}
