import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId, type ReactNode } from 'react';
import './choice.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A labelled group of radios (Radix: arrow keys move, one tab stop). */
export function RadioGroup<V extends string>({
  label,
  hideLabel,
  options,
  value,
  onChange,
  orientation = 'vertical',
  disabled,
  className,
  describedBy,
}: {
  label: ReactNode;
  hideLabel?: boolean;
  options: readonly RadioOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  orientation?: 'vertical' | 'horizontal';
  disabled?: boolean;
  className?: string;
  describedBy?: string;
}) {
  const base = `rg${useId().replace(/:/g, '')}`;
  return (
    <div className={['ui-radio-group-wrap', className].filter(Boolean).join(' ')}>
      <div id={`${base}-label`} className={hideLabel ? 'visually-hidden' : 'ui-group-label'}>
        {label}
      </div>
      <RadixRadio.Root
        className="ui-radio-group"
        data-orientation={orientation}
        orientation={orientation}
        aria-labelledby={`${base}-label`}
        aria-describedby={describedBy}
        value={value ?? ''}
        disabled={disabled}
        onValueChange={(v) => onChange(v as V)}
      >
        {options.map((o) => {
          const itemId = `${base}-${o.value}`;
          return (
            <div className="ui-choice" key={o.value}>
              <RadixRadio.Item
                id={itemId}
                value={o.value}
                className="ui-radio"
                disabled={o.disabled}
                aria-describedby={o.hint ? `${itemId}-hint` : undefined}
              >
                <RadixRadio.Indicator className="ui-radio-indicator" />
              </RadixRadio.Item>
              <label htmlFor={itemId}>
                {o.label}
                {o.hint ? (
                  <span id={`${itemId}-hint`} className="hint ui-choice-hint">
                    {o.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </RadixRadio.Root>
    </div>
  );
}
