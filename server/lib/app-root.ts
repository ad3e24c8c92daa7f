// The project folder (where package.json is), found from this module's place, so the same code finds
// `openapi/` and `server/db/migrations/` whether it runs from the TypeScript sources (server/lib/) or
// from the compiled server (dist/server/main.js, see scripts/build-server.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above it`);
  }
}

export const appRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
