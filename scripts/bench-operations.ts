// Operations figures (#38): how long the compiled server takes from a kill -9 to healthy again with the
// demo world loaded, beside a bare Fastify process started the same way in the same run; and, with
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), two nodes on one database: a board page read
// on each node and how long a score written on node A takes to reach node B's board and a socket on B.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import WebSocket from 'ws';
import { buildServerIfNeeded, serverEntry } from './build-server.mjs';
import { percentile, time } from './bench-lib.ts';
import { Mailbox } from '#tests/e2e/support/mailbox.ts';

const root = path.resolve(import.meta.dirname, '..');
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function spawnNode(args: string[], env: Record<string, string>, port: number): Proc {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, port, output: () => output };
}

/** Milliseconds from now until `url` answers 200 (polled every 10 ms). */
async function untilOk(proc: Proc, url: string, started: number, limitMs = 120_000): Promise<number> {
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited early:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > limitMs) throw new Error(`no answer from ${url} in ${limitMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function kill9(proc: Proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGKILL');
  await exited;
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
};

async function restartFigures() {
  console.log(`\n## Restart to healthy after kill -9 (${RESTARTS} restarts each)`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-restart-'));
  const bare = path.join(dataDir, 'bare-fastify.mjs');
  await writeFile(
    bare,
    `import Fastify from ${JSON.stringify(path.join(root, 'node_modules/fastify/fastify.js'))};
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n`,
  );
  try {
    // The first start seeds the demo world into the data folder; every restart after it finds it there.
    const port = await freePort();
    const env = { DATA_DIR: path.join(dataDir, 'data'), SEED: 'demo', JWT_SECRET: 'bench-secret-'.padEnd(64, 'x') };
    const first = spawnNode(['--enable-source-maps', serverEntry], env, port);
    const seeded = await untilOk(first, `http://127.0.0.1:${port}/api/health/ready`, performance.now(), 300_000);
    console.log(`first start (migrations and the demo world): ${seeded.toFixed(0)} ms`);
    await kill9(first);
    const app: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const started = performance.now();
      const proc = spawnNode(['--enable-source-maps', serverEntry], env, port);
      app.push(await untilOk(proc, `http://127.0.0.1:${port}/api/health/ready`, started));
      await kill9(proc);
      const bareStarted = performance.now();
      const bareProc = spawnNode([bare], {}, port);
      plain.push(await untilOk(bareProc, `http://127.0.0.1:${port}/api/health`, bareStarted));
      await kill9(bareProc);
    }
    console.log(`RepForge (compiled, embedded database, demo world) to ready: ${summary(app)}`);
    console.log(`bare Fastify (one route, no database) to answering:          ${summary(plain)}`);
    const p50 = percentile(
      [...app].sort((a, b) => a - b),
      50,
    );
    console.log(`target: at most 2,000 ms → ${p50 <= 2000 ? 'met' : 'NOT met'} (p50)`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function twoNodeFigures(url: string) {
  console.log('\n## Two nodes on one PostgreSQL database');
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `bench_ops_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-nodes-'));
  const nodes: Proc[] = [];
  const mailbox = new Mailbox();
  const smtp = await mailbox.start();
  try {
    const env = (node: string) => ({
      SMTP_URL: smtp,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: path.join(dataDir, node),
      SEED: 'none',
      NODE_ID: node,
      JWT_SECRET: 'bench-secret-'.padEnd(64, 'x'),
    });
    for (const node of ['a', 'b']) {
      const port = await freePort();
      const proc = spawnNode(['--enable-source-maps', serverEntry], env(node), port);
      await untilOk(proc, `http://127.0.0.1:${port}/api/health/ready`, performance.now(), 180_000);
      nodes.push(proc);
    }
    const [a, b] = nodes.map((n) => `http://127.0.0.1:${n.port}/`) as [string, string];
    const session = await signUp(a, mailbox);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, 'x-csrf-token': session.csrf };
    const now = Date.now();
    const created = await fetch(`${a}api/challenges/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Two nodes bench',
        score_type: 'reps',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const challengeId = ((await created.json()) as { id: number }).id;
    const joined = await fetch(`${b}api/challenges/${challengeId}/join`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ division: 'rx', sex: 'female' }),
    });
    if (joined.status >= 300) throw new Error(`join: ${joined.status} ${await joined.text()}`);
    const board = (base: string) => `${base}api/challenges/rankings?challenge_id=${challengeId}&division=rx`;
    for (const [label, base] of [
      ['node A', a],
      ['node B', b],
    ] as const) {
      const t = await time(300, () => fetch(board(base)).then((r) => r.arrayBuffer()), 30);
      console.log(`board page read on ${label}: p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`);
    }
    // A score on A, seen on B: by B's board (polled) and by a socket connected to B.
    const sub = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const socket = new WebSocket(`${b.replace('http', 'ws')}api/ws?token=${encodeURIComponent(session.token)}&user_id=${sub.sub}`);
    let lastMessageAt = 0;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'leaderboard_updated' && !lastMessageAt) lastMessageAt = performance.now();
    });
    await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
    socket.send(JSON.stringify({ type: 'join_challenge', challenge_id: challengeId }));
    await new Promise((r) => setTimeout(r, 300));
    const boardSeen: number[] = [];
    const socketSeen: number[] = [];
    let before = await (await fetch(board(b))).text();
    for (let i = 1; i <= 20; i++) {
      lastMessageAt = 0;
      const started = performance.now();
      const res = await fetch(`${a}api/challenges/${challengeId}/submit-score`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ reps: 10 * i }),
      });
      if (res.status >= 300) throw new Error(`submit: ${res.status} ${await res.text()}`);
      // Each score beats the last, so B's board changes once it has it.
      for (;;) {
        const now = await (await fetch(board(b))).text();
        if (now !== before) {
          before = now;
          break;
        }
        if (performance.now() - started > 10_000) throw new Error('node B never showed the score');
      }
      boardSeen.push(performance.now() - started);
      while (!lastMessageAt && performance.now() - started < 10_000) await new Promise((r) => setTimeout(r, 2));
      socketSeen.push(lastMessageAt ? lastMessageAt - started : NaN);
    }
    socket.close();
    console.log(`a score submitted on A, on B's board (from the request, polled): ${summary(boardSeen)}`);
    console.log(`a score submitted on A, a message on a socket connected to B:    ${summary(socketSeen.filter(Number.isFinite))}`);
  } finally {
    await Promise.all(nodes.map(kill9));
    await mailbox.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Registers an athlete and signs in with the code the server mails. */
async function signUp(base: string, mailbox: Mailbox): Promise<{ token: string; csrf: string }> {
  const json = { 'content-type': 'application/json' };
  const who = { email: `ops.${randomBytes(3).toString('hex')}@example.test`, password: 'bench-password-1', display_name: 'Ops Bench' };
  await fetch(`${base}api/user_registration/register`, { method: 'POST', headers: json, body: JSON.stringify(who) });
  const since = mailbox.mark();
  const started = await fetch(`${base}api/auth/initiate-login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (started.status !== 200) throw new Error(`initiate-login: ${started.status} ${await started.text()}`);
  const code = await mailbox.loginCode(who.email, since);
  const verified = await fetch(`${base}api/auth/verify-otp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: who.email, code }),
  });
  const body = (await verified.json()) as { token: { token: string }; csrf_token: string };
  return { token: body.token.token, csrf: body.csrf_token };
}

await buildServerIfNeeded();
await restartFigures();
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) await twoNodeFigures(pgUrl);
else console.log('\n(two nodes: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure them)');
