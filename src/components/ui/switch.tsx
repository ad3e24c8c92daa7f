import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
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
  const auto = useId();
  const controlId = id ?? `sw${auto.replace(/:/g, '')}`;
  return (
    <div className={['ui-choice', className].filter(Boolean).join(' ')}>
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
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}
