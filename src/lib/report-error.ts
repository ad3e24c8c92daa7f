import type { ClientErrorKind } from './error-reporting.ts';

/**
 * Reports an error to the server's error log. The reporter (its fingerprinting and client
 * calls) is a chunk of its own, loaded the first time an error happens, so the first load of
 * every page does not carry it. If even that chunk cannot load, the error stays in the console.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  void import('./error-reporting.ts').then((m) => m.reportClientError(kind, error)).catch(() => undefined);
}
