import { Select } from './ui/select.tsx';
import { GymPicker } from './gym-picker.tsx';

/**
 * The filters leaderboards share (a challenge's board, Global Ranks). A filter narrows the
 * rows and never re-ranks them; each menu calls back with null for "no filter".
 */

export interface FilterOption<T extends string> {
  id: T;
  label: string;
}

export const SEX_OPTIONS: readonly FilterOption<'female' | 'male'>[] = [
  { id: 'female', label: 'Women' },
  { id: 'male', label: 'Men' },
];

export function FilterSelect<T extends string>({
  id,
  label,
  all,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** The first entry, meaning no filter ("Everyone", "All ages"…). */
  all: string;
  options: readonly FilterOption<T>[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <Select<T>
      id={id}
      label={label}
      noneLabel={all}
      options={options.map((o) => ({ value: o.id, label: o.label }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** A listed gym, picked as the viewer types; the board matches its name on athletes' profiles. '' is no filter. */
export function GymFilter({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
  describedBy?: string;
}) {
  return (
    <GymPicker
      id={id}
      wrapperClassName="field grow"
      placeholder="Any gym"
      describedBy={describedBy}
      value={value.trim() ? { id: null, name: value.trim() } : null}
      onChange={(gym) => onChange(gym?.name ?? '')}
    />
  );
}
