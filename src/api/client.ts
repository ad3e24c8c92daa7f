import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import { apiBaseUrl } from '../lib/runtime-config.ts';
import { toast } from '../lib/toast.ts';

export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection.';

/** Legacy callers say /api/routes/…; the API lives at /api/…. */
export function rewriteLegacyPath(url: string): string {
  return url.replace(/\/api\/routes\//, '/api/');
}

const rewriteMiddleware: Middleware = {
  onRequest({ request }) {
    const rewritten = rewriteLegacyPath(request.url);
    if (rewritten === request.url) return undefined;
    return new Request(rewritten, request);
  },
};

/** 5xx and network failures are told to the person once, here, not in every caller. */
export const errorToastMiddleware: Middleware = {
  onResponse({ response }) {
    if (response.status >= 500) {
      toast({ title: `Server error: ${response.statusText || response.status}`, variant: 'error' });
    }
    return undefined;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    toast({ title: NETWORK_ERROR_TEXT, variant: 'error' });
    return undefined;
  },
};

/** The app's one API client. */
export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  credentials: 'include',
});
api.use(rewriteMiddleware, errorToastMiddleware);

