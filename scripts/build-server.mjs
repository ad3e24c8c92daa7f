// Compiles the server to one JavaScript file, dist/server/main.js (+ source map), so production starts
// without compiling TypeScript (`node --enable-source-maps dist/server/main.js`, what `npm start` runs).
// Packages stay external (node_modules is needed at run time); our own modules, `#server/*` and
// `#domain/*` included, are bundled. Run by `npm start` and the e2e setup when the sources changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const stampFile = path.join(root, 'dist', 'server', '.build-stamp');
const openapiJson = path.join(root, 'dist', 'server', 'openapi.json');
const inputs = ['server', 'domain', 'openapi', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

function hashTree(hash, p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) hashTree(hash, path.join(p, name));
  } else {
    hash.update(path.relative(root, p));
    hash.update(readFileSync(p));
  }
}

function sourceStamp() {
  const hash = createHash('sha256');
  for (const input of inputs) hashTree(hash, path.join(root, input));
  return hash.digest('hex');
}

/** Builds dist/server/main.js when the server's sources changed since the last build; true when it built. */
export async function buildServerIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  if (!force && existsSync(serverEntry) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  console.log('Building the server (its sources changed since the last build)...');
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    // The contract is read from JSON written below, not parsed from YAML at every start (server/openapi.ts).
    define: { __OPENAPI_JSON__: JSON.stringify(path.relative(root, openapiJson)) },
  });
  const written = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { checkContract, readOpenapiForBuild } from '#server/openapi.ts'; import { writeFileSync } from 'node:fs';
       const doc = await readOpenapiForBuild(); await checkContract(doc);
       writeFileSync(${JSON.stringify(openapiJson)}, JSON.stringify(doc));`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (written.status !== 0) throw new Error('could not write dist/server/openapi.json');
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerIfNeeded({ force: process.argv.includes('--force') });
