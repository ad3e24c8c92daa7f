// Live attempts (#40). One live attempt watched by N spectator sockets (5,000 at BENCH_SCALE=1) split across two
// app nodes on one PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL; else one node on PGlite, and it
// says so): the athlete posts count updates to node A, and every spectator's delay from the update's send to its
// `live_count`, p50/p99, beside a bare ws broadcast of the same message to as many sockets in the same run. Then
// the camera relay: 200 spectators (scaled alike), the athlete uploads a WebM segment every 2 s (a test file made
// once with ffmpeg), each spectator fetches it from its own node on `live_segment`, as the player does: the nodes'
// CPU, the bytes per spectator, and the delay from the upload's start to a spectator holding the bytes.
// The spectators live in bench-realtime-clients.ts (another process), as bench-realtime.ts's do.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { WebSocketServer } from 'ws';
import { buildApp, type BuiltApp } from '#server/app.ts';
import type { AppConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/index.ts';
import { Outbox } from '#server/lib/mail.ts';
import { SOCKET_MAX_PER_USER } from '#domain/constants.ts';
import { LIVE_SEGMENT_MS } from '#domain/live-stream.ts';
import { benchAccounts } from './bench-accounts.ts';
import { benchConfig, percentile } from './bench-lib.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const WANTED = Math.max(10, Math.round(5000 * SCALE));
const RELAY_SPECTATORS = Math.max(5, Math.round(200 * SCALE));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SEGMENTS = Number(process.env.BENCH_LIVE_SEGMENTS ?? 10);
const TARGET_P99_MS = 250;
const TARGET_RATIO = 1.2;
const TARGET_RELAY_P50_MS = 4000;
/** A round whose messages have not all come in this long is a failure, not a figure. */
const ROUND_TIMEOUT_MS = 60_000;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Fetched = { notice: number; done: number; bytes: number };
type ChildMessage = { type: string; values?: number[]; fetched?: Fetched[]; message?: string; count?: number };

/** The spectators: bench-realtime-clients.ts in its own process, so their work does not count as the server's. */
class Clients {
  private readonly child: ChildProcess;
  private readonly exited: Promise<unknown>;
  private waiting: ((m: ChildMessage) => void) | null = null;
  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'bench-realtime-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.on('message', (m) => this.waiting?.(m as never));
  }
  /** The child's next answer (an error answer, or none in ROUND_TIMEOUT_MS, throws). */
  next(): Promise<ChildMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from the spectators in ${ROUND_TIMEOUT_MS} ms`)), ROUND_TIMEOUT_MS);
      this.waiting = (m) => {
        clearTimeout(timer);
        if (m.type === 'error') reject(new Error(m.message ?? 'spectators failed'));
        else resolve(m);
      };
    });
  }
  async open(urls: string[], count: number, join: unknown, fetchSegments = false) {
    const reply = this.next();
    this.child.send({ type: 'open', urls, count, join, fetchSegments });
    await reply;
  }
  /** Readies the child for `count` messages (then call next() and send them). */
  async expect(count: number) {
    this.child.send({ type: 'expect', count });
    await sleep(50);
  }
  /** Closes every socket and waits for the process to end (so its CPU is never counted as a node's). */
  async close() {
    this.child.send({ type: 'close' });
    await this.exited;
  }
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * Times ROUNDS messages to `count` sockets after one untimed round (routes compiled, code warm): every socket's
 * delay from `send`'s start, and the slowest socket's per round.
 */
async function rounds(clients: Clients, count: number, send: (round: number) => Promise<void> | void) {
  const all: number[] = [];
  const slowest: number[] = [];
  const first: number[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    await clients.expect(count);
    const reply = clients.next();
    const sentAt = now();
    await send(r + 1);
    const delays = (await reply).values!.map((at) => at - sentAt);
    if (r > 0) {
      all.push(...delays);
      slowest.push(delays.reduce((a, b) => Math.max(a, b), 0));
      first.push(delays.reduce((a, b) => Math.min(a, b), Infinity));
    }
    await sleep(150);
  }
  // BENCH_LIVE_ROUNDS_SHOWN=1 prints each round's first and last socket (to tell one slow round from a slow tail).
  if (process.env.BENCH_LIVE_ROUNDS_SHOWN)
    console.log(`  rounds (first–last socket, ms): ${slowest.map((s, i) => `${first[i]!.toFixed(0)}–${s.toFixed(0)}`).join(' ')}`);
  return { ...stats(all), lastSocketP50: stats(slowest).p50, firstSocketP50: stats(first).p50 };
}

/** A bare ws server broadcasting a message shaped like `live_count` to `count` sockets. */
async function bareBroadcast(count: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (ws) => ws.send(JSON.stringify({ type: 'connected' })));
  const clients = new Clients();
  try {
    await clients.open([`ws://127.0.0.1:${(wss.address() as { port: number }).port}`], count, null);
    return await rounds(clients, count, (r) => {
      const data = JSON.stringify({ type: 'live_count', attempt_id: 1, seq: r, count: r, elapsed_ms: r * 1000, projected_place: 3 });
      for (const ws of wss.clients) ws.send(data);
    });
  } finally {
    await clients.close();
    wss.close();
  }
}

const accountsFor = (app: BuiltApp, count: number) => benchAccounts(app, count, 'Live Bench');

/** The spectators' socket addresses: each account on every node, so sockets alternate between the nodes. */
async function spectatorUrls(app: BuiltApp, addresses: string[], sockets: number) {
  const accounts = await accountsFor(app, Math.ceil(sockets / SOCKET_MAX_PER_USER));
  return accounts.flatMap((a) =>
    addresses.map((address) => `${address.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(a.token)}&user_id=${a.userId}`),
  );
}

/** The athlete: signed in, joined to a new reps challenge, live on it (through node A's HTTP API). */
async function goLive(app: BuiltApp, address: string) {
  const [athlete] = await accountsFor(app, 1);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${athlete!.token}`, 'x-csrf-token': 'x' };
  const post = async (url: string, body: unknown, expected: number) => {
    const res = await fetch(`${address}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== expected) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const t = Date.now();
  const challenge = await post(
    '/api/challenges/',
    {
      title: 'Live bench',
      score_type: 'reps',
      starts_at: new Date(t - 3_600_000).toISOString(),
      ends_at: new Date(t + 86_400_000).toISOString(),
    },
    201,
  );
  await post(`/api/challenges/${challenge.id}/join`, { division: 'rx', sex: 'female' }, 200);
  const attempt = await post('/api/live-attempts', { challenge_id: challenge.id }, 201);
  return { attemptId: attempt.id, headers };
}

/** CPU of this process (both nodes and the athlete's requests) and of its ended children (ffmpeg's remuxes), in ms. */
function cpuMs() {
  const own = process.cpuUsage();
  let children = NaN;
  try {
    // /proc/self/stat after "(comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    // not Linux: the remuxes' CPU is not known
  }
  return { own: (own.user + own.system) / 1000, children };
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A 2 s WebM like the browser's recorder makes: VP8 + Opus, 640×360 at 24 fps, a key frame every 0.5 s, at Chrome's
 * default 2.5 Mb/s (the test pattern gets a camera's noise, or VP8 would code it in a fifth of that).
 */
function testSegment(dir: string) {
  const file = path.join(dir, 'segment.webm');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', String(LIVE_SEGMENT_MS / 1000), '-vf', 'noise=alls=30:allf=t', '-c:v', 'libvpx', '-b:v', '2500k', '-g', '12',
    '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-b:a', '128k', file]); // prettier-ignore
  return new Uint8Array(readFileSync(file));
}

async function liveBench(label: string, nodes: BuiltApp[], sockets: number, videoDir: string) {
  const addresses: string[] = [];
  for (const node of nodes) addresses.push(await node.app.listen({ port: 0, host: '127.0.0.1' }));
  const [a] = addresses as [string];
  const { attemptId, headers } = await goLive(nodes[0]!, a);
  const join = { type: 'join_live_attempt', session_id: String(attemptId) };

  console.log(
    `\n## Count updates: ${sockets} spectators, ${label}, ${ROUNDS} updates (target p99 < ${TARGET_P99_MS} ms and ≤ ${TARGET_RATIO}× bare ws)`,
  );
  const baseline = await bareBroadcast(sockets);
  const spectators = new Clients();
  await spectators.open(await spectatorUrls(nodes[0]!, addresses, sockets), sockets, join);
  // The joins' spectator counts (coalesced per node) go out to the room; let them finish before timing. 2 s was too
  // short for 5,000 joins: the first two updates then answered in 210–325 ms (3 Dec, idle), the rest in 70–110 ms.
  await sleep(Number(process.env.BENCH_LIVE_SETTLE_MS ?? 8000));
  const answered: number[] = [];
  const ours = await rounds(spectators, sockets, async (r) => {
    const t0 = now();
    const res = await fetch(`${a}/api/live-attempts/${attemptId}/update`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ seq: r, count: r }),
    });
    if (res.status !== 200) throw new Error(`update: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    answered.push(now() - t0);
  });
  await spectators.close();
  const line = (r: typeof ours) =>
    `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)} (first socket ${ms(r.firstSocketP50)}, all ${sockets} in ${ms(r.lastSocketP50)}, median round)`;
  const ratio = ours.p99 / baseline.p99;
  console.log(`  bare ws broadcast (same message, no request, no database): ${line(baseline)}`);
  console.log(`  update posted on node A → each spectator's live_count:     ${line(ours)}`);
  console.log(`    the update's own answer: p50 ${ms(stats(answered.slice(1)).p50)}, p99 ${ms(stats(answered.slice(1)).p99)}`);
  console.log(
    `  ratio p99 ${ratio.toFixed(2)}× (p50 ${(ours.p50 / baseline.p50).toFixed(2)}×): p99 < ${TARGET_P99_MS} ms ${ours.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}, ` +
      `≤ ${TARGET_RATIO}× bare ws ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
  );

  await relayBench(label, addresses, nodes[0]!, attemptId, headers, videoDir);
}

async function relayBench(
  label: string,
  addresses: string[],
  app: BuiltApp,
  attemptId: number,
  headers: Record<string, string>,
  dir: string,
) {
  console.log(
    `\n## Segment relay: ${RELAY_SPECTATORS} spectators, ${label}, ${SEGMENTS} segments of ${LIVE_SEGMENT_MS / 1000} s, one every ${LIVE_SEGMENT_MS / 1000} s`,
  );
  let segment: Uint8Array<ArrayBuffer>;
  try {
    segment = testSegment(dir);
  } catch {
    console.log('  skipped: ffmpeg is not installed (the server remuxes every segment with it, and the bench makes its test WebM with it)');
    return;
  }
  const spectators = new Clients();
  const join = { type: 'join_live_attempt', session_id: String(attemptId) };
  await spectators.open(await spectatorUrls(app, addresses, RELAY_SPECTATORS), RELAY_SPECTATORS, join, true);
  await sleep(1000);
  const stored: number[] = [];
  const notices: number[] = [];
  const holding: number[] = [];
  let bytes = 0;
  const cpuBefore = cpuMs();
  const wallBefore = now();
  for (let seq = 1; seq <= SEGMENTS; seq++) {
    await spectators.expect(RELAY_SPECTATORS);
    const reply = spectators.next();
    const t0 = now();
    const res = await fetch(
      `${addresses[0]}/api/live-attempts/${attemptId}/segments/${seq}?at_ms=${(seq - 1) * LIVE_SEGMENT_MS}&duration_ms=${LIVE_SEGMENT_MS}`,
      { method: 'POST', headers: { ...headers, 'content-type': 'video/webm' }, body: segment },
    );
    if (res.status !== 201) throw new Error(`segment ${seq}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    stored.push(now() - t0);
    for (const f of (await reply).fetched!) {
      notices.push(f.notice - t0);
      holding.push(f.done - t0);
      bytes += f.bytes;
    }
    // The recorder hands over a segment every LIVE_SEGMENT_MS.
    await sleep(Math.max(0, t0 + LIVE_SEGMENT_MS - now()));
  }
  const wall = now() - wallBefore;
  const cpu = cpuMs();
  await spectators.close();
  const own = cpu.own - cpuBefore.own;
  const remux = cpu.children - cpuBefore.children;
  const perSpectator = bytes / SEGMENTS / RELAY_SPECTATORS;
  const s = stats(stored);
  const n = stats(notices);
  const h = stats(holding);
  console.log(`  test segment: ${(segment.length / 1024).toFixed(0)} KB (${((segment.length * 8) / LIVE_SEGMENT_MS).toFixed(0)} kb/s)`);
  console.log(`  upload start → stored (remuxed, written, row, notice published): p50 ${ms(s.p50)}, max ${ms(s.max)}`);
  console.log(`  upload start → live_segment at a spectator: p50 ${ms(n.p50)}, p99 ${ms(n.p99)}`);
  console.log(
    `  upload start → the bytes at a spectator (playable): p50 ${ms(h.p50)}, p99 ${ms(h.p99)}, max ${ms(h.max)}: ` +
      `p50 < ${TARGET_RELAY_P50_MS} ms ${h.p50 < TARGET_RELAY_P50_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  glass to glass adds the recorder's ${LIVE_SEGMENT_MS / 1000} s segment before the upload starts: up to ${LIVE_SEGMENT_MS / 1000} s more for a segment's first frame`,
  );
  console.log(
    `  bytes per spectator: ${(perSpectator / 1024).toFixed(0)} KB per segment (${((perSpectator * 8) / LIVE_SEGMENT_MS).toFixed(0)} kb/s; body and notice, without HTTP headers)`,
  );
  const core = (v: number) => `${((v / wall) * 100).toFixed(1)}% of a core`;
  console.log(
    `  server CPU over ${(wall / 1000).toFixed(1)} s: nodes ${own.toFixed(0)} ms (${core(own)}; ${((own / SEGMENTS / RELAY_SPECTATORS) * 1000).toFixed(0)} µs per segment per spectator)` +
      (Number.isFinite(remux)
        ? `, ffmpeg remux ${remux.toFixed(0)} ms (${(remux / SEGMENTS).toFixed(0)} ms per segment)`
        : ', ffmpeg remux not measured (no /proc)'),
  );
}

/** Two app nodes on a scratch PostgreSQL database (created and dropped), sharing one video store on disk. */
async function twoNodes(url: string, sockets: number, videoDir: string, config: AppConfig) {
  const name = `bench_live_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  const nodes: BuiltApp[] = [];
  try {
    handles.push(await openDatabase({ url: dbUrl.toString() }), await openDatabase({ url: dbUrl.toString() }));
    for (const h of handles) nodes.push(await buildApp(config, h, { mailer: new Outbox() }));
    await liveBench('two nodes on PostgreSQL (update posted on A; spectators alternate A, B)', nodes, sockets, videoDir);
  } finally {
    for (const node of nodes.reverse()) await node.app.close();
    for (const h of handles) await h.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  // N sockets on the server side here and N in the spectators' process: past the usual 1,024 open files.
  const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (openFiles < WANTED + 1000 && !process.env.BENCH_LIVE_RAISED) {
    const raise = `ulimit -n ${Math.max(65_536, WANTED * 2)} 2>/dev/null || ulimit -n "$(ulimit -Hn)"`;
    const child = spawn('sh', ['-c', `${raise}; exec "$0" "$@"`, process.execPath, '--import', 'tsx', import.meta.filename], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_LIVE_RAISED: '1' },
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    process.exit(code ?? 1);
  }
  const sockets = Number.isFinite(openFiles) && openFiles < WANTED + 1000 ? Math.max(10, Math.floor((openFiles - 1000) / 10) * 10) : WANTED;
  console.log(`\n# Live attempts (BENCH_SCALE=${SCALE}; ${os.loadavg()[0]!.toFixed(1)} load on ${os.cpus().length} cores at the start)`);
  if (sockets < WANTED) console.log(`(open files are limited to ${openFiles} here: ${sockets} spectators instead of ${WANTED})`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const config = benchConfig({ videoDir: path.join(dir, 'videos') });
  try {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (url) await twoNodes(url, sockets, dir, config);
    else {
      console.log('(one node on PGlite: set BENCH_DATABASE_URL or TEST_DATABASE_URL for two nodes on PostgreSQL)');
      const node = await buildApp(config, undefined, { mailer: new Outbox() });
      try {
        await liveBench('one node on PGlite', [node], sockets, dir);
      } finally {
        await node.app.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`(load ${os.loadavg()[0]!.toFixed(1)} at the end)`);
}

await main();
process.exit(0);
