import path from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress, routeManifest } from './scripts/build-plugins.ts';

// base './' makes every asset URL relative, so one build can be mounted under any
// BASE_PATH: the server injects <base href> into index.html at serve time.
// The build also writes routes.json (each route's chunks, which the server modulepreloads
// for the page it serves) and a .br and .gz of every asset (sent as they are).
const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  base: './',
  // The release error reports are tagged with: APP_RELEASE at build time (e.g. a commit), else the package version.
  define: { 'import.meta.env.VITE_APP_RELEASE': JSON.stringify(process.env.APP_RELEASE || pkg.version) },
  plugins: [react(), routeManifest(path.resolve(import.meta.dirname, 'src/app/route-table.ts')), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, ws: true },
    },
  },
});
