// npm start: build the SPA if its sources changed, then serve SPA + API on one port.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { buildServerIfNeeded, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How often we look whether our parent is gone (see below). */
const PARENT_CHECK_MS = 500;

buildIfNeeded();
// The server runs compiled (dist/server/main.js, built when its sources changed): no TypeScript compiled at start.
await buildServerIfNeeded();
const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// The server drains and closes on SIGTERM/SIGINT (server/main.ts): pass each one on.
let stopping = false;
function stop(signal) {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// `npm start` runs us under `sh -c`, and on SIGTERM npm kills that shell, which dies
// without passing the signal on: we would be orphaned with the server still up.
// A changed parent pid means whoever started us is gone: stop as if told to.
const parent = process.ppid;
const watch = setInterval(() => {
  if (!stopping && process.ppid !== parent) stop('SIGTERM');
}, PARENT_CHECK_MS);
watch.unref();

child.on('exit', (code, signal) => {
  clearInterval(watch);
  // Exit as the server did: its code, or 128 + the signal that ended it.
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 0));
});
