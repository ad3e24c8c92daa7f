import { useEffect, useState, type ComponentType } from 'react';
import { lazyModule } from '#src/lib/lazy-module.ts';
import { ChevronDownIcon } from './icons.tsx';
import { FieldNotes, useFieldIds } from './field.tsx';
import type { SelectOption, SelectProps } from './select-types.ts';
import './select.css';

export type { SelectOption, SelectProps } from './select-types.ts';

type RadixSelectModule = { default: ComponentType<SelectProps<string> & { defaultOpen?: boolean }> };

// Radix Select and its positioning code are not needed to paint a page: a Select shows a plain
// button that looks and reads like the Radix trigger (a combobox with the current choice), and the
// first press swaps in the Radix one, open. Its chunk is fetched when the stand-in is first
// hovered, focused or pressed (never unprompted: a page that shows a Select but is only read
// does not download Radix Select and its positioning code).
const radixSelect = lazyModule(() => import('./radix-select.tsx') as Promise<RadixSelectModule>);
const loadRadixSelect = radixSelect.load;

/** A labelled single choice on Radix Select (keyboard, typeahead, screen-reader combobox), styled by the tokens. */
export function Select<V extends string>(props: SelectProps<V>) {
  // Once the chunk is in, Selects that show from then on are Radix from the start; a stand-in
  // already on screen stays until pressed, so it never swaps under a focused keyboard user.
  const [loaded, setLoaded] = useState(radixSelect.current);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    if (!pressed) return;
    let live = true;
    loadRadixSelect().then(
      (m) => live && setLoaded(m),
      (error: unknown) => {
        console.error('A choice list failed to load:', error);
        if (live) setPressed(false);
      },
    );
    return () => {
      live = false;
    };
  }, [loaded, pressed]);
  if (loaded) {
    const Real = loaded.default as unknown as ComponentType<SelectProps<V> & { defaultOpen?: boolean }>;
    return <Real {...props} defaultOpen={pressed} />;
  }
  return <SelectStandIn {...props} onPress={() => setPressed(true)} />;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

function SelectStandIn<V extends string>(props: SelectProps<V> & { onPress: () => void }) {
  const { label, options, hideLabel, hint, error, disabled, className = 'field', placeholder, children } = props;
  const { controlId, hintId, errorId, describedBy } = useFieldIds(props.id, hint, error, props.describedBy);
  const labelId = `${controlId}-label`;
  const chosen = props.value == null ? undefined : options.find((o) => o.value === props.value)?.label;
  const shown = chosen ?? (props.noneLabel !== undefined && props.value == null ? props.noneLabel : undefined);
  return (
    <div className={className}>
      <label id={labelId} htmlFor={controlId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <button
        type="button"
        role="combobox"
        ref={props.triggerRef}
        id={controlId}
        className="ui-select-trigger"
        aria-expanded={false}
        aria-autocomplete="none"
        aria-required={props.required || undefined}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={error || props.invalid ? true : undefined}
        disabled={disabled}
        data-state="closed"
        data-placeholder={shown === undefined ? '' : undefined}
        onPointerEnter={() => void loadRadixSelect().catch(() => undefined)}
        onFocus={() => void loadRadixSelect().catch(() => undefined)}
        onClick={props.onPress}
        onKeyDown={(event) => {
          if (!OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          props.onPress();
        }}
      >
        <span style={{ pointerEvents: 'none' }}>{shown ?? placeholder ?? 'Choose…'}</span>
        <span className="ui-select-icon" aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </button>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
      {children}
    </div>
  );
}

/** Options from a `Record<value, label>` (the label maps every feature keeps), optionally a subset in order. */
export function optionsFrom<V extends string>(labels: Readonly<Record<V, string>>, only?: readonly V[]): SelectOption<V>[] {
  return (only ?? (Object.keys(labels) as V[])).map((value) => ({ value, label: labels[value] }));
}
