import type { ReactNode } from 'react';
import './primitives.css';
import { firstPaint } from '../lib/first-paint.ts';
import { isNotFound } from '../api/errors.ts';
import { LoadingSkeleton } from './loading-skeleton.tsx';
import { NotFoundState } from './not-found-state.tsx';

/** What QueryState reads of a react-query result (useQuery or useInfiniteQuery). */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  /** False for a query waiting on something (react-query's `enabled`). */
  isEnabled?: boolean;
  refetch: () => unknown;
}

/** Lists, `{ items }` pages and infinite `{ pages: [{ items }] }` are empty when they hold no item. */
export function isEmptyData(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === 'object') {
    if ('items' in data && Array.isArray(data.items)) return data.items.length === 0;
    if ('pages' in data && Array.isArray(data.pages)) return data.pages.every((p: unknown) => isEmptyData(p));
  }
  return false;
}

/** A failed load in the server's words, with a Retry that asks again. */
export function QueryError({ error, onRetry, retrying = false }: { error: Error | null; onRetry: () => unknown; retrying?: boolean }) {
  return (
    <div className="query-error" role="alert">
      <p className="error-text">{error?.message || 'Something went wrong while loading this.'}</p>
      <button type="button" className="btn btn-secondary btn-small" disabled={retrying} onClick={() => void onRetry()}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}

/**
 * The loading / error / empty / data branches every page repeats, in one place:
 * `<QueryState query={q} loading="Loading…" empty="Nothing yet.">{(data) => …}</QueryState>`.
 * Strings become the house markup (a loading skeleton after 300 ms, an empty card); nodes are shown as given.
 */
export function QueryState<T>({
  query,
  loading = 'Loading…',
  empty,
  isEmpty = isEmptyData,
  notFound,
  children,
}: {
  query: QueryLike<T>;
  loading?: ReactNode;
  /** Shown instead of children when the data holds nothing; without it, children always render. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /**
   * Shown when the server answers 404 (the thing asked for does not exist): a NotFoundState naming it
   * with a way back. Without it a 404 still offers the home page instead of a Retry that cannot help.
   */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const retry = <QueryError error={query.error} onRetry={query.refetch} retrying={!!query.isFetching} />;
  if (query.isPending && query.data === undefined) {
    // A query that is disabled (nothing asked yet) is pending but not fetching: show nothing rather than a spinner forever.
    // The prerendered first paint runs no query: one that will run shows its placeholder, as the app's first render does.
    if (query.isFetching === false && !(firstPaint.active && query.isEnabled)) return null;
    return typeof loading === 'string' ? <LoadingSkeleton label={loading} /> : <>{loading}</>;
  }
  if (query.data === undefined) {
    if (query.isError && isNotFound(query.error)) return <>{notFound ?? <NotFoundState detail={query.error?.message} />}</>;
    return query.isError ? retry : null;
  }
  const data = query.data;
  const body =
    empty !== undefined && isEmpty(data) ? (
      typeof empty === 'string' ? (
        <p className="empty card">{empty}</p>
      ) : (
        <>{empty}</>
      )
    ) : (
      children(data)
    );
  // Kept data stays readable when a later refetch fails; the failure shows above it.
  return query.isError ? (
    <>
      {retry}
      {body}
    </>
  ) : (
    body
  );
}
