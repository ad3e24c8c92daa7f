import { useSearchParams } from 'wouter';

/**
 * One ?name= of the address as state: the value (or the default when absent) and a setter
 * that writes it back, dropping the parameter at its default. Replaces the history entry
 * by default, so typing in a filter does not fill the Back button.
 */
export function useSearchParam(name: string, defaultValue = ''): [string, (value: string, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? defaultValue;
  const set = (next: string, { replace = true }: { replace?: boolean } = {}) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === defaultValue || next === '') out.delete(name);
        else out.set(name, next);
        return out;
      },
      { replace },
    );
  return [value, set];
}
