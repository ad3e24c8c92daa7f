import { Select } from './ui/select.tsx';

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

/** Free text matched against the gym athletes write on their profile (the caller debounces it). */
export function GymFilter({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
}) {
  return (
    <div className="field grow">
      <label htmlFor={id}>Gym</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={120}
        placeholder="Any gym"
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
