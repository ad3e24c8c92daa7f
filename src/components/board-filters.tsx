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
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as T | null)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
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
