import { useSearchParams } from 'wouter';

export interface SetOptions {
  /** Replace the history entry (the default: typing in a search box does not fill Back); false pushes a new one. */
  replace?: boolean;
}

/**
 * One ?name= of the address as state: the value (or the default when absent) and a setter
 * that writes it back, dropping the parameter at its default. Replaces the history entry
 * by default, so typing in a filter does not fill the Back button.
 */
export function useSearchParam(name: string, defaultValue = ''): [string, (value: string, options?: SetOptions) => void] {
  const [state, set] = useQueryState({ [name]: param.string(defaultValue) });
  return [state[name] as string, (value, options) => set({ [name]: value }, options)];
}

/** How one query parameter reads (anything unknown or malformed gives the default) and writes. */
export interface Param<T> {
  parse(raw: string | null): T;
  // Method syntax (bivariant), so a Param<'a' | 'b'> fits where any Param is expected.
  format(value: T): string;
  /** The value the address leaves out. */
  initial: T;
}

export const param = {
  /** Free text, trimmed of nothing (a search box keeps what is typed). */
  string: (initial = ''): Param<string> => ({ parse: (raw) => raw ?? initial, format: (v) => v, initial }),
  /** One of a fixed set of values, else the default. */
  oneOf: <T extends string>(values: readonly T[], initial: T): Param<T> => ({
    parse: (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : initial),
    format: (v) => v,
    initial,
  }),
  /** One of a fixed set of values, or null (no filter) when absent or unknown. */
  optional: <T extends string>(values: readonly T[]): Param<T | null> => ({
    parse: (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null),
    format: (v) => v ?? '',
    initial: null,
  }),
  /** A whole number within bounds (a page number, an id), else the default. */
  int: (initial: number, min = 0, max = Number.MAX_SAFE_INTEGER): Param<number> => ({
    parse: (raw) => {
      if (raw === null || !/^\d{1,15}$/.test(raw)) return initial;
      const n = Number(raw);
      return n >= min && n <= max ? n : initial;
    },
    format: (v) => String(v),
    initial,
  }),
};

type Values<S extends Record<string, Param<unknown>>> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

/**
 * Several query parameters as typed state (filters, tab, page and search of a list or board),
 * so a view can be shared as a link and Back returns to the previous one. The setter changes
 * any of them in one history step (a filter and the page it resets together) and drops each
 * at its default; pass { replace: false } for steps Back should return to (a tab, a filter
 * picked from a menu, a page), and keep the default replace for text typed into a box.
 */
export function useQueryState<S extends Record<string, Param<unknown>>>(
  spec: S,
): [Values<S>, (patch: Partial<Values<S>>, options?: SetOptions) => void] {
  const [params, setParams] = useSearchParams();
  const values = {} as Values<S>;
  for (const key of Object.keys(spec) as (keyof S & string)[]) {
    values[key] = spec[key]!.parse(params.get(key)) as Values<S>[typeof key];
  }
  const set = (patch: Partial<Values<S>>, { replace = true }: SetOptions = {}) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const key of Object.keys(patch) as (keyof S & string)[]) {
          const p = spec[key]!;
          const next = patch[key] as unknown;
          const text = p.format(next);
          if (next === p.initial || text === '' || text === p.format(p.initial)) out.delete(key);
          else out.set(key, text);
        }
        return out;
      },
      { replace },
    );
  return [values, set];
}
