import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormFooter } from '../../../components/form-footer.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextArea, TextInput } from '../../../components/ui/text-field.tsx';
import {
  TEAM_DESCRIPTION_MAX,
  TEAM_GYM_MAX,
  TEAM_NAME_MAX,
  TEAM_SIZE_DEFAULT,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TEAM_TAG_MAX,
  TEAM_VISIBILITIES,
  TEAM_VISIBILITY_LABELS,
  type TeamVisibility,
} from '../../../../domain/teams.ts';
import { useCreateTeam } from '../api/teams.ts';
import '../teams.css';

/** Create a lasting team; the creator becomes its captain and lands on its dashboard. */
export default function TeamCreationPage() {
  const [, navigate] = useLocation();
  const create = useCreateTeam();
  const headingId = useId();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [gym, setGym] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<TeamVisibility>('invite_only');
  const [size, setSize] = useState(String(TEAM_SIZE_DEFAULT));
  const [problem, setProblem] = useState<string | null>(null);
  const sizeNumber = Number(size);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem('Give the team a name.');
    if (!Number.isInteger(sizeNumber) || sizeNumber < TEAM_SIZE_MIN || sizeNumber > TEAM_SIZE_MAX)
      return setProblem(`The team size is a whole number from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}.`);
    setProblem(null);
    create.mutate(
      { name, tag, gym, description, visibility, max_size: sizeNumber },
      { onSuccess: (team) => navigate(`/team-dashboard-page?id=${team.id}`) },
    );
  };
  return (
    <div className="container page team-page">
      <h1 id={headingId}>Create a team</h1>
      <p className="muted">
        A team lasts across challenges: invite the athletes you train with. (To enter one team challenge only, create its team from the
        challenge’s join form instead.)
      </p>
      <form className="card team-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
        <TextInput label="Team name" value={name} onChange={(e) => setName(e.target.value)} maxLength={TEAM_NAME_MAX} required />
        <TextInput
          label="Tag"
          hint="Up to 6 letters or digits, shown beside names."
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          maxLength={TEAM_TAG_MAX}
        />
        <TextInput
          label="Gym"
          hint="Where you train (optional)."
          value={gym}
          onChange={(e) => setGym(e.target.value)}
          maxLength={TEAM_GYM_MAX}
        />
        <TextArea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={TEAM_DESCRIPTION_MAX}
          rows={3}
        />
        <RadioGroup
          label="Who can join"
          options={TEAM_VISIBILITIES.map((v) => ({ value: v, label: TEAM_VISIBILITY_LABELS[v] }))}
          value={visibility}
          onChange={setVisibility}
        />
        <TextInput
          label="Maximum size"
          type="number"
          inputMode="numeric"
          min={TEAM_SIZE_MIN}
          max={TEAM_SIZE_MAX}
          value={size}
          onChange={(e) => setSize(e.target.value)}
        />
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
