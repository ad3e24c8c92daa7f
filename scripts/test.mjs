// npm test: every check, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './find-browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (res.status !== 0) process.exit(res.status ?? 1);
};

run('lint', bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint', '.']);
run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
run('file sizes', process.execPath, ['scripts/check-sizes.mjs']);
run('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('unit, model and server tests', bin('vitest'), ['run']);
const browser = await ensureBrowser();
run('e2e (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_CHROMIUM_EXECUTABLE: browser });
