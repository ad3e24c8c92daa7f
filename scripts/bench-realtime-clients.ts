// Child process of bench-realtime.ts: opens N sockets, puts each in a room, and reports
// when each one receives the published message (wall-clock ms, comparable across processes).
// It also plays the attacker (a flooding socket) and times GET /api/health, each in its own child.
// bench-board-tails.ts uses it for a board's room (when each socket receives a `leaderboard_updated`) and, in
// another child, to time HTTP requests one after another (`requests`) away from the server's event loop.
// bench-live.ts uses it for a live attempt's spectators: when each receives a `live_count`, and
// (with fetchSegments) each segment's bytes fetched on `live_segment`, as the player does.
import WebSocket from 'ws';

interface Open {
  type: 'open';
  /** One address per account; socket i uses urls[i % urls.length]. */
  urls: string[];
  count: number;
  /** Message to send after connecting (join a room), or null. */
  join: unknown;
  /** On `live_segment`, fetch the segment from the socket's own node (bench-live.ts). */
  fetchSegments?: boolean;
}

/** Floods for `seconds`, reconnecting whenever the server closes the socket. */
interface Flood {
  type: 'flood';
  url: string;
  /** slow-reader: never reads, sends messages that each earn a 4 KB error; messages: authenticate as fast as it can. */
  mode: 'slow-reader' | 'messages';
  token: string;
  seconds: number;
}

/** Times GET `url` one request after another for `seconds`. */
interface Health {
  type: 'health';
  url: string;
  seconds: number;
}

/** Sends these HTTP requests one after another and reports each one's time (ms), failing on any non-2xx answer. */
interface Requests {
  type: 'requests';
  requests: { method: string; url: string; headers?: Record<string, string>; body?: string }[];
}

const sockets: WebSocket[] = [];
const now = () => performance.timeOrigin + performance.now();
let received: number[] = [];
let expected = 0;
/** How many counted messages each socket had this round (for the report of a round that never completes). */
let perSocket = new WeakMap<WebSocket, number>();
let roundTimer: ReturnType<typeof setTimeout> | undefined;
const countOne = (ws: WebSocket) => perSocket.set(ws, (perSocket.get(ws) ?? 0) + 1);
/** Per segment and spectator: when the notice came, when the bytes were all in, and how many (notice + body). */
let fetched: { notice: number; done: number; bytes: number }[] = [];

/** Fetches a segment named by a `live_segment` notice, as a spectator's player does, and notes when it is in. */
function fetchSegment(origin: string, message: { attempt_id?: number; seq?: number }, noticeBytes: number) {
  const notice = now();
  fetch(`${origin}/api/live-attempts/${message.attempt_id}/segments/${message.seq}`)
    .then(async (res) => {
      if (!res.ok) throw new Error(`segment ${message.seq}: ${res.status}`);
      const body = await res.arrayBuffer();
      fetched.push({ notice, done: now(), bytes: noticeBytes + body.byteLength });
      if (fetched.length === expected) process.send!({ type: 'fetched', fetched });
    })
    .catch((error: Error) => process.send!({ type: 'error', message: error.message }));
}

async function openAll({ urls, count, join, fetchSegments }: Open) {
  const BATCH = 250;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from(
        { length: Math.min(BATCH, count - i) },
        (_, j) =>
          new Promise<void>((resolve, reject) => {
            const url = urls[(i + j) % urls.length]!;
            const ws = new WebSocket(url, { perMessageDeflate: false });
            let ready = join === null;
            ws.on('message', (data) => {
              const message = JSON.parse(data.toString()) as { type: string; nonce?: string; attempt_id?: number; seq?: number };
              if (message.type === 'connected' && join !== null) ws.send(JSON.stringify(join));
              else if (message.type === 'joined' && !ready) {
                ready = true;
                resolve();
              } else if (message.type === 'admin_test_probe' && message.nonce !== undefined) {
                // The bench's probe carries when it was sent as its nonce.
                countOne(ws);
                received.push(now() - Number(message.nonce));
                if (received.length === expected) roundDone();
              } else if (message.type === 'live_count' || message.type === 'leaderboard_updated') {
                // A live count or a board's move carries no send time: when it came, which bench-live.ts takes its send time from.
                countOne(ws);
                received.push(now());
                if (received.length === expected) roundDone();
              } else if (message.type === 'live_segment' && fetchSegments) {
                fetchSegment(new URL(url).origin.replace(/^ws/, 'http'), message, (data as Buffer).length);
              }
            });
            ws.on('open', () => {
              sockets.push(ws);
              if (ready) resolve();
            });
            ws.on('close', (code) => {
              if (!ready) reject(new Error(`socket closed before joining (${code})`));
            });
            ws.on('error', reject);
          }),
      ),
    );
  }
  process.send!({ type: 'ready', count: sockets.length });
}

async function flood({ url, mode, token, seconds }: Flood) {
  const until = Date.now() + seconds * 1000;
  const field = 'f'.repeat(4000);
  const frame =
    mode === 'slow-reader'
      ? JSON.stringify({ type: 'join_room', room_id: 'gym', [field]: 1 })
      : JSON.stringify({ type: 'authenticate', token });
  let sent = 0;
  let connections = 0;
  while (Date.now() < until) {
    connections += 1;
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on('error', () => {});
      ws.on('close', () => resolve());
      ws.once('message', () => {
        if (mode === 'slow-reader') ws.pause();
        const pump = () => {
          if (ws.readyState !== ws.OPEN) return;
          if (Date.now() >= until) return ws.terminate();
          // Keep the pipe full without growing this process's own buffer without bound.
          if (ws.bufferedAmount < 1 << 20) {
            for (let i = 0; i < 100; i++) ws.send(frame);
            sent += 100;
          }
          setImmediate(pump);
        };
        pump();
      });
    });
  }
  process.send!({ type: 'flooded', sent, connections });
}

async function requests(list: Requests['requests']) {
  const values: number[] = [];
  for (const r of list) {
    const t0 = performance.now();
    const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
    const body = await res.text();
    values.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${r.method} ${r.url}: ${res.status} ${body.slice(0, 200)}`);
  }
  process.send!({ type: 'timed', values });
}

async function health({ url, seconds }: Health) {
  const until = Date.now() + seconds * 1000;
  const values: number[] = [];
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    values.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  process.send!({ type: 'health', values });
}

function roundDone() {
  clearTimeout(roundTimer);
  process.send!({ type: 'latencies', values: received });
}

/** '4999 of 5000 messages; sockets by messages: 0×1, 1×4999; 5000 open'. */
function roundReport(): string {
  const byCount = new Map<number, number>();
  for (const ws of sockets) {
    const n = perSocket.get(ws) ?? 0;
    byCount.set(n, (byCount.get(n) ?? 0) + 1);
  }
  const counts = [...byCount].sort(([a], [b]) => a - b).map(([n, k]) => `${n}×${k}`);
  const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  return `${received.length} of ${expected} messages; sockets by messages: ${counts.join(', ')}; ${open} open`;
}

process.on(
  'message',
  (m: Open | Flood | Health | Requests | { type: 'expect'; count: number; ack?: boolean; timeoutMs?: number } | { type: 'close' }) => {
    const fail = (error: Error) => process.send!({ type: 'error', message: error.message });
    if (m.type === 'open') void openAll(m).catch(fail);
    if (m.type === 'flood') void flood(m).catch(fail);
    if (m.type === 'health') void health(m).catch(fail);
    if (m.type === 'requests') void requests(m.requests).catch(fail);
    if (m.type === 'expect') {
      received = [];
      fetched = [];
      expected = m.count;
      perSocket = new WeakMap();
      clearTimeout(roundTimer);
      // A round that never completes is reported, not waited on for ever: how many sockets had how many messages.
      if (m.timeoutMs)
        roundTimer = setTimeout(() => fail(new Error(`round incomplete after ${m.timeoutMs} ms: ${roundReport()}`)), m.timeoutMs);
      // Acknowledged when asked, so the sender publishes only once this round's list is the one counting.
      if (m.ack) process.send!({ type: 'expecting' });
    }
    if (m.type === 'close') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  },
);
