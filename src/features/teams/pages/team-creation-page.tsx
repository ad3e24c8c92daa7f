import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormFooter } from '#src/components/form-footer.tsx';
import { useCreateTeam } from '../api/teams.ts';
import { checkTeamFields, emptyTeamFields, TeamFields, useTeamFields } from '../components/team-fields.tsx';
import '../teams.css';

/** Create a lasting team; the creator becomes its captain and lands on its dashboard. */
export default function TeamCreationPage() {
  const [, navigate] = useLocation();
  const create = useCreateTeam();
  const headingId = useId();
  const { values, set } = useTeamFields(emptyTeamFields);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkTeamFields(values);
    if (!checked.ok) return setProblem(checked.problem);
    setProblem(null);
    create.mutate(checked.body, { onSuccess: (team) => navigate(`/team-dashboard-page?id=${team.id}`) });
  };
  return (
    <div className="container page team-page">
      <h1 id={headingId}>Create a team</h1>
      <p className="muted">
        A team lasts across challenges: invite the athletes you train with. (To enter one team challenge only, create its team from the
        challenge’s join form instead.)
      </p>
      <form className="card team-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
        <TeamFields values={values} set={set} />
        <FormFooter
          submitLabel="Create team"
          pendingLabel="Creating…"
          pending={create.isPending}
          error={problem ?? create.error?.message ?? null}
          cancel={{ href: '/team-dashboard-page' }}
        />
      </form>
    </div>
  );
}
