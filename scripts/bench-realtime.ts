// Real-time fan-out: N authenticated sockets in one room, one event published through
// NOTIFY, delivery latency p50/p99 and the server's memory per socket. Measured on the
// embedded database (one node) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// on PostgreSQL through two nodes (published on A, sockets on B). The baseline, measured
// in the same run, is a bare ws server broadcasting the same message to as many sockets.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { WebSocketServer } from 'ws';
import { buildApp, type BuiltApp } from '../server/app.ts';
import type { AppConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/index.ts';
import { sessions, users } from '../server/db/schema.ts';
import { Outbox } from '../server/services/mail.ts';
import { publish } from '../server/services/realtime/realtime-events.ts';
import { signAccessToken } from '../server/services/tokens.ts';

const N = Number(process.env.BENCH_SOCKETS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ROOM = 'challenge:1';
const TARGET_P99_MS = 250;
const now = () => performance.timeOrigin + performance.now();

const config: AppConfig = { basePath: '/', storeUrl: 'https://store.example/', adminEmails: [], seed: 'none', logger: false, scryptLogN: 10 };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

class Clients {
  private readonly child: ChildProcess;
  private waiting: ((m: { type: string; values?: number[]; count?: number; message?: string }) => void) | null = null;
  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'bench-realtime-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => this.waiting?.(m as never));
  }
  private next() {
    return new Promise<{ type: string; values?: number[]; count?: number; message?: string }>((resolve) => (this.waiting = resolve));
  }
  async open(url: string, join: unknown) {
    const reply = this.next();
    this.child.send({ type: 'open', url, count: N, join });
    const m = await reply;
    if (m.type !== 'ready') throw new Error(m.message ?? 'clients failed');
  }
  /** Runs `publishOne` ROUNDS times; every socket's delay for each. */
  async measure(publishOne: () => Promise<void> | void) {
    const all: number[] = [];
    const slowest: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      this.child.send({ type: 'expect', count: N });
      await new Promise((res) => setTimeout(res, 50));
      const reply = this.next();
      await publishOne();
      const values = (await reply).values!;
      all.push(...values);
      slowest.push(Math.max(...values));
      await new Promise((res) => setTimeout(res, 150));
    }
    all.sort((a, b) => a - b);
    slowest.sort((a, b) => a - b);
    return { p50: percentile(all, 50), p99: percentile(all, 99), lastSocketP50: percentile(slowest, 50) };
  }
  close() {
    this.child.send({ type: 'close' });
  }
}

const fmt = (r: { p50: number; p99: number; lastSocketP50: number }) =>
  `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (all ${N} reached in ${r.lastSocketP50.toFixed(1)} ms, median round)`;

async function tokenFor(app: BuiltApp) {
  const db = app.context.database.db;
  const [user] = await db.insert(users).values({ email: 'bench@example.test', emailNormalized: 'bench@example.test', passwordHash: 'x', displayName: 'Bench' }).returning();
  const id = randomUUID();
  const t = new Date();
  await db.insert(sessions).values({ id, userId: user!.id, csrfToken: 'x', refreshHash: randomUUID(), createdAt: t, expiresAt: new Date(t.getTime() + 86_400_000) });
  const { token } = await signAccessToken(app.context.jwtKey, { userId: user!.id, sessionId: id }, t);
  return { token, userId: user!.id };
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

async function benchApp(label: string, publisher: BuiltApp, holder: BuiltApp) {
  const address = await holder.app.listen({ port: 0, host: '127.0.0.1' });
  const { token, userId } = await tokenFor(publisher);
  const before = memory();
  const clients = new Clients();
  await clients.open(`${address.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(token)}&user_id=${userId}`, { type: 'join_challenge', challenge_id: 1 });
  const after = memory();
  const result = await clients.measure(() =>
    publish(publisher.context.database.db, [{ to: { room: ROOM }, message: { type: 'leaderboard_updated', challenge_id: 1, rank: 1, sent_at: now() } }]),
  );
  clients.close();
  console.log(`  ${label}: ${fmt(result)}${result.p99 <= TARGET_P99_MS ? '' : `  (target p99 < ${TARGET_P99_MS} ms: MISSED)`}`);
  console.log(`    server memory per socket: ${((after.rss - before.rss) / N / 1024).toFixed(1)} KB RSS, ${((after.heap - before.heap) / N / 1024).toFixed(1)} KB JS heap + buffers`);
  return result;
}

async function baseline() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  wss.on('connection', (ws) => ws.send(JSON.stringify({ type: 'connected' })));
  const clients = new Clients();
  await clients.open(`ws://127.0.0.1:${port}`, null);
  const result = await clients.measure(() => {
    const data = JSON.stringify({ type: 'leaderboard_updated', challenge_id: 1, rank: 1, sent_at: now() });
    for (const ws of wss.clients) ws.send(data);
  });
  clients.close();
  wss.close();
  console.log(`  baseline (bare ws broadcast, no auth, no NOTIFY): ${fmt(result)}`);
}

/** Each configuration runs in its own process, so one's memory does not blur the next one's per-socket figure. */
async function main() {
  const only = process.argv[2];
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'baseline') return baseline();
  if (only === 'postgres') return twoNodes(url!);
  if (only === 'pglite') {
    const embedded = await buildApp(config, undefined, { mailer: new Outbox() });
    await benchApp('PGlite, one node', embedded, embedded);
    await embedded.app.close();
    return;
  }
  console.log(`\n# Real-time fan-out: ${N} authenticated sockets in one room, ${ROUNDS} events (target p99 < ${TARGET_P99_MS} ms)`);
  const runs = ['baseline', 'pglite', ...(url ? ['postgres'] : [])];
  for (const run of runs) {
    const child = fork(import.meta.filename, [run], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (!url) console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure two nodes too)');
}

async function twoNodes(url: string) {
  const name = `bench_rt_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  try {
    handles.push(await openDatabase({ url: dbUrl.toString() }), await openDatabase({ url: dbUrl.toString() }));
    const nodeA = await buildApp(config, handles[0], { mailer: new Outbox() });
    const nodeB = await buildApp(config, handles[1], { mailer: new Outbox() });
    await nodeA.app.ready();
    await benchApp('PostgreSQL, published on node A, sockets on node B', nodeA, nodeB);
    await nodeB.app.close();
    await nodeA.app.close();
  } finally {
    for (const h of handles) await h.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
process.exit(0);
