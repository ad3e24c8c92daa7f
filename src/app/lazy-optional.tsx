import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for the shell's extras (banners and hosts every page renders beside its content): a chunk that fails to
 * load (offline, or a deploy that removed the old chunk) leaves the extra out and logs why, rather than throwing where
 * no error boundary sits above the shell and blanking the whole app. Pages use lazyPage (its error shows with Retry).
 */
export function lazyOptional(what: string, load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown): { default: ComponentType } => {
      console.error(`${what} failed to load:`, error);
      return { default: () => null };
    }),
  );
}
