import { useState } from 'react';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
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
} from '#domain/teams.ts';

/** What the team form holds while it is typed (the size as typed, checked on submit). */
export interface TeamFieldValues {
  name: string;
  tag: string;
  gym: string;
  description: string;
  visibility: TeamVisibility;
  size: string;
}

export const emptyTeamFields = (): TeamFieldValues => ({
  name: '',
  tag: '',
  gym: '',
  description: '',
  visibility: 'invite_only',
  size: String(TEAM_SIZE_DEFAULT),
});

/** The form's values from a saved team (for editing). */
export const teamFieldsOf = (team: {
  name: string;
  tag: string;
  gym: string;
  description: string;
  visibility: TeamVisibility;
  max_size: number;
}): TeamFieldValues => ({ ...team, size: String(team.max_size) });

export function useTeamFields(initial: () => TeamFieldValues) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof TeamFieldValues>(key: K, value: TeamFieldValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  return { values, set };
}

/** The body to send, or the problem in words when the form is not ready. */
export function checkTeamFields(
  v: TeamFieldValues,
):
  | { ok: true; body: { name: string; tag: string; gym: string; description: string; visibility: TeamVisibility; max_size: number } }
  | { ok: false; problem: string } {
  if (!v.name.trim()) return { ok: false, problem: 'Give the team a name.' };
  const size = Number(v.size);
  if (!Number.isInteger(size) || size < TEAM_SIZE_MIN || size > TEAM_SIZE_MAX)
    return { ok: false, problem: `The team size is a whole number from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}.` };
  const { name, tag, gym, description, visibility } = v;
  return { ok: true, body: { name, tag, gym, description, visibility, max_size: size } };
}

/** The fields of a lasting team, shared by creation and the dashboard's edit form. */
export function TeamFields({
  values,
  set,
}: {
  values: TeamFieldValues;
  set: <K extends keyof TeamFieldValues>(key: K, value: TeamFieldValues[K]) => void;
}) {
  return (
    <>
      <TextInput label="Team name" value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={TEAM_NAME_MAX} required />
      <TextInput
        label="Tag"
        hint="Up to 6 letters or digits, shown beside names."
        value={values.tag}
        onChange={(e) => set('tag', e.target.value)}
        maxLength={TEAM_TAG_MAX}
      />
      <TextInput
        label="Gym"
        hint="Where you train (optional)."
        value={values.gym}
        onChange={(e) => set('gym', e.target.value)}
        maxLength={TEAM_GYM_MAX}
      />
      <TextArea
        label="Description"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        maxLength={TEAM_DESCRIPTION_MAX}
        rows={3}
      />
      <RadioGroup
        label="Who can join"
        options={TEAM_VISIBILITIES.map((v) => ({ value: v, label: TEAM_VISIBILITY_LABELS[v] }))}
        value={values.visibility}
        onChange={(v) => set('visibility', v)}
      />
      <TextInput
        label="Maximum size"
        type="number"
        inputMode="numeric"
        min={TEAM_SIZE_MIN}
        max={TEAM_SIZE_MAX}
        value={values.size}
        onChange={(e) => set('size', e.target.value)}
      />
    </>
  );
}
