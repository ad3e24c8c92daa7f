/**
 * A module imported once, on demand: `current()` is the module once it is in (null before), and
 * `load()` imports it (one import for every caller; after a failure, the next call tries again).
 */
export function lazyModule<M>(importer: () => Promise<M>) {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    current: () => loaded,
    load: (): Promise<M> =>
      (pending ??= importer().then(
        (m) => (loaded = m),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
  };
}
