import { use, type ComponentType } from 'react';
import type { PageModule } from './route-table.ts';

export const PRELOAD_ERROR_EVENT = 'preload-error';

/**
 * Like React.lazy, but a failed chunk load is not cached: it raises a
 * 'preload-error' event on window, surfaces to the error boundary, and the
 * boundary's Retry loads the chunk again.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  let Component: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const get = () =>
    (pending ??= load().then(
      (mod) => {
        Component = mod.default;
      },
      (error: unknown) => {
        pending = null;
        window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error }));
        throw error;
      },
    ));
  function LazyPage() {
    if (!Component) use(get());
    const Loaded = Component!;
    return <Loaded />;
  }
  return LazyPage;
}
