import { useRef, useState } from 'react';
import { Select } from './ui/select.tsx';
import { lazyModule } from '../lib/lazy-module.ts';
import './ui/combobox.css';

const picker = lazyModule(() => import('./gym-picker.tsx'));

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

/**
 * A listed gym, picked as the viewer types; the board matches its name on athletes' profiles. '' is no filter.
 * The picker (suggestions, its search) is not needed to paint a board: a box that looks the same stands in,
 * and the picker takes its place when the box is first focused, keeping what was typed and the focus.
 */
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
  const [loaded, setLoaded] = useState(picker.current);
  const [typed, setTyped] = useState(value);
  const focused = useRef(false);
  if (loaded)
    return (
      <loaded.GymPicker
        id={id}
        wrapperClassName="field grow"
        placeholder="Any gym"
        describedBy={describedBy}
        initialText={typed}
        autoFocus={focused.current}
        value={value.trim() ? { id: null, name: value.trim() } : null}
        onChange={(gym) => onChange(gym?.name ?? '')}
      />
    );
  return (
    <div className="field grow">
      <label htmlFor={id}>Gym</label>
      <div className="ui-combobox">
        <input
          id={id}
          className="ui-combobox-input"
          type="text"
          autoComplete="off"
          placeholder="Any gym"
          aria-describedby={describedBy}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onFocus={() => {
            focused.current = true;
            void picker.load().then(setLoaded, () => undefined);
          }}
          onBlur={() => (focused.current = false)}
        />
      </div>
    </div>
  );
}
