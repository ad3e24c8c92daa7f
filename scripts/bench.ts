// npm run bench: figures, not pass/fail. Each figure is printed beside a baseline
// measured in the same run on this machine.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const SHELL_BUDGET_KB = 120;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The JS and CSS that index.html loads before any lazy page: the entry, its modulepreloads, its CSS. */
function shellAssets(): string[] {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return [...new Set(refs)];
}

function gzipSize(rel: string) {
  return gzipSync(readFileSync(path.join(clientDir, rel)), { level: 9 }).length;
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: 50, duration: LOAD_SECONDS, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG: 'silent' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
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
  buildIfNeeded();
  console.log('\n# Shell size (gzip, level 9): what / loads before any lazy page');
  const assets = shellAssets();
  let js = 0;
  let css = 0;
  for (const a of assets) {
    const size = gzipSize(a);
    if (a.endsWith('.js')) js += size;
    else css += size;
    console.log(`  ${a.padEnd(48)} ${kb(size)}`);
  }
  const homeChunk = existsSync(path.join(clientDir, 'assets'))
    ? (await import('node:fs')).readdirSync(path.join(clientDir, 'assets')).find((f) => f.startsWith('home-page') && f.endsWith('.js'))
    : undefined;
  console.log(`  JS ${kb(js)} (budget ${SHELL_BUDGET_KB} KB: ${js / 1024 <= SHELL_BUDGET_KB ? 'within' : 'OVER'}), CSS ${kb(css)}`);
  if (homeChunk) console.log(`  + the home page's own chunk ${kb(gzipSize(`assets/${homeChunk}`))}`);

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
