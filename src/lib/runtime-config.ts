/** Public settings the server injects into index.html (see server/static.ts). */
export interface RuntimeConfig {
  basePath: string;
  storeUrl: string;
  communitySiteUrl: string | null;
  /** Parent origins allowed to frame the app (EMBED_ORIGINS); empty means only our own. */
  embedOrigins: string[];
}

const defaults: RuntimeConfig = {
  basePath: '/',
  storeUrl: 'https://store.repforge.example/',
  communitySiteUrl: null,
  embedOrigins: [],
};

function read(): RuntimeConfig {
  if (typeof document === 'undefined') return defaults;
  const el = document.getElementById('app-config');
  if (!el?.textContent) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(el.textContent) as Partial<RuntimeConfig>) };
  } catch {
    return defaults;
  }
}

export const runtimeConfig: RuntimeConfig = read();

/** The mount point without its trailing slash: '' at the root, '/fit' under /fit/. */
export const routerBase = runtimeConfig.basePath.replace(/\/$/, '');

/** Absolute origin + mount point, the base URL of every API call. */
export function apiBaseUrl(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}${routerBase}`;
}
