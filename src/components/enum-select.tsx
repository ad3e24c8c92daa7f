import type { ReactNode } from 'react';

/**
 * A labelled <select> over a closed set of values, its options from a `Record<value, label>`
 * (the labels every feature already keeps). With `anyLabel`, a first "no choice" entry calls back null.
 */
export function EnumSelect<V extends string>(
  props: {
    id: string;
    label: string;
    options: Readonly<Record<V, string>>;
    /** Only these values, in this order (default: every key of options). */
    only?: readonly V[];
    className?: string;
    disabled?: boolean;
    describedBy?: string;
    /** Under the select: hints, a problem line. */
    children?: ReactNode;
  } & (
    | { anyLabel: string; value: V | null | undefined; onChange: (value: V | null) => void }
    | { anyLabel?: undefined; value: V; onChange: (value: V) => void }
  ),
) {
  const { id, label, options, only, className = 'field', disabled, describedBy, children } = props;
  const values = only ?? (Object.keys(options) as V[]);
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={props.value ?? ''}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => {
          const picked = e.target.value as V;
          if (props.anyLabel !== undefined) props.onChange(picked === '' ? null : picked);
          else props.onChange(picked);
        }}
      >
        {props.anyLabel !== undefined && <option value="">{props.anyLabel}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {options[v]}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
