import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { setTheme, useTheme, type ThemeChoice } from '#src/lib/theme.ts';
import { toast } from '#src/lib/toast.ts';
import type { UnitPreference } from '#domain/unit-preference.ts';
import { useUpdateMySettings, type AccountSettings } from '../api/settings.ts';
import { timeZones } from './time-zones.ts';

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as this device' },
];

const UNITS: { value: UnitPreference; label: string; hint: string }[] = [
  { value: 'metric', label: 'Metric', hint: 'Weights in kg, distances in km' },
  { value: 'imperial', label: 'Imperial', hint: 'Weights in lb, distances in miles' },
];

/** Theme, units and time zone, saved together. The theme is this browser's; units and time zone are the account's. */
export function PreferencesForm({ settings }: { settings: AccountSettings }) {
  const id = useId();
  const save = useUpdateMySettings();
  const [theme, setThemeChoice] = useState<ThemeChoice>(useTheme());
  const [units, setUnits] = useState<UnitPreference>(settings.units);
  const [zone, setZone] = useState(settings.time_zone);
  const zoneList = useMemo(() => timeZones(zone), [zone]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { units, time_zone: zone },
      {
        onSuccess: () => {
          setTheme(theme);
          toast({ title: 'Settings saved.', variant: 'success' });
        },
      },
    );
  };

  return (
    <form className="form settings-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Display and time</h2>
      <RadioGroup<ThemeChoice> label="Theme" options={THEMES} value={theme} onChange={setThemeChoice} orientation="horizontal" />
      <RadioGroup<UnitPreference> label="Units" options={UNITS} value={units} onChange={setUnits} describedBy={`${id}-units-hint`} />
      <p id={`${id}-units-hint`} className="hint">
        Every board, record and score form shows and takes weights and distances in these units. Results are stored exactly either way.
      </p>
      <div className="field">
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <select id={`${id}-zone`} value={zone} onChange={(e) => setZone(e.target.value)} aria-describedby={`${id}-zone-hint`}>
          {zoneList.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-zone-hint`} className="hint">
          Days for your records and streaks count in this zone (the same one as on your athlete profile).
        </p>
      </div>
      <FormFooter submitLabel="Save settings" pending={save.isPending} error={save.error?.message ?? null} />
    </form>
  );
}
