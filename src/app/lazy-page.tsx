import { use, type ComponentType } from 'react';
import type { PageModule } from './route-table.ts';

export const PRELOAD_ERROR_EVENT = 'preload-error';

/** Loaders whose chunk failed: kept failed (so the error shows) until Retry. */
const failed = new Set<() => void>();

/** Lets failed page chunks load again (the error boundary's Retry). */
export function resetFailedPageLoads(): void {
  failed.forEach((reset) => reset());
  failed.clear();
}

/**
 * Like React.lazy, but a failed chunk load is not cached forever: it raises a
 * 'preload-error' event on window, surfaces to the error boundary, and the
 * boundary's Retry loads the chunk again.
 */
export type LazyPageComponent = ComponentType & { preload: () => Promise<ComponentType> };

export function lazyPage(load: () => Promise<PageModule>): LazyPageComponent {
  let pending: (Promise<ComponentType> & { status?: string; value?: ComponentType }) | null = null;
  const get = () =>
    (pending ??= load().then(
      (mod) => {
        // Marked as React marks what use() has seen: once loaded, use() returns the page at once,
        // so a page preloaded before the first render never shows the fallback.
        Object.assign(pending!, { status: 'fulfilled', value: mod.default });
        return mod.default;
      },
      (error: unknown) => {
        failed.add(() => {
          pending = null;
        });
        window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error }));
        throw error;
      },
    ));
  // use() on every render, of one cached promise: React replays a suspended render and
  // expects the same use() calls, so skipping it once loaded logs "conditional use()" in dev.
  function LazyPage() {
    const Loaded = use(get());
    return <Loaded />;
  }
  return Object.assign(LazyPage, { preload: get });
}
