// Builds the SPA when its sources changed since the last build (or it was never built).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'src',
  'machines',
  'domain', // bundled with the client
  'package.json', // its import aliases (#domain/*, #src/*, …); openapi/ is not an input: the client imports only its types
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/build-plugins.ts',
  'package-lock.json',
  'tsconfig.json',
];
const stampFile = path.join(root, 'dist', '.build-stamp');

function hashTree(hash, p) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) hashTree(hash, path.join(p, name));
  } else {
    hash.update(path.relative(root, p));
    hash.update(readFileSync(p));
  }
}

export function sourceStamp() {
  const hash = createHash('sha256');
  for (const input of inputs) hashTree(hash, path.join(root, input));
  return hash.digest('hex');
}

export function buildIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  const built = existsSync(path.join(root, 'dist', 'client', 'index.html'));
  if (!force && built && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  console.log('Building the app, about a minute (its sources changed since the last build):');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production build: a caller's NODE_ENV (vitest sets 'test') would make Vite build React's dev bundle.
    // BUILD_PROGRESS: a line every few seconds (scripts/build-plugins.ts, buildProgress).
    env: { ...process.env, NODE_ENV: 'production', BUILD_PROGRESS: '1' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  console.log(`Built the app in ${Math.round((Date.now() - started) / 1000)} s.`);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded({ force: process.argv.includes('--force') });
