import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { GYM_NAME_MAX } from '#domain/gyms.ts';
import { useGymSearch, type GymSummary } from '../api/gyms.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { Combobox, type ComboboxOption } from './ui/combobox.tsx';
import { Badge } from './ui/badge.tsx';
import { Pending } from '#src/lib/settled.tsx';

const GymAddDialog = lazy(() => import('./gym-add-dialog.tsx'));
const ADD = 'add-new-gym';
const SEARCH_PAUSE_MS = 200;

export interface PickedGym {
  id: number | null;
  name: string;
}

/**
 * Picks a gym from the listed gyms as the athlete types (verified gyms first), or adds a new one
 * (`allowCreate`). Clearing the text picks no gym. Used for the profile's gym and the boards' gym filter.
 */
export function GymPicker({
  id,
  label = 'Gym',
  hint,
  error,
  value,
  onChange,
  allowCreate = false,
  placeholder = 'Start typing a gym’s name',
  wrapperClassName,
  describedBy,
  initialText,
  autoFocus,
}: {
  /** Text typed before the picker loaded (the boards' stand-in box), kept as the box's text. */
  initialText?: string;
  autoFocus?: boolean;
  id?: string;
  describedBy?: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: PickedGym | null;
  onChange: (gym: GymSummary | null) => void;
  allowCreate?: boolean;
  placeholder?: string;
  wrapperClassName?: string;
}) {
  const [text, setText] = useState(initialText ?? value?.name ?? '');
  const [adding, setAdding] = useState<string | null>(null);
  const pickedName = value?.name ?? '';
  // The text follows a gym picked elsewhere (a link, Back), not the un-pick this box itself reported.
  const reported = useRef(pickedName);
  useEffect(() => {
    if (pickedName === reported.current) return;
    reported.current = pickedName;
    setText(pickedName);
  }, [pickedName]);
  const report = (gym: GymSummary | null) => {
    reported.current = gym?.name ?? '';
    onChange(gym);
  };
  /** A gym picked from the list or just added: its name fills the box. */
  const choose = (gym: GymSummary) => {
    setText(gym.name);
    report(gym);
  };
  const typed = useDebounced(text, SEARCH_PAUSE_MS);
  const search = useGymSearch(typed);
  const gyms = text.trim() ? (search.data?.items ?? []) : [];
  const exact = gyms.some((g) => g.name.toLowerCase() === text.trim().toLowerCase());
  const options: ComboboxOption[] = gyms.map((g) => ({
    key: String(g.id),
    label: g.name,
    detail: (
      <>
        {[g.city, g.country].filter(Boolean).join(', ')}
        {g.verified ? (
          <>
            {' '}
            <Badge tone="success">Verified</Badge>
          </>
        ) : null}
      </>
    ),
  }));
  if (allowCreate && text.trim() && !exact) options.push({ key: ADD, label: `Add “${text.trim()}” as a new gym` });
  const note = !text.trim()
    ? null
    : search.isError
      ? search.error.message
      : search.isFetching && gyms.length === 0
        ? 'Searching…'
        : !search.isFetching && gyms.length === 0 && !allowCreate
          ? `No listed gym starts with “${text.trim()}”.`
          : null;

  const pick = (key: string) => {
    if (key === ADD) return setAdding(text.trim());
    const gym = gyms.find((g) => String(g.id) === key);
    if (gym) choose(gym);
  };

  return (
    <>
      <Combobox
        id={id}
        label={label}
        hint={hint}
        error={error}
        value={text}
        maxLength={GYM_NAME_MAX}
        placeholder={placeholder}
        wrapperClassName={wrapperClassName}
        describedBy={describedBy}
        autoFocus={autoFocus}
        options={options}
        note={note}
        onPick={pick}
        onValueChange={(next) => {
          setText(next);
          // Typing away from the picked gym un-picks it; an empty box means no gym.
          if (value && next.trim() !== value.name) report(null);
        }}
      />
      {adding !== null ? (
        <Suspense fallback={<Pending />}>
          <GymAddDialog
            name={adding}
            onClose={() => setAdding(null)}
            onPicked={(gym) => {
              setAdding(null);
              choose(gym);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
