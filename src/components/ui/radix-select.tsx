import * as RadixSelect from '@radix-ui/react-select';
import { CheckIcon } from './control-icons.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { FieldNotes, useFieldIds } from './field.tsx';
import { NONE, type SelectOption, type SelectProps } from './select-types.ts';

/** A labelled single choice on Radix Select (keyboard, typeahead, screen-reader combobox), styled by the tokens. */
export default function RadixSelectField<V extends string>(props: SelectProps<V> & { defaultOpen?: boolean }) {
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
        defaultOpen={props.defaultOpen}
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
            <ChevronDownIcon />
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
        <CheckIcon />
      </RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  );
}
