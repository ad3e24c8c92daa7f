import { useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { toast } from '#src/lib/toast.ts';
import { GYM_CITY_MAX, GYM_NAME_MAX, GYM_WEBSITE_MAX, isCountryCode, isWebsite, tidyGymText } from '#domain/gyms.ts';
import { useUpdateGym, type GymManageRow } from '../api/gyms.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DialogActions } from '#src/components/dialog-actions.tsx';

type Fields = { name: string; city: string; country: string; website: string };

/** What the form can tell before asking the server (which says the rest, such as a name another gym has). */
function problemsOf(f: Fields): Partial<Fields> {
  const problems: Partial<Fields> = {};
  if (!tidyGymText(f.name)) problems.name = 'Give the gym a name.';
  if (f.country.trim() && !isCountryCode(f.country.trim())) problems.country = 'Two letters, such as DE or US.';
  if (f.website.trim() && !isWebsite(f.website.trim())) problems.website = 'An address starting with https:// or http://.';
  return problems;
}

/** Correct a gym's name, city, country or website; every athlete and team of the gym shows the new name. */
export function EditGymDialog({ gym, onClose }: { gym: GymManageRow; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>({ name: gym.name, city: gym.city, country: gym.country, website: gym.website });
  const [shown, setShown] = useState<Partial<Fields>>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGym();
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const save = (e: FormEvent) => {
    e.preventDefault();
    const problems = problemsOf(fields);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    setError(null);
    update.mutate(
      { gymId: gym.id, body: { ...fields, country: fields.country.trim().toUpperCase(), website: fields.website.trim() } },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.name} is saved.`, variant: 'success' });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <DialogFrame
      title={<>Edit {gym.name}</>}
      description={<>A new name shows at once on the gym’s page, its athletes’ profiles and its teams.</>}
      onClose={onClose}
    >
      <form className="gym-edit-form" onSubmit={save} noValidate>
        <TextInput label="Name" value={fields.name} onChange={set('name')} maxLength={GYM_NAME_MAX} required error={shown.name} />
        <TextInput label="City" value={fields.city} onChange={set('city')} maxLength={GYM_CITY_MAX} />
        <TextInput
          label="Country"
          hint="Two-letter code, such as DE or US."
          value={fields.country}
          onChange={set('country')}
          maxLength={2}
          autoCapitalize="characters"
          error={shown.country}
        />
        <TextInput
          label="Website"
          type="url"
          inputMode="url"
          value={fields.website}
          onChange={set('website')}
          maxLength={GYM_WEBSITE_MAX}
          error={shown.website}
        />
        <DialogActions error={error}>
          <Button type="submit" variant="primary" loading={update.isPending}>
            Save gym
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}
