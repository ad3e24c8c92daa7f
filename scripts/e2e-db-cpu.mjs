// What the journeys' servers cost on the embedded database against PostgreSQL (#36): runs each given e2e spec
// file alone (one worker, no spare server, no retry) with E2E_DATABASE_URL unset and set, alternating the order,
// and sums from /proc the CPU time of the app server process and of the PostgreSQL backends serving the file's
// database (`postgres: … e2e_…`), the server's start (until its health check answers), and the whole run's tree
// (/usr/bin/time). Usage: node scripts/e2e-db-cpu.mjs [--rounds N] file.spec.ts…  (E2E_CPU_DATABASE_URL: the
// PostgreSQL server, postgres://root@127.0.0.1:5432/test by default).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { HZ, cmdlineOf, cpuTicks, parentOf, pids } from './proc-cpu.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 2;
const files = args;
const adminUrl = process.env.E2E_CPU_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const SAMPLE_MS = 100;

/** Whether pid descends from root (other sessions run journeys on the same machine). */
function descendsFrom(pid, root) {
  for (let p = pid, hops = 0; p > 1 && hops < 20; p = parentOf(p), hops++) if (p === root) return true;
  return false;
}
function portOf(pid) {
  try {
    return /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** One run of `playwright test file`, sampled. */
async function runOnce(file, mode) {
  const servers = new Map(); // pid -> { ticks, port, startTicks, healthy }
  const backends = new Map(); // pid -> ticks (postgres backends of e2e_… databases)
  const timeFile = path.join(os.tmpdir(), `e2e-db-cpu-${process.pid}.time`);
  const env = {
    ...process.env,
    E2E_NO_SPARE: '1',
    E2E_RETRIES: '0',
    E2E_WORKERS: '1',
    E2E_DATABASE_URL: mode === 'postgres' ? adminUrl : '',
  };
  const load = os.loadavg()[0];
  const started = Date.now();
  const child = spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, 'npx', 'playwright', 'test', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    for (const pid of pids()) {
      const known = servers.get(pid);
      if (known) {
        known.ticks = cpuTicks(pid) ?? known.ticks;
        continue;
      }
      if (backends.has(pid)) {
        backends.set(pid, cpuTicks(pid) ?? backends.get(pid));
        continue;
      }
      const cmd = cmdlineOf(pid).replaceAll('\0', ' ');
      if (cmd.includes('dist/server/main.js') && cmd.includes('exit-with-parent') && descendsFrom(pid, child.pid)) {
        servers.set(pid, { ticks: cpuTicks(pid) ?? 0, port: portOf(pid), startTicks: undefined, healthy: false });
      } else if (cmd.startsWith('postgres:') && descendsFrom(Number(/ e2e_(\d+)_/.exec(cmd)?.[1]), child.pid)) {
        backends.set(pid, cpuTicks(pid) ?? 0);
      }
    }
    for (const server of servers.values()) {
      if (server.healthy || !server.port) continue;
      server.healthy = await fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(500) })
        .then((r) => r.ok)
        .catch(() => false);
      if (server.healthy) server.startTicks = server.ticks + [...backends.values()].reduce((a, b) => a + b, 0);
    }
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  const code = await exited;
  const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  const server = [...servers.values()].reduce((a, s) => a + s.ticks, 0) / HZ;
  const db = [...backends.values()].reduce((a, b) => a + b, 0) / HZ;
  const start = [...servers.values()].reduce((a, s) => a + (s.startTicks ?? 0), 0) / HZ;
  const passed = /(\d+) passed/.exec(output)?.[1] ?? '0';
  const failed = /(\d+) failed/.exec(output)?.[1] ?? '0';
  return {
    file,
    mode,
    code,
    load,
    wall: (Date.now() - started) / 1000,
    servers: servers.size,
    backends: backends.size,
    start,
    server,
    db,
    serverDb: server + db,
    tree: user + sys,
    passed,
    failed,
  };
}

/** CPU of one `create database … template …` and its `drop` in the backend that runs them. */
async function createDropCost(times = 5) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const db = await admin.reserve();
  const [{ pid }] = await db`select pg_backend_pid() as pid`;
  const [{ name: template }] = await db`select datname as name from pg_database where datname like 'tmpl\_%' order by oid desc limit 1`;
  const before = cpuTicks(pid);
  const t0 = Date.now();
  for (let i = 0; i < times; i++) {
    await db.unsafe(`create database e2e_${process.pid}_cost template "${template}"`);
    await db.unsafe(`drop database e2e_${process.pid}_cost`);
  }
  const cpu = (cpuTicks(pid) - before) / HZ / times;
  const wall = (Date.now() - t0) / 1000 / times;
  db.release();
  await admin.end();
  return { template, cpu, wall };
}

const results = [];
for (let round = 0; round < rounds; round++) {
  for (const file of files) {
    const order = (round + files.indexOf(file)) % 2 === 0 ? ['embedded', 'postgres'] : ['postgres', 'embedded'];
    for (const mode of order) {
      const result = await runOnce(file, mode);
      results.push(result);
      console.log(JSON.stringify(result));
    }
  }
}
console.log('create + drop database (backend CPU-s, wall s, each):', JSON.stringify(await createDropCost()));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log('\nfile | db | runs | start | server | postgres | server+db | tree (CPU-s, medians)');
for (const file of files) {
  for (const mode of ['embedded', 'postgres']) {
    const rs = results.filter((r) => r.file === file && r.mode === mode);
    const m = (k) => median(rs.map((r) => r[k])).toFixed(1);
    console.log(
      `${path.basename(file)} | ${mode} | ${rs.length} | ${m('start')} | ${m('server')} | ${m('db')} | ${m('serverDb')} | ${m('tree')}`,
    );
  }
}
