import { useDeferredValue } from 'react';
import type { QueryLike } from '../components/query-state.tsx';
import { useUnsettled } from './settled.tsx';

/**
 * The query with its data handed to the page in a deferred render. A query's answer otherwise renders at once and
 * whole, in the task that heard it (react-query's update is urgent to React): a long list or a dozen cards made one
 * long task there. Deferred, React renders the new data in slices of a few milliseconds with the browser free in
 * between, and the page keeps what it showed until the slices are done: its loading placeholder (still loading, so
 * QueryState keeps it and nothing below moves up) or the data before.
 */
export function useDeferredQuery<T>(query: QueryLike<T>): QueryLike<T> {
  const data = useDeferredValue(query.data);
  // The page has not settled while its data is still to render (src/lib/settled.tsx).
  useUnsettled(data !== query.data);
  if (data === query.data) return query;
  const behind = { data, error: query.error, isError: query.isError, isEnabled: query.isEnabled, refetch: query.refetch };
  return data === undefined
    ? { ...behind, isPending: true, isFetching: true }
    : { ...behind, isPending: false, isFetching: query.isFetching };
}
