// npm test: every check, in order, stopping at the first failure; at the end (also after a
// failure) a table of how long each stage took.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './find-browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** @type {{ label: string, seconds: number, ok: boolean }[]} */
const stages = [];
const startedAll = Date.now();

function summary() {
  const width = Math.max(...stages.map((s) => s.label.length), 'total'.length);
  const line = (label, seconds, note) => `  ${label.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${note}`;
  console.log('\n=== time per stage ===');
  for (const s of stages) console.log(line(s.label, s.seconds, s.ok ? 'ok' : 'FAILED'));
  console.log(line('total', (Date.now() - startedAll) / 1000, stages.every((s) => s.ok) ? 'ok' : 'FAILED'));
}

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  const ok = res.status === 0;
  stages.push({ label, seconds, ok });
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ===`);
  if (!ok) {
    summary();
    process.exit(res.status ?? 1);
  }
};

run('lint', bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint', '.']);
run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
run('file sizes', process.execPath, ['scripts/check-sizes.mjs']);
// Incremental: tsc keeps what it learnt (file hashes, types) in a build-info file and rechecks only what
// changed since (3 Dec, load 2.5: 29.9 s cold, 6.2 s warm). One file per checkout: worktrees may share
// node_modules, and a file rewritten by another checkout would only cost a cold check, never a wrong one.
const buildInfo = `node_modules/.cache/tsc/${createHash('sha256').update(root).digest('hex').slice(0, 12)}.tsbuildinfo`;
run('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo]);
run('unit, component, model and server tests', bin('vitest'), ['run']);
const browser = await ensureBrowser();
run('e2e (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_CHROMIUM_EXECUTABLE: browser });
summary();
