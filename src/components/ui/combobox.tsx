import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldNotes, useFieldIds } from './field.tsx';
import './combobox.css';

export interface ComboboxOption {
  /** Unique among the options. */
  key: string;
  label: ReactNode;
  /** Words beside the label (a city, a badge). */
  detail?: ReactNode;
}

/**
 * A labelled text input with a list of suggestions under it (the ARIA 1.2 combobox pattern):
 * typing asks for suggestions, arrow keys move through them, Enter picks, Escape closes. The
 * caller owns the text and the options; picking calls `onPick` with the option's key.
 */
export function Combobox({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  options,
  onPick,
  note,
  placeholder,
  maxLength,
  hideLabel,
  wrapperClassName = 'field',
  describedBy,
  autoFocus,
}: {
  /** Focus the box when it mounts (it replaces a stand-in the person was typing in). */
  autoFocus?: boolean;
  /** Ids of text elsewhere on the page that describes the box. */
  describedBy?: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: string;
  onValueChange: (text: string) => void;
  options: ComboboxOption[];
  onPick: (key: string) => void;
  /** A line in the open list instead of (or before) options: "Searching…", "No gym starts with…". */
  note?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  hideLabel?: boolean;
  wrapperClassName?: string;
}) {
  const ids = useFieldIds(id, hint, error, describedBy);
  const listId = `${ids.controlId}-list`;
  const optionId = useId().replace(/:/g, '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && (options.length > 0 || !!note);
  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    onPick(option.key);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' && shown) {
      // Closes the list only, not a dialog the box sits in.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };
  return (
    <div className={wrapperClassName}>
      <label htmlFor={ids.controlId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="ui-combobox">
        <input
          id={ids.controlId}
          className="ui-combobox-input"
          type="text"
          role="combobox"
          autoComplete="off"
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${optionId}-${active}` : undefined}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          className="ui-combobox-list"
          hidden={!shown}
        >
          {note ? (
            <li role="presentation" className="ui-combobox-note">
              {note}
            </li>
          ) : null}
          {options.map((o, i) => (
            <li
              key={o.key}
              id={`${optionId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="ui-combobox-option"
              // Picked on mousedown so the input's blur does not close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(i);
              }}
              onMouseMove={() => setActive(i)}
            >
              <span>{o.label}</span>
              {o.detail ? <span className="ui-combobox-option-detail">{o.detail}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <FieldNotes {...ids} hint={hint} error={error} />
    </div>
  );
}
