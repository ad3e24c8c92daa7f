// Board tails at a million scores (#43), over HTTP through the whole app, each figure beside a baseline measured in
// the same run: uncached pages in the middle of the board (every page asked once, so never served from the page
// cache) beside the plain SQL window at that offset and the app's lightest answer (GET /api/health); a signed-in
// viewer's first page (own rank included) beside the plain indexed query `rank() over (order by sort_key) … limit
// 50` on the board's own index, timed in this process and as a bare Fastify route serving it over HTTP (what the
// plain query costs a caller over HTTP, asked by the same client process as the app's pages: Node's fetch asks for gzip,
// so the route is timed both uncompressed and compressed as the app compresses, and the page both asked with
// `accept-encoding: identity` and as fetch asks, each ratio taken between two answers sent alike); and a score
// submission's answer while its fan-out reaches SOCKETS authenticated sockets in the board's room, beside the same
// submissions with nobody in the room. Requests are timed in one child
// process and the sockets held in another (bench-realtime-clients.ts), so neither's work is on the server's event
// loop. PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a scratch database created and dropped) and PGlite;
// BENCH_ONLY=postgres skips PGlite. BENCH_SCORES, BENCH_RUNS, BENCH_SUBMITS and BENCH_SOCKETS scale it down;
// BENCH_PARTS (e.g. `first`) runs only some of `middle`, `first` and `submit` (after the baselines, which always run).
// BENCH_KEEP=1 keeps the PostgreSQL database, and BENCH_REUSE=<its name> runs on it again without loading (A/B runs of
// the first page; the submissions change the board, so a reused one after `submit` is no longer the loaded board).
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/index.ts';
import { Outbox } from '../server/lib/mail.ts';
import { SOCKET_MAX_PER_USER } from '../domain/constants.ts';
import { benchSessions } from './bench-accounts.ts';
import { loadBoard } from './bench-board-load.ts';
import { benchConfig, onEachDatabase, percentile, rowsOf } from './bench-lib.ts';

const N = Number(process.env.BENCH_SCORES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 200);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const WARMUP = 50;
/** Which parts run (BENCH_PARTS, comma-separated): middle pages, the signed-in first page, submissions with sockets. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'middle,first,submit').split(',').map((p) => p.trim()));
/** The issue's targets (#43, Tails). */
const TARGET = { middleP99: 15, signedInP99: 20, firstPageRatio: 3, submitP99: 50 };

const config = benchConfig();

type Stats = { p50: number; p99: number; n: number };

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

type ChildMessage = { type: string; values?: number[]; message?: string };

/** A bench-realtime-clients.ts child: asked one command at a time. */
class Child {
  private readonly child: ChildProcess;
  private waiting: ((m: ChildMessage) => void) | null = null;
  constructor() {
    this.child = fork(new URL('./bench-realtime-clients.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m) => this.waiting?.(m as ChildMessage));
  }
  /** The child's next message. */
  next() {
    return new Promise<ChildMessage>((resolve, reject) => {
      this.waiting = (m) => (m.type === 'error' ? reject(new Error(m.message ?? 'bench child failed')) : resolve(m));
    });
  }
  send(command: Record<string, unknown>) {
    this.child.send(command);
  }
  async ask(command: Record<string, unknown>) {
    const reply = this.next();
    this.send(command);
    return reply;
  }
  close() {
    this.child.send({ type: 'close' });
  }
}

type Request = { method: string; url: string; headers?: Record<string, string>; body?: string };

async function timed(http: Child, requests: Request[]) {
  return (await http.ask({ type: 'requests', requests })).values!;
}

/** A query timed `runs` times in this process, after `warmup` untimed runs. */
async function timedQuery(runs: number, warmup: number, run: () => Promise<unknown>) {
  const values: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    await run();
    if (i >= warmup) values.push(performance.now() - t0);
  }
  return stats(values);
}

const ms = (v: number) => `${v.toFixed(2).padStart(8)} ms`;
const row = (name: string, m: Stats, extra = '') => console.log(`  ${name.padEnd(62)} p50 ${ms(m.p50)}   p99 ${ms(m.p99)}${extra}`);
const verdict = (ok: boolean, target: string) => `  (target ${target}: ${ok ? 'met' : 'MISSED'})`;
const load = () =>
  execFileSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, 'load ');

async function bench(label: string, handle: DatabaseHandle) {
  const { challengeId, firstId, seconds } = await loadBoard(handle, N);
  const built = await buildApp(config, handle, { mailer: new Outbox(), rateLimit: false });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  // Bench athletes with a place on the board, signed in: SOCKET_MAX_PER_USER sockets each, and the page readers and submitters.
  const accounts = await benchSessions(
    built,
    Array.from(
      { length: Math.ceil(SOCKETS / SOCKET_MAX_PER_USER) },
      (_, i) => firstId + Math.floor((i * N) / Math.ceil(SOCKETS / SOCKET_MAX_PER_USER)),
    ),
  );
  const anyone = () => accounts[Math.floor(Math.random() * accounts.length)]!;
  const signedIn = (a: { token: string }) => ({ authorization: `Bearer ${a.token}` });
  const page = (offset: number) => `${address}/api/challenges/rankings?challenge_id=${challengeId}&offset=${offset}&limit=50`;
  console.log(
    `\n# ${label}: board tails, ${N.toLocaleString('en')} scores in one challenge (loaded in ${seconds.toFixed(1)} s), ${load()}`,
  );
  const http = new Child();
  const get = (url: string, headers?: Record<string, string>): Request => ({ method: 'GET', url, ...(headers ? { headers } : {}) });
  /** Two kinds of request asked in turn (so both meet the same moment of the run), WARMUP of each untimed first. */
  const inTurn = async (a: () => Request, b: () => Request) => {
    const values = await timed(
      http,
      Array.from({ length: 2 * (RUNS + WARMUP) }, (_, i) => (i % 2 ? b() : a())),
    );
    const of = (parity: number) => stats(values.filter((_, i) => i % 2 === parity).slice(WARMUP));
    return [of(0), of(1)] as const;
  };
  try {
    // The baselines: the plain indexed query for a first page, and the plain window at a middle offset, in this process.
    const plainFirst = sql`select user_id, sort_key, rank() over (order by sort_key) as r from challenge_entries
      where challenge_id = ${challengeId} order by sort_key limit 50`;
    const plain = await timedQuery(RUNS, WARMUP, () => handle.db.execute(plainFirst));
    // The same plain query as a caller over HTTP meets it: a bare Fastify route in this process (as the app is), on the
    // same database handle, asked by the same client process as the app's pages. Node's fetch asks for `gzip, deflate`
    // (a browser asks br too); the app compresses what it sends, the bare route by itself does not. So the route is
    // served twice: as it is (its JSON plain, beside the app's page asked with `accept-encoding: identity`), and with
    // @fastify/compress as the app registers it (beside the app's page asked as fetch asks): each pair alike.
    const bare = Fastify();
    await bare.register(fastifyCompress, { global: true, threshold: 1024, syncThreshold: 65_536 });
    bare.get('/plain', async () => rowsOf<Record<string, unknown>>(await handle.db.execute(plainFirst)));
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const identity = { 'accept-encoding': 'identity' };
    const [plainHttp, plainHttpCompressed] = await inTurn(
      () => get(`${bareAddress}/plain`, identity),
      () => get(`${bareAddress}/plain`),
    );
    await bare.close();
    const middle = () => Math.floor(N / 4 + Math.random() * (N / 2));
    const floor = stats(
      (
        await timed(
          http,
          Array.from({ length: RUNS + WARMUP }, () => get(`${address}/api/health`)),
        )
      ).slice(WARMUP),
    );
    console.log(`  (${load()} after the baselines)`);
    row('plain indexed first page (rank() over … limit 50), in-process', plain, '   ← baseline');
    row('the same from a bare Fastify route over HTTP, identity', plainHttp, '   ← baseline');
    row('the same, gzip (@fastify/compress as the app has it)', plainHttpCompressed, '   ← baseline');
    row('GET /api/health over HTTP (the lightest answer)', floor, '   ← baseline');
    if (PARTS.has('middle')) {
      const plainMiddle = await timedQuery(3, 1, () =>
        handle.db.execute(sql`select user_id, sort_key, rank() over (order by sort_key) as r from challenge_entries
          where challenge_id = ${challengeId} order by sort_key offset ${middle()} limit 50`),
      );
      // Uncached middle pages: every offset asked once (so each is read from the database), after a warm-up on others.
      const offsets = new Set<number>();
      while (offsets.size < RUNS + WARMUP) offsets.add(middle());
      const asked = [...offsets].map((o) => get(page(o)));
      const middlePages = stats((await timed(http, asked)).slice(WARMUP));
      row('plain window at a middle offset, in-process', plainMiddle, `   (${plainMiddle.n} runs)`);
      row(
        'uncached middle page of 50 over HTTP',
        middlePages,
        verdict(middlePages.p99 <= TARGET.middleP99, `p99 ≤ ${TARGET.middleP99} ms`),
      );
      console.log(
        `    ${(plainMiddle.p50 / middlePages.p50).toFixed(0)}× faster than the plain window at p50; ${(middlePages.p50 / floor.p50).toFixed(1)}× /api/health`,
      );
    }
    if (PARTS.has('first')) {
      // A signed-in viewer's first page: the kept page with their own row and place read beside it; asked as fetch asks
      // (gzip) and uncompressed, in turn, each beside the bare route served the same way.
      const [firstPages, firstPagesPlain] = await inTurn(
        () => get(page(0), signedIn(anyone())),
        () => get(page(0), { ...signedIn(anyone()), ...identity }),
      );
      row(
        'signed-in first page (own rank) over HTTP, gzip',
        firstPages,
        verdict(firstPages.p99 <= TARGET.signedInP99, `p99 ≤ ${TARGET.signedInP99} ms`),
      );
      row('signed-in first page, identity', firstPagesPlain);
      const ratio = (a: Stats, b: Stats, name: string, judged: boolean) =>
        console.log(
          `    ${name}: ${(a.p50 / b.p50).toFixed(1)}× at p50, ${(a.p99 / b.p99).toFixed(1)}× at p99${judged ? verdict(a.p50 / b.p50 <= TARGET.firstPageRatio, `≤ ${TARGET.firstPageRatio}× at p50`) : ''}`,
        );
      ratio(firstPages, plain, 'gzip page to the plain query in-process', false);
      ratio(firstPages, plainHttpCompressed, 'gzip page to the bare route compressed alike (both gzip)', true);
      ratio(firstPagesPlain, plainHttp, 'plain page to the bare route not compressed (both identity)', true);
      ratio(firstPages, plainHttp, 'gzip page to the bare route not compressed (as reported before)', false);
    }
    if (PARTS.has('submit')) await submissions();
    console.log(`  (${load()} at the end)`);
  } finally {
    http.close();
    await built.app.close().catch(() => {});
  }

  /** Score submissions' answers with nobody in the board's room, then with SOCKETS sockets in it, and the fan-out. */
  async function submissions() {
    // Submissions, each a new best (so each moves the board and is announced to its room).
    let reps = 10_000;
    const submission = (): Request => {
      const a = anyone();
      return {
        method: 'POST',
        url: `${address}/api/challenges/${challengeId}/submit-score`,
        headers: { ...signedIn(a), 'x-csrf-token': 'x', 'content-type': 'application/json' },
        body: JSON.stringify({ reps: (reps += 1) }),
      };
    };
    await timed(http, Array.from({ length: 20 }, submission));
    const alone = stats(await timed(http, Array.from({ length: SUBMITS }, submission)));
    // Now SOCKETS sockets in the board's room; each submission waits until every socket has its message.
    const sockets = new Child();
    try {
      const urls = accounts.map((a) => `${address.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(a.token)}&user_id=${a.userId}`);
      await sockets.ask({ type: 'open', urls, count: SOCKETS, join: { type: 'join_challenge', challenge_id: challengeId } });
      const answers: number[] = [];
      const reached: number[] = [];
      for (let i = 0; i < SUBMITS + 10; i++) {
        // The sockets' process acknowledges before the submission goes: an `expect` handled after the round's first
        // messages would empty them away and the round would never complete (one hang in three runs, 6 Dec).
        await sockets.ask({ type: 'expect', count: SOCKETS, ack: true, timeoutMs: 60_000 });
        const everyone = sockets.next();
        const sent = performance.timeOrigin + performance.now();
        const [answer] = await timed(http, [submission()]);
        const arrivals = (await everyone).values!;
        if (i < 10) continue;
        answers.push(answer!);
        reached.push(arrivals.reduce((a, b) => Math.max(a, b), 0) - sent);
      }
      const crowded = stats(answers);
      const fanOut = stats(reached);
      const again = stats(
        await timed(
          http,
          Array.from({ length: RUNS }, () => get(`${address}/api/health`)),
        ),
      );
      row('GET /api/health again, after the fan-out', again);
      row('score submission answer, nobody in the room', alone, '   ← baseline');
      row(
        `score submission answer, ${SOCKETS} sockets in the room`,
        crowded,
        verdict(crowded.p99 <= TARGET.submitP99, `p99 ≤ ${TARGET.submitP99} ms`),
      );
      console.log(
        `    ratio to the empty room: ${(crowded.p50 / alone.p50).toFixed(1)}× at p50, ${(crowded.p99 / alone.p99).toFixed(1)}× at p99`,
      );
      row(`its fan-out: the last of ${SOCKETS} sockets reached`, fanOut);
    } finally {
      sockets.close();
    }
  }
}

// Through a shell that raises the open-file limit for this process and its socket child (as bench-realtime.ts does).
if (process.env.BENCH_TAILS_RAISED !== '1') {
  const raise = `ulimit -n ${Math.max(65_536, SOCKETS * 3)} 2>/dev/null || ulimit -n "$(ulimit -Hn)"`;
  const child = spawn('sh', ['-c', `${raise}; exec "$0" "$@"`, process.execPath, '--import', 'tsx', import.meta.filename], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_TAILS_RAISED: '1' },
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  process.exit(code);
} else {
  await onEachDatabase('tails', bench);
  process.exit(0);
}
