// npm run bench: figures, not pass/fail. Each figure is printed beside a baseline
// measured in the same run on this machine.
// `node --import tsx scripts/bench.ts sizes` prints only the first-load sizes (no load test).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildIfNeeded } from './build-if-needed.mjs';
import { FLOOR_JS_BYTES, SIZE_ROUTES, SIZE_TARGETS, firstLoad, gzipSize, kb, routeFirstLoad, routeManifest } from './first-load.ts';
import { measureInBrowser, serveStatic, WINDOW_MS } from './bench-first-load.ts';
import { buildFloor } from './bench-floor.ts';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const SHELL_BUDGET_KB = 120;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** All JS fetched in the first 5 s with no interaction, against the floor's. */
const WINDOW_TARGETS = { home: 1.2, leaderboard: 1.3 };

async function sizes() {
  buildIfNeeded();
  const manifest = routeManifest(clientDir);
  const floorDir = await buildFloor();
  const floor = firstLoad(floorDir);
  console.log("\n# First load (gzip level 9): the shell plus the page's own chunks, beside the floor app");
  const row = (name: string, m: { js: number; css: number }, target?: number) => {
    const ratio = m.js / floor.js;
    const verdict = target
      ? `  ${ratio.toFixed(2)}x the floor (target <= ${target.toFixed(2)}x: ${ratio <= target ? 'within' : 'OVER'})`
      : '';
    console.log(`  ${name.padEnd(44)} JS ${kb(m.js).padStart(9)}   CSS ${kb(m.css).padStart(8)}${verdict}`);
  };
  row('floor (the same libraries, no app code)', floor);
  const shell = firstLoad(clientDir);
  row('shell alone (entry and its preloads)', shell);
  row('/ (home)', routeFirstLoad(clientDir, SIZE_ROUTES.home, manifest), SIZE_TARGETS.home);
  row(SIZE_ROUTES.leaderboard, routeFirstLoad(clientDir, SIZE_ROUTES.leaderboard, manifest), SIZE_TARGETS.leaderboard);
  const homeFiles = manifest[SIZE_ROUTES.home]?.js ?? [];
  if (homeFiles.length)
    console.log(`  the home page's own chunks: ${homeFiles.map((f) => `${path.basename(f)} ${kb(gzipSize(f, clientDir))}`).join(', ')}`);
  // The check in npm test (tests/e2e/first-load.spec.ts) compares against a pinned floor: say when it has moved.
  if (floor.js !== FLOOR_JS_BYTES)
    console.log(`  the floor is ${floor.js} bytes; scripts/first-load.ts pins ${FLOOR_JS_BYTES} (FLOOR_JS_BYTES): update it`);
  console.log(`  (shell JS budget ${SHELL_BUDGET_KB} KB: ${shell.js / 1024 <= SHELL_BUDGET_KB ? 'within' : 'OVER'})`);
  await inBrowser(floorDir);
}

/**
 * The same pages as a browser fetches them (Chromium, a fresh profile, 412 px): JS before `load`
 * and all JS in the first 5 s without interaction, beside the floor app served in the same run.
 */
async function inBrowser(floorDir: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-first-load-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const server = await startServer(port, dataDir, 'demo');
  const floorServer = await serveStatic(floorDir);
  try {
    const app = `http://127.0.0.1:${port}/`;
    const open = (await (await fetch(`${app}api/challenges/discover?status=open`)).json()) as { items: { id: number }[] };
    const board = `challenge-leaderboard-page?id=${open.items[0]?.id ?? 1}`;
    const m = await measureInBrowser([
      { name: 'floor', url: floorServer.url, dir: floorDir },
      { name: 'home', url: app, dir: clientDir },
      { name: 'leaderboard', url: `${app}${board}`, dir: clientDir },
    ]);
    const floor = m.get('floor')!;
    console.log(`\n# First load in Chromium (gzip level 9 of each script fetched), beside the floor app, same run`);
    console.log(`  ${'page'.padEnd(30)} ${'JS before load'.padStart(30)}   ${`all JS in the first ${WINDOW_MS / 1000} s`.padStart(34)}`);
    const fig = (bytes: number, base: number, target?: number) => {
      const r = bytes / base;
      return `${kb(bytes).padStart(9)} ${`${r.toFixed(2)}x`.padStart(6)}${target ? ` (<= ${target.toFixed(2)}x ${r <= target ? 'within' : 'OVER'})` : ''}`;
    };
    console.log(
      `  ${'floor (7 libraries)'.padEnd(30)} ${fig(floor.beforeLoad, floor.beforeLoad).padEnd(30)}   ${fig(floor.firstSeconds, floor.firstSeconds)}`,
    );
    for (const [name, label] of [
      ['home', '/ (home)'],
      ['leaderboard', '/challenge-leaderboard-page'],
    ] as const) {
      const x = m.get(name)!;
      console.log(
        `  ${label.padEnd(30)} ${fig(x.beforeLoad, floor.beforeLoad, SIZE_TARGETS[name]).padEnd(30)}   ${fig(x.firstSeconds, floor.firstSeconds, WINDOW_TARGETS[name])}`,
      );
      if (x.late.length) console.log(`    fetched after load: ${x.late.join(', ')}`);
    }
  } finally {
    await floorServer.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: 50, duration: LOAD_SECONDS, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function startServer(port: number, dataDir: string, seed = 'none') {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: seed, LOG: 'silent' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

async function main() {
  await sizes();
  if (process.argv.includes('sizes')) return;

  console.log(`\n# GET /api/health under autocannon (50 connections, ${LOAD_SECONDS} s each)`);
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddr = bare.server.address();
  const barePort = typeof bareAddr === 'object' && bareAddr ? bareAddr.port : 0;
  const baseline = await measure(`http://127.0.0.1:${barePort}/hello`);
  await bare.close();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const server = await startServer(port, dataDir);
  const ours = await measure(`http://127.0.0.1:${port}/api/health`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });

  const row = (name: string, m: { rps: number; p99: number; errors: number }) =>
    console.log(`  ${name.padEnd(40)} ${m.rps.toFixed(0).padStart(8)} req/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}`);
  row('bare Fastify hello-world (baseline)', baseline);
  row('RepForge GET /api/health (DB ping)', ours);
  console.log(`  ratio: ${(ours.rps / baseline.rps).toFixed(2)}x of the baseline's throughput`);
}

await main();
