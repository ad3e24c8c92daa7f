import path from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildProgress, precompress, privateSourceMaps, routeManifest, startAfterFirstPaint } from './scripts/build-plugins.ts';

// base './' makes every asset URL relative, so one build can be mounted under any
// BASE_PATH: the server injects <base href> into index.html at serve time.
// The build also writes routes.json (each route's chunks, which the server modulepreloads
// for the page it serves) and a .br and .gz of every asset (sent as they are).
const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };

// The shell (the entry and everything it imports statically) is one file: split into the
// chunks the pages share with it, it was eleven requests and about 4 KB more gzip. No
// modulepreload polyfill: every browser the es2022 target runs in supports it or ignores
// the hint (the modules still load through their imports).
/** The entry chunk and its style: index.html loads both before any other chunk. */
const SHELL = /^assets\/index-[\w-]+\.(js|css)$/;

export default defineConfig({
  base: './',
  // The release error reports are tagged with: APP_RELEASE at build time (e.g. a commit), else the package version.
  define: { 'import.meta.env.VITE_APP_RELEASE': JSON.stringify(process.env.APP_RELEASE || pkg.version) },
  resolve: {
    alias: [
      // wouter imports the shim of useSyncExternalStore, which on React 19 only hands over React's own hook: without
      // it every first load is about 0.3 KB of gzip lighter (src/lib/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts'),
      },
    ],
  },
  plugins: [
    buildProgress(),
    react(),
    routeManifest(path.resolve(import.meta.dirname, 'src/app/route-table.ts')),
    startAfterFirstPaint(),
    privateSourceMaps(),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Made for the error log (see privateSourceMaps), never served.
    sourcemap: 'hidden',
    target: 'es2022',
    modulePreload: {
      polyfill: false,
      // What the entry loads lazily (every page, the menus, the dialogs) is not listed with the
      // chunks it imports: that list, for every page, was 2.3 KB of the first load's gzip. The
      // server modulepreloads the current page's chunks (routes.json), so a first visit fetches
      // them at once; a later page finds what it shares with the first one cached and fetches
      // the rest as its chunk names them. Page styles are still loaded with the page. Elsewhere the
      // shell's own script and style (index-*, loaded by the HTML before anything else) are never listed.
      // What a page loads lazily (a board view, a player, a dialog) lists only its styles: its scripts
      // are fetched as its chunk imports them (one round trip later), and the page's first load does
      // not carry the names of every chunk behind each of its lazy parts.
      resolveDependencies: (_file, deps, { hostId }) =>
        SHELL.test(hostId) ? [] : deps.filter((d) => !SHELL.test(d) && d.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // What nearly every data page needs (the query hooks, the loading/error states, the
            // socket's page hooks, buttons) is one chunk: as tiny files it cost the leaderboard's first
            // load about 1 KB of gzip in headers and lost compression.
            {
              name: 'data',
              test: /react-query\/build\/modern\/(useQuery|useBaseQuery|queryOptions)\.js|src\/components\/query-state|src\/api\/errors|src\/lib\/realtime|src\/components\/ui\/button\.tsx$/,
            },
            // What list pages add to it (the address state, a debounced value, pages) is a chunk of its
            // own: in the data chunk it was 0.75 KB of gzip on the home page, which uses none of it;
            // apart it costs a leaderboard page 0.2 KB of glue.
            {
              name: 'lists',
              test: /src\/lib\/use-(search-param|debounced)\.ts$|src\/components\/ui\/pagination\.tsx$/,
            },
            // How a score and a date read (the viewer's units, the score's text, dates): home and every board use
            // all of them; as five tiny chunks they cost each first load about 0.5 KB of gzip in glue.
            {
              name: 'score-words',
              includeDependenciesRecursively: false,
              test: /src\/lib\/(format|units|score-text)\.ts$|domain\/unit-preference\.ts$|domain\/scoring\/(format|units)\.ts$/,
            },
            // The leaderboard's own small parts (the filters row, its table, the score and status
            // texts, a row's gym, picked mark and initials) as one chunk: six requests were about 0.6 KB of gzip in
            // glue. Not the age groups (domain/athlete-groups.ts): domain/places.ts reaches them through the
            // divisions, so the home page's account summary fetched this whole chunk with them (and Select and
            // the challenges client behind it: 1.18× the floor on `/`, over its 1.10×).
            {
              name: 'board',
              // Only these modules: what they import stays in the chunks other pages share.
              includeDependenciesRecursively: false,
              test: /src\/components\/(board-filters|gym-name)\.tsx$|src\/lib\/(links|picked-row)\.ts$|src\/features\/challenges\/components\/(leaderboard-table|status-pill|athlete-initials)\.tsx$|src\/features\/challenges\/api\/score-text\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, ws: true },
    },
  },
});
