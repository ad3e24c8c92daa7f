import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { GYM_CITY_MAX, GYM_NAME_MAX, GYM_WEBSITE_MAX, isCountryCode, isWebsite, tidyGymText } from '../../domain/gyms.ts';
import { addGym, type GymSummary } from '../api/gyms.ts';
import { Button } from './ui/button.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { TextInput } from './ui/text-field.tsx';

/** "Add a new gym" from the gym picker: name, city, country and website; a near-duplicate offers the listed gym instead. */
export default function GymAddDialog({
  name: initialName,
  onClose,
  onPicked,
}: {
  name: string;
  onClose: () => void;
  onPicked: (gym: GymSummary) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(initialName);
  const [city, setCity] = useState('');
  const [country, setCountry] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'country' | 'website' | 'form', string>>>({});
  const [existing, setExisting] = useState<GymSummary | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // React carries events through the portal: the form the picker sits in must not submit too.
    e.stopPropagation();
    const found: typeof errors = {};
    if (!tidyGymText(name)) found.name = 'Give the gym a name.';
    if (country.trim() && !isCountryCode(country.trim())) found.country = 'Use the two-letter code, such as DE or US.';
    if (website.trim() && !isWebsite(website.trim())) found.website = 'Use an address starting with https://.';
    setErrors(found);
    setExisting(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const result = await addGym({
        name: tidyGymText(name),
        city: tidyGymText(city),
        country: country.trim().toUpperCase(),
        website: website.trim(),
      });
      if ('existing' in result) {
        setExisting(result.existing);
        setErrors({ form: result.detail });
      } else {
        void queryClient.invalidateQueries({ queryKey: ['get', '/api/gyms'] });
        onPicked(result.gym);
      }
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : 'Could not add the gym.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <form onSubmit={(e) => void submit(e)} noValidate aria-describedby={`${id}-desc`}>
            <Dialog.Title className="dialog-title">Add a new gym</Dialog.Title>
            <Dialog.Description id={`${id}-desc`} className="muted">
              Other athletes can pick it too. An editor verifies it later.
            </Dialog.Description>
            <TextInput
              label="Gym name"
              value={name}
              maxLength={GYM_NAME_MAX}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextInput label="City (optional)" value={city} maxLength={GYM_CITY_MAX} onChange={(e) => setCity(e.target.value)} />
            <TextInput
              label="Country code (optional)"
              hint="Two letters, such as DE or US."
              value={country}
              maxLength={2}
              error={errors.country}
              onChange={(e) => setCountry(e.target.value)}
            />
            <TextInput
              label="Website (optional)"
              type="url"
              value={website}
              maxLength={GYM_WEBSITE_MAX}
              error={errors.website}
              onChange={(e) => setWebsite(e.target.value)}
            />
            <DialogActions error={errors.form}>
              {existing ? (
                <Button variant="primary" onClick={() => onPicked(existing)}>
                  Use {existing.name}
                </Button>
              ) : (
                <Button type="submit" variant="primary" loading={saving}>
                  Add gym
                </Button>
              )}
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
