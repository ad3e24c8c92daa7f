import { PARENT_BEACON_INTERVAL_MS } from '#domain/constants.ts';
import { runtimeConfig } from './runtime-config.ts';

export const EMBED_SOURCE = 'repforge-app';

/** Query keys that only pick a view (page, tab, filters); any other (a reset token, a redirect) stays out of parent messages. */
const SHAREABLE_QUERY_KEYS = new Set(['page', 'tab', 'sex', 'age', 'bw', 'gym', 'mode', 'id', 'edit', 'search', 'sort']);

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * The parent origins messages may go to: EMBED_ORIGINS, or our own origin when none is set.
 * postMessage delivers only when the parent's origin is the target, so each is tried in turn.
 */
export function parentOrigins(configured = runtimeConfig.embedOrigins, own = window.location.origin): string[] {
  return configured.length > 0 ? configured : [own];
}

function post(message: Record<string, unknown>) {
  for (const origin of parentOrigins()) {
    try {
      window.parent.postMessage({ source: EMBED_SOURCE, ...message }, origin);
    } catch {
      // A detached parent is not our problem to report.
    }
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

/** The page's location as a parent may see it: the path, view-picking query keys only, and a plain anchor. */
export function shareableLocation(location: { pathname: string; hash: string; search: string }) {
  const query = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const [key, value] of query) if (SHAREABLE_QUERY_KEYS.has(key)) kept.append(key, value);
  const text = kept.toString();
  const search = text ? `?${text}` : '';
  const hash = /^#[\w-]*$/.test(location.hash) ? location.hash : '';
  return { pathname: location.pathname, hash, search };
}

export function postPageChange(location: { pathname: string; hash: string; search: string }): void {
  if (!isEmbedded()) return;
  post({ type: 'page-change', timestamp: Date.now(), location: shareableLocation(location) });
}
