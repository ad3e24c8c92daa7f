import type { ReactNode, Ref } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Options that share a group (consecutive) are listed under its heading. */
  group?: string;
}

/** Radix Select items cannot carry '', so "no choice" travels under this value. */
export const NONE = '__none__';

export type SelectProps<V extends string> = {
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
