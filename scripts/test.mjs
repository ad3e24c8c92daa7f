// npm test: the static checks and Vitest at once, then the journeys, stopping at the first stage that fails; at the end
// (also after a failure) a table of how long each stage took.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './find-browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** TypeScript 7's compiler by its own path: `.bin/tsc` may link either TypeScript package. */
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
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

/**
 * Runs stages at once, each one's output printed whole when it ends; fails (after all ended) when any failed, calling
 * `onFailure` first (what runs beside them is stopped).
 */
async function runTogether(list, onFailure = () => {}) {
  const startedTogether = Date.now();
  const results = await Promise.all(
    list.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          const done = (code) => {
            const seconds = (Date.now() - started) / 1000;
            const ok = code === 0;
            console.log(`\n=== ${label} ===\n${output.trimEnd()}\n=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ===`);
            resolve({ label, seconds, ok });
          };
          child.on('error', (error) => {
            output += String(error);
            done(1);
          });
          child.on('close', done);
        }),
    ),
  );
  const seconds = (Date.now() - startedTogether) / 1000;
  stages.push({ label: `${list.map(([label]) => label).join(', ')} at once`, seconds, ok: results.every((r) => r.ok) });
  stages.push(...results.map((r) => ({ ...r, label: `  ${r.label}` })));
  if (results.some((r) => !r.ok)) {
    await onFailure();
    summary();
    process.exit(1);
  }
}

/** A stage started now, its output streamed as it comes; `done` gives its entry for the table when it ends. */
function startLive(label, cmd, args) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: 'inherit' });
  const done = new Promise((resolve) => {
    const end = (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ===`);
      resolve({ label, seconds, ok, code });
    };
    child.on('error', () => end(1));
    child.on('close', end);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await done;
  };
  return { done, stop };
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

// The static checks need no server and share no files: they run at once (on a fresh 2-core machine lint 42 s, format
// 23 s and types 51 s one after another, 4 Dec), each one's output printed whole when it ends, each timed on its own.
// Vitest starts beside them, its output streamed: it leaves a tenth of the two cores idle (waits on PostgreSQL,
// sockets and timers) that the static checks fill (docs/testing.md). A failed static check stops it and the run.
const vitest = startLive('unit, component, model and server tests (beside the static checks)', bin('vitest'), ['run']);
const buildInfo = `node_modules/.cache/tsc/${createHash('sha256').update(root).digest('hex').slice(0, 12)}.tsbuildinfo`;
await runTogether(
  [
    ['lint', bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint', '.']],
    // Prettier parses JS and TS with oxc (`@prettier/plugin-oxc` in .prettierrc.json: the same printer, 62 → 32 CPU-s
    // cold on 6 Dec) and keeps a cache by content: a second run checks only the files that changed.
    ['format', bin('prettier'), ['--check', '--log-level', 'warn', '--cache', '--cache-strategy', 'content', '.']],
    ['file sizes', process.execPath, ['scripts/check-sizes.mjs']],
    // TypeScript 7's native compiler (`typescript-native`; the libraries that call TypeScript's JS API, typescript-eslint
    // and openapi-typescript, keep the `typescript` 5.9 package): 68 → 21 CPU-s cold on 6 Dec. One thread, as the
    // two cores are busy with Vitest (with its default four checkers the same wall time, 36 CPU-s). Incremental: it
    // keeps what it learnt in a build-info file and rechecks only what changed (2.5 s warm). One file per checkout:
    // worktrees may share node_modules, and a file rewritten by another checkout would only cost a cold check.
    ['types', tsc, ['-p', 'tsconfig.json', '--noEmit', '--singleThreaded', '--incremental', '--tsBuildInfoFile', buildInfo]],
  ],
  vitest.stop,
);
const tests = await vitest.done;
stages.push({ label: tests.label, seconds: tests.seconds, ok: tests.ok });
if (!tests.ok) {
  summary();
  process.exit(tests.code ?? 1);
}
const browser = await ensureBrowser({ shell: true });
run('e2e (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_CHROMIUM_EXECUTABLE: browser });
summary();
