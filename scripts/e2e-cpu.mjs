// CPU-seconds of a Playwright run by process class (docs/testing.md, "Chromium flags measured"):
//   node scripts/e2e-cpu.mjs <label> -- <playwright test args>
// Samples /proc every 250 ms for the processes under the run and keeps each one's last utime+stime: Chromium by its
// --type= (browser, renderer, gpu-process, utility), the Playwright workers (the browser driver runs in them), the
// journey servers (dist/server), the rest. Extra Chromium flags for an A/B run: E2E_CHROMIUM_EXTRA_ARGS (space-separated,
// playwright.config.ts). One JSON line on stdout and appended to .bench/e2e-cpu.jsonl.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { HZ, cmdlineOf, pids, procStat } from './proc-cpu.mjs';

const label = process.argv[2] ?? 'run';
const dash = process.argv.indexOf('--');
const args = dash < 0 ? [] : process.argv.slice(dash + 1);
const child = spawn('npx', ['playwright', 'test', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
let out = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));

const CHROMIUM = { renderer: 'renderer', 'gpu-process': 'gpu', utility: 'utility' };
function classify(cmd) {
  if (/chrom/.test(cmd.split('\0')[0]) || cmd.includes('--type=')) {
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
    return type ? `chromium-${CHROMIUM[type] ?? type}` : 'chromium-browser';
  }
  if (cmd.includes('dist/server')) return 'server';
  if (/workerProcessEntry|processHost|workerMain/.test(cmd)) return 'playwright-worker';
  return 'other';
}

const seen = new Map();
function sample() {
  const parent = new Map();
  const cpu = new Map();
  for (const pid of pids()) {
    const stat = procStat(pid);
    if (!stat) continue; // gone between the listing and the read
    parent.set(pid, stat.parent);
    cpu.set(pid, stat.ticks);
  }
  for (const [pid, ticks] of cpu) {
    let up = pid;
    for (let i = 0; i < 30 && up > 1 && up !== child.pid; i++) up = parent.get(up) ?? 0;
    if (up !== child.pid) continue;
    let entry = seen.get(pid);
    // A renderer forked from the zygote shows the zygote's command line until it renames itself: read it again.
    if (!entry || entry.cls === 'chromium-zygote') {
      entry = { cls: classify(cmdlineOf(pid)), ticks: entry?.ticks ?? 0 };
      seen.set(pid, entry);
    }
    entry.ticks = Math.max(entry.ticks, ticks);
  }
}

const timer = setInterval(sample, 250);
const started = Date.now();
const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
child.on('exit', (code) => {
  clearInterval(timer);
  const by = {};
  for (const { cls, ticks } of seen.values()) by[cls] = (by[cls] ?? 0) + ticks / HZ;
  const chromium = Object.entries(by).reduce((sum, [k, v]) => (k.startsWith('chromium') ? sum + v : sum), 0);
  const summary = out
    .split('\n')
    .filter((l) => /^\s+\d+ (passed|failed|flaky|skipped)/.test(l))
    .map((l) => l.trim())
    .join(', ');
  const round = (v) => Math.round(v * 10) / 10;
  const line = JSON.stringify({
    label,
    code,
    wallS: round((Date.now() - started) / 1000),
    load,
    chromium: round(chromium),
    by: Object.fromEntries(Object.entries(by).map(([k, v]) => [k, round(v)])),
    summary,
  });
  console.log(line);
  mkdirSync('.bench', { recursive: true });
  appendFileSync('.bench/e2e-cpu.jsonl', line + '\n');
  if (code) console.log(out);
  process.exitCode = code ?? 1;
});
