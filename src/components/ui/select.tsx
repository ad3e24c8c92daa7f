import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { FieldNotes, useFieldIds } from './field.tsx';
import './select.css';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Options that share a group (consecutive) are listed under its heading. */
  group?: string;
}

/** Radix Select items cannot carry '', so "no choice" travels under this value. */
const NONE = '__none__';

type SelectProps<V extends string> = {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  id?: string;
  /** Keep the label for screen readers only (the control sits where its meaning is obvious). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  describedBy?: string;
  disabled?: boolean;
  /** Wrapper class (default "field"). */
  className?: string;
  /** Shown when nothing is chosen and there is no "none" entry. */
  placeholder?: string;
  /** For focusing the control (the trigger button) when a form points at a problem. */
  triggerRef?: Ref<HTMLButtonElement>;
  /** Marks the control invalid when the problem line is the caller's own (a child). */
  invalid?: boolean;
  /** Marks the control required for assistive technology. */
  required?: boolean;
  children?: ReactNode;
} & (
  | { noneLabel: string; value: V | null | undefined; onChange: (value: V | null) => void }
  | { noneLabel?: undefined; value: V | null | undefined; onChange: (value: V) => void }
);

/** A labelled single choice on Radix Select (keyboard, typeahead, screen-reader combobox), styled by the tokens. */
export function Select<V extends string>(props: SelectProps<V>) {
  const { label, options, hideLabel, hint, error, disabled, className = 'field', placeholder, children } = props;
  const { controlId, hintId, errorId, describedBy } = useFieldIds(props.id, hint, error, props.describedBy);
  const labelId = `${controlId}-label`;
  const current = props.value ?? (props.noneLabel !== undefined ? NONE : '');
  return (
    <div className={className}>
      <label id={labelId} htmlFor={controlId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <RadixSelect.Root
        value={current}
        disabled={disabled}
        onValueChange={(v) => {
          if (props.noneLabel !== undefined) props.onChange(v === NONE ? null : (v as V));
          else props.onChange(v as V);
        }}
      >
        <RadixSelect.Trigger
          ref={props.triggerRef}
          aria-required={props.required || undefined}
          id={controlId}
          className="ui-select-trigger"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error || props.invalid ? true : undefined}
        >
          <RadixSelect.Value placeholder={placeholder ?? 'Choose…'} />
          <RadixSelect.Icon className="ui-select-icon">
            <ChevronDown size={16} aria-hidden />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="ui-select-content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport className="ui-select-viewport">
              {props.noneLabel !== undefined && <SelectItem value={NONE} label={props.noneLabel} />}
              {grouped(options).map((g, i) =>
                g.group === undefined ? (
                  g.options.map((o) => <SelectItem key={o.value} value={o.value} label={o.label} disabled={o.disabled} />)
                ) : (
                  <RadixSelect.Group key={`${g.group}-${i}`} className="ui-select-group">
                    <RadixSelect.Label className="ui-select-group-label">{g.group}</RadixSelect.Label>
                    {g.options.map((o) => (
                      <SelectItem key={o.value} value={o.value} label={o.label} disabled={o.disabled} />
                    ))}
                  </RadixSelect.Group>
                ),
              )}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
      {children}
    </div>
  );
}

function grouped<V extends string>(options: readonly SelectOption<V>[]) {
  const out: { group: string | undefined; options: SelectOption<V>[] }[] = [];
  for (const o of options) {
    const last = out.at(-1);
    if (last && last.group === o.group) last.options.push(o);
    else out.push({ group: o.group, options: [o] });
  }
  return out;
}

function SelectItem({ value, label, disabled }: { value: string; label: string; disabled?: boolean }) {
  return (
    <RadixSelect.Item value={value} disabled={disabled} className="ui-select-item">
      <RadixSelect.ItemText>{label}</RadixSelect.ItemText>
      <RadixSelect.ItemIndicator className="ui-select-check">
        <Check size={16} aria-hidden />
      </RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  );
}

/** Options from a `Record<value, label>` (the label maps every feature keeps), optionally a subset in order. */
export function optionsFrom<V extends string>(labels: Readonly<Record<V, string>>, only?: readonly V[]): SelectOption<V>[] {
  return (only ?? (Object.keys(labels) as V[])).map((value) => ({ value, label: labels[value] }));
}
