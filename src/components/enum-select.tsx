import type { ReactNode } from 'react';
import { optionsFrom, Select } from './ui/select.tsx';

/**
 * A labelled choice over a closed set of values, its options from a `Record<value, label>`
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
  const common = { id, label, options: optionsFrom(options, only), className, disabled, describedBy, children };
  return props.anyLabel !== undefined ? (
    <Select<V> {...common} noneLabel={props.anyLabel} value={props.value} onChange={props.onChange} />
  ) : (
    <Select<V> {...common} value={props.value} onChange={props.onChange} />
  );
}
