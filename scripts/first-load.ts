// The first-load rule, shared by the bench (`node --import tsx scripts/bench.ts sizes`) and the check in npm test
// (tests/e2e/first-load.spec.ts): a first visit to a route loads, before `load`, the shell (index.html's entry and
// what it preloads) and the route's own chunks (routes.json, which the server modulepreloads), counted by the gzip
// (level 9) size of each file of the build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { ROUTE_MANIFEST, type RouteManifestEntry } from './build-plugins.ts';

/**
 * The floor app's first-load JS (scripts/bench-floor.ts: the seven libraries, no app code), in gzip -9 bytes, pinned
 * here for the check in npm test, which does not build the floor. Re-measure it with
 * `node --import tsx scripts/bench.ts sizes` (it builds the floor and prints its bytes, and says when they differ from
 * this figure) after upgrading a library the floor holds (react, react-dom, wouter, @tanstack/react-query, xstate,
 * @xstate/react, openapi-fetch) or Vite. Measured 4 Dec 2026.
 */
export const FLOOR_JS_BYTES = 93_222;

/** The first-load targets, as a multiple of the floor's JS: the home page and a challenge's board. */
export const SIZE_TARGETS = { home: 1.1, leaderboard: 1.15 } as const;
/** The route each target is measured on. */
export const SIZE_ROUTES = { home: '/', leaderboard: '/challenge-leaderboard-page' } as const;

export interface FirstLoad {
  js: number;
  css: number;
  /** Each file loaded, relative to the client folder, with its gzip -9 bytes, largest first. */
  files: { file: string; bytes: number }[];
}

export function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The JS and CSS that index.html loads before any lazy page: the entry, its modulepreloads, its CSS. */
export function shellAssets(dir: string): string[] {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return [...new Set(refs)];
}

export function gzipSize(rel: string, dir: string) {
  return gzipSync(readFileSync(path.join(dir, rel)), { level: 9 }).length;
}

/** gzip (level 9) bytes of the JS and CSS a first visit loads: the shell plus the given page chunks. */
export function firstLoad(dir: string, pageAssets: string[] = []): FirstLoad {
  const files = [...new Set([...shellAssets(dir), ...pageAssets])].map((file) => ({ file, bytes: gzipSize(file, dir) }));
  const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.bytes, 0);
  return { js: sum('.js'), css: sum('.css'), files: files.sort((a, b) => b.bytes - a.bytes) };
}

/** The build's routes.json: each route's own chunks. */
export function routeManifest(dir: string): Record<string, RouteManifestEntry> {
  return JSON.parse(readFileSync(path.join(dir, ROUTE_MANIFEST), 'utf8')) as Record<string, RouteManifestEntry>;
}

/** A first visit to `route`: the shell plus the route's own chunks and styles. */
export function routeFirstLoad(dir: string, route: string, manifest = routeManifest(dir)): FirstLoad {
  const entry = manifest[route];
  if (!entry) throw new Error(`${route} is not in ${ROUTE_MANIFEST}`);
  return firstLoad(dir, [...entry.js, ...entry.css]);
}

/**
 * Each targeted route whose first-load JS is over its multiple of the floor's, as a message naming its JS files and
 * their sizes; empty when all are within.
 */
export function firstLoadProblems(dir: string, floorBytes = FLOOR_JS_BYTES): string[] {
  const manifest = routeManifest(dir);
  const problems: string[] = [];
  for (const [name, route] of Object.entries(SIZE_ROUTES) as [keyof typeof SIZE_ROUTES, string][]) {
    const load = routeFirstLoad(dir, route, manifest);
    const target = SIZE_TARGETS[name];
    const ratio = load.js / floorBytes;
    if (ratio <= target) continue;
    const chunks = load.files.filter((f) => f.file.endsWith('.js')).map((f) => `${path.basename(f.file)} ${kb(f.bytes)}`);
    problems.push(
      `${route}: ${kb(load.js)} of JS before load = ${ratio.toFixed(3)}x the floor's ${kb(floorBytes)} (target <= ${target.toFixed(2)}x, ` +
        `${kb(load.js - target * floorBytes)} over). Its chunks: ${chunks.join(', ')}. Load what the page does not need ` +
        'before first use when it is used (docs/benchmarks.md, first load).',
    );
  }
  return problems;
}
