import { AGE_SCHEME_NAMES, STANDARD_TEXT_MAX, hasCategories, type AgeScheme, type SexDivisions } from '#domain/divisions.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';

/** The division part of the challenge form: how the board splits and the loads stated for each sex. */
export interface DivisionFormState {
  sex_divisions: SexDivisions;
  age_scheme: AgeScheme;
  overall_board: boolean;
  /** Standards by key: '' everyone, 'female', 'male'. */
  standards: Record<string, string>;
}

export function DivisionFields({
  value,
  onChange,
  locked,
}: {
  value: DivisionFormState;
  onChange: (next: DivisionFormState) => void;
  /** Athletes have joined in their divisions: how the board splits is fixed. */
  locked: boolean;
}) {
  const set = <K extends keyof DivisionFormState>(key: K, v: DivisionFormState[K]) => onChange({ ...value, [key]: v });
  const standard = (key: string, text: string) => set('standards', { ...value.standards, [key]: text });
  const split = value.sex_divisions === 'split';
  const fields = split
    ? [
        { key: 'female', label: 'Women’s loads and standards' },
        { key: 'male', label: 'Men’s loads and standards' },
      ]
    : [{ key: '', label: 'Loads and standards' }];
  return (
    <fieldset className="division-fields">
      <legend>Divisions</legend>
      <RadioGroup
        label="Men and women"
        orientation="horizontal"
        options={[
          { value: 'split', label: 'Ranked apart' },
          { value: 'open', label: 'One open board' },
        ]}
        value={value.sex_divisions}
        disabled={locked}
        onChange={(v) => set('sex_divisions', v)}
      />
      <EnumSelect
        id="cf-age-scheme"
        label="Age groups"
        options={AGE_SCHEME_NAMES}
        value={value.age_scheme}
        disabled={locked}
        onChange={(v) => set('age_scheme', v)}
      >
        {locked && <p className="hint">Fixed once athletes have joined.</p>}
      </EnumSelect>
      {hasCategories({ sex: value.sex_divisions, age: value.age_scheme }) && (
        <Checkbox
          label="Also show an overall board of everyone (Rx above Scaled)"
          checked={value.overall_board}
          onChange={(on) => set('overall_board', on)}
        />
      )}
      {fields.map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`cf-std-${f.key || 'all'}`}>{f.label} (optional)</label>
          <textarea
            id={`cf-std-${f.key || 'all'}`}
            rows={2}
            maxLength={STANDARD_TEXT_MAX}
            value={value.standards[f.key] ?? ''}
            placeholder={
              f.key === 'male' ? 'e.g. Thrusters 43 kg' : f.key === 'female' ? 'e.g. Thrusters 29 kg' : 'e.g. Thrusters 43/29 kg'
            }
            onChange={(e) => standard(f.key, e.target.value)}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The form's division fields from a saved challenge (or the defaults). */
export function divisionFormState(d?: {
  sex: SexDivisions;
  age_scheme: AgeScheme;
  overall_board: boolean;
  stated: Record<string, string>;
}): DivisionFormState {
  return {
    sex_divisions: d?.sex ?? 'open',
    age_scheme: d?.age_scheme ?? 'none',
    overall_board: d?.overall_board ?? true,
    standards: { ...(d?.stated ?? {}) },
  };
}

/** What the server takes: only the standards that apply to the chosen split, blanks left out. */
export function divisionInput(f: DivisionFormState) {
  const keys = f.sex_divisions === 'split' ? ['female', 'male'] : [''];
  const standards = Object.fromEntries(keys.map((k) => [k, (f.standards[k] ?? '').trim()]).filter(([, t]) => t));
  return { sex_divisions: f.sex_divisions, age_scheme: f.age_scheme, overall_board: f.overall_board, standards };
}
