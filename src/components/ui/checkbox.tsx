import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { CheckIcon } from './control-icons.tsx';
import type { ReactNode } from 'react';
import { FieldShell, useFieldIds } from './field.tsx';
import './choice.css';

/** A labelled checkbox (Radix: role checkbox, Space toggles), the box in the brand colour. */
export function Checkbox({
  label,
  checked,
  onChange,
  id,
  disabled,
  describedBy,
  className,
  hideLabel,
}: {
  label: ReactNode;
  /** The label for screen readers only (a checkbox in a table row named by the row). */
  hideLabel?: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const { controlId } = useFieldIds(id, null, null);
  return (
    <FieldShell
      className={['ui-choice', className].filter(Boolean).join(' ')}
      controlId={controlId}
      label={label}
      hideLabel={hideLabel}
      labelAfter
    >
      <RadixCheckbox.Root
        id={controlId}
        className="ui-checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onCheckedChange={(v) => onChange(v === true)}
      >
        <RadixCheckbox.Indicator className="ui-checkbox-indicator">
          <CheckIcon size={14} strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
    </FieldShell>
  );
}
