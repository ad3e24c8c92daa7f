// The attacks a security review ran against the real-time socket (issue #14), each replayed
// against a real server: memory exhaustion by a client that sends and never reads, message
// and ping floods, a database read per `authenticate`, and unbounded sockets per account.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  SOCKET_MAX_BUFFERED_BYTES,
  SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_MAX_PER_USER,
  SOCKET_MESSAGE_BURST,
  SOCKET_MESSAGES_PER_SECOND,
  SOCKET_MESSAGE_TOO_BIG_CODE,
  SOCKET_POLICY_VIOLATION_CODE,
} from '#domain/constants.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept, receivedMessage } from './socket-contract.ts';

// Every message a socket of these tests received keeps the contract (openapi/realtime.yaml).
afterEach(expectSocketContractKept);

type Message = { type: string } & Record<string, unknown>;

/** A socket that records what it receives and how it was closed. */
class Probe {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => void this.messages.push(receivedMessage<Message>(data)));
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
    ws.on('error', () => {});
  }
  static async open(url: string) {
    const probe = new Probe(new WebSocket(url));
    await probe.until(() => probe.messages.some((m) => m.type === 'connected'));
    return probe;
  }
  async until(done: () => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out; got ${JSON.stringify(this.messages.map((m) => m.type).slice(-5))}, closed ${JSON.stringify(this.closed)}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  count(type: string) {
    return this.messages.filter((m) => m.type === type).length;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(databaseKinds)('real-time socket limits on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  const probes: Probe[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    probes.forEach((p) => p.ws.terminate());
    await t.close();
  });

  const url = (who: SignedIn) => `${base}/api/ws?token=${encodeURIComponent(who.token)}&user_id=${who.userId}`;
  const open = async (who: SignedIn) => {
    const probe = await Probe.open(url(who));
    probes.push(probe);
    return probe;
  };
  /** The server's own sockets (the plugin's list): what it holds in memory for each. */
  const serverSockets = () => [...(t.app.websocketServer.clients as Set<WebSocket>)];

  it('cuts off a client that sends and never reads once 256 KB wait for it, instead of queueing every reply', async () => {
    const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
    // Lift the message rate so this test reaches the buffer bound, not the rate limit.
    const limits = t.app.realtimeHub?.limits;
    const saved = limits && { ...limits };
    if (limits) limits.messagesPerSecond = limits.messageBurst = Number.MAX_SAFE_INTEGER;
    try {
      const flooder = await open(eve);
      const before = new Set(serverSockets());
      flooder.ws.pause(); // never reads again
      // Each message is refused with an error that names its unknown field: about 4 KB back for 4 KB sent.
      const field = 'f'.repeat(SOCKET_MAX_MESSAGE_BYTES - 100);
      const frame = JSON.stringify({ type: 'join_room', room_id: 'gym', [field]: 1 });
      let maxWaiting = 0;
      const sample = () => {
        for (const ws of serverSockets()) if (before.has(ws)) maxWaiting = Math.max(maxWaiting, ws.bufferedAmount);
      };
      // Up to 48 MB, while the connection is open: once the server cut it, nothing more reaches it.
      const connected = () => flooder.ws.readyState === WebSocket.OPEN;
      for (let sent = 0; sent < 12_000 && connected(); sent += 200) {
        for (let i = 0; i < 200; i++) flooder.ws.send(frame);
        await sleep(5);
        sample();
      }
      // Give the server time to read what is still on its way, then look at what it holds. (A closed connection
      // has nothing on its way: its bufferedAmount stays where it was, and waiting for it was 5 s of nothing.)
      for (let i = 0; i < 100 && connected() && flooder.ws.bufferedAmount > 0; i++) {
        await sleep(50);
        sample();
      }
      await sleep(100);
      sample();
      expect(maxWaiting).toBeLessThanOrEqual(SOCKET_MAX_BUFFERED_BYTES);
      // The server has let go of that socket.
      expect(serverSockets().some((ws) => before.has(ws) && ws.readyState === ws.OPEN)).toBe(false);
      flooder.ws.resume();
      await flooder.until(() => flooder.closed !== null);
    } finally {
      if (limits && saved) Object.assign(limits, saved);
    }
  });

  it('closes a socket with 1008 past its message rate, and a ping flood the same way; a reconnect’s burst is allowed', async () => {
    const fay = await signIn(t, 'fay@example.test', 'athlete-password', 'Fay');
    // A reconnect rejoins every room at once: within the burst, every message is answered.
    const rejoining = await open(fay);
    for (let i = 0; i < 50; i++) rejoining.ws.send(JSON.stringify({ type: 'join_room', room_id: `gym-${i}` }));
    await rejoining.until(() => rejoining.count('joined') === 50);
    expect(rejoining.closed).toBeNull();

    const flooder = await open(fay);
    for (let i = 0; i < 500; i++) flooder.ws.send(JSON.stringify({ type: 'join_room', room_id: 'gym' }));
    await flooder.until(() => flooder.closed !== null);
    expect(flooder.closed).toMatchObject({ code: SOCKET_POLICY_VIOLATION_CODE, reason: expect.stringMatching(/Too many messages/) });
    // The burst, plus what the rate refilled while the flood was read (well under a second).
    expect(flooder.count('joined')).toBeLessThanOrEqual(SOCKET_MESSAGE_BURST + SOCKET_MESSAGES_PER_SECOND);

    // Pings too (ws itself cuts a burst of pings whose pongs pile up; these come a few at a time).
    const pinger = await open(fay);
    for (let i = 0; i < 50 && pinger.closed === null; i++) {
      for (let j = 0; j < 5; j++) pinger.ws.ping();
      await sleep(5);
    }
    await pinger.until(() => pinger.closed !== null);
    expect(pinger.closed!.code).toBe(SOCKET_POLICY_VIOLATION_CODE);
    expect(rejoining.closed).toBeNull();
  });

  it('closes a socket with 1009 for a message over the size limit', async () => {
    const gus = await signIn(t, 'gus@example.test', 'athlete-password', 'Gus');
    const probe = await open(gus);
    probe.ws.send(JSON.stringify({ type: 'join_room', room_id: 'x'.repeat(SOCKET_MAX_MESSAGE_BYTES) }));
    await probe.until(() => probe.closed !== null);
    expect(probe.closed!.code).toBe(SOCKET_MESSAGE_TOO_BIG_CODE);
  });

  it('re-authenticates without reading the database per message, and still refuses a revoked token', async () => {
    const hal = await signIn(t, 'hal@example.test', 'athlete-password', 'Hal');
    const probe = await open(hal);
    const fresh = await signIn(t, 'hal@example.test', 'athlete-password', 'Hal');
    const reads = vi.spyOn(t.context.database.db, 'select');
    try {
      for (let i = 0; i < 40; i++) probe.ws.send(JSON.stringify({ type: 'authenticate', token: fresh.token }));
      await probe.until(() => probe.count('authenticated') === 40);
      expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      reads.mockRestore();
    }
    // A token whose session was signed out is refused: the first check of a token reads the database.
    const ended = await signIn(t, 'hal@example.test', 'athlete-password', 'Hal');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...authHeaders(ended), cookie: ended.cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    probe.ws.send(JSON.stringify({ type: 'authenticate', token: ended.token }));
    await probe.until(() => probe.closed !== null);
    expect(probe.closed).toMatchObject({ code: SOCKET_POLICY_VIOLATION_CODE, reason: 'Invalid token' });
  });

  it(`keeps at most ${SOCKET_MAX_PER_USER} sockets per account: a new one closes the oldest with a reason`, async () => {
    const ivy = await signIn(t, 'ivy@example.test', 'athlete-password', 'Ivy');
    const mine: Probe[] = [];
    for (let i = 0; i < SOCKET_MAX_PER_USER; i++) mine.push(await open(ivy));
    await sleep(100);
    expect(mine.every((p) => p.closed === null)).toBe(true);
    const newest = await open(ivy);
    await mine[0]!.until(() => mine[0]!.closed !== null);
    expect(mine[0]!.closed).toMatchObject({ code: SOCKET_POLICY_VIOLATION_CODE, reason: expect.stringMatching(/oldest/) });
    await sleep(100);
    expect([...mine.slice(1), newest].every((p) => p.closed === null)).toBe(true);
    // Another account is not affected.
    const jo = await signIn(t, 'jo@example.test', 'athlete-password', 'Jo');
    const other = await open(jo);
    await sleep(50);
    expect(other.closed).toBeNull();
  });
});
