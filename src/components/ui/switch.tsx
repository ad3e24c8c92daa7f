import * as RadixSwitch from '@radix-ui/react-switch';
import type { ReactNode } from 'react';
import { FieldShell, useFieldIds } from './field.tsx';
import './choice.css';

/** An on/off setting that applies at once (Radix: role switch). */
export function Switch({
  label,
  checked,
  onChange,
  id,
  disabled,
  describedBy,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const { controlId } = useFieldIds(id, null, null);
  return (
    <FieldShell className={['ui-choice', className].filter(Boolean).join(' ')} controlId={controlId} label={label} labelAfter>
      <RadixSwitch.Root
        id={controlId}
        className="ui-switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onCheckedChange={onChange}
      >
        <RadixSwitch.Thumb className="ui-switch-thumb" />
      </RadixSwitch.Root>
    </FieldShell>
  );
}
