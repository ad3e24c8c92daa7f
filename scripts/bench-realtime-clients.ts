// Child process of bench-realtime.ts: opens N sockets, puts each in a room, and reports
// when each one receives the published message (wall-clock ms, comparable across processes).
import WebSocket from 'ws';

interface Open {
  type: 'open';
  url: string;
  count: number;
  /** Message to send after connecting (join a room), or null. */
  join: unknown;
}

const sockets: WebSocket[] = [];
const now = () => performance.timeOrigin + performance.now();
let received: number[] = [];
let expected = 0;

async function openAll({ url, count, join }: Open) {
  const BATCH = 250;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url);
          let ready = join === null;
          ws.on('message', (data) => {
            const message = JSON.parse(data.toString()) as { type: string; sent_at?: number };
            if (message.type === 'connected' && join !== null) ws.send(JSON.stringify(join));
            else if (message.type === 'joined' && !ready) {
              ready = true;
              resolve();
            } else if (message.sent_at !== undefined) {
              received.push(now() - message.sent_at);
              if (received.length === expected) process.send!({ type: 'latencies', values: received });
            }
          });
          ws.on('open', () => {
            sockets.push(ws);
            if (ready) resolve();
          });
          ws.on('error', reject);
        }),
      ),
    );
  }
  process.send!({ type: 'ready', count: sockets.length });
}

process.on('message', (m: Open | { type: 'expect'; count: number } | { type: 'close' }) => {
  if (m.type === 'open') void openAll(m).catch((error: Error) => process.send!({ type: 'error', message: error.message }));
  if (m.type === 'expect') {
    received = [];
    expected = m.count;
  }
  if (m.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
