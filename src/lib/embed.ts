import { PARENT_BEACON_INTERVAL_MS } from '../../domain/constants.ts';

export const EMBED_SOURCE = 'repforge-app';

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

function post(message: Record<string, unknown>) {
  try {
    window.parent.postMessage({ source: EMBED_SOURCE, ...message }, '*');
  } catch {
    // A detached parent is not our problem to report.
  }
}

/** Tells an embedding parent (editor preview, iframe host) that the app is alive, every second. */
export function startParentBeacon(): () => void {
  if (!isEmbedded()) return () => {};
  const beat = () => post({ type: 'beacon', timestamp: Date.now() });
  beat();
  const id = window.setInterval(beat, PARENT_BEACON_INTERVAL_MS);
  return () => window.clearInterval(id);
}

export function postPageChange(location: { pathname: string; hash: string; search: string }): void {
  if (!isEmbedded()) return;
  post({ type: 'page-change', timestamp: Date.now(), location });
}
