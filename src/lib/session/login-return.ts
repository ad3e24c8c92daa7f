import { routerBase } from '../runtime-config.ts';
import { safeNextPath } from '../safe-next.ts';

/** `?next=` with the page the athlete is on (inside the app), so signing in again returns there. */
export function loginReturn(location: Pick<Location, 'pathname' | 'search'> = window.location, base = routerBase): string {
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : '/';
  const here = `${path}${location.search}`;
  const next = safeNextPath(here, '');
  return next && next !== '/' ? `?next=${encodeURIComponent(next)}` : '';
}
