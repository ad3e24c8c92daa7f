import type { WebSocket } from 'ws';
import {
  SOCKET_MAX_BUFFERED_BYTES,
  SOCKET_MAX_PER_USER,
  SOCKET_MESSAGE_BURST,
  SOCKET_MESSAGES_PER_SECOND,
  SOCKET_POLICY_VIOLATION_CODE,
} from '#domain/constants.ts';
import type { RealtimeEnvelope } from './realtime-events.ts';

export const MAX_ROOMS_PER_SOCKET = 50;
/** Messages already in flight when the server closes a socket; past these the client is flooding. */
export const MESSAGES_AFTER_CLOSE = 10;
/**
 * Socket writes done in one go. A larger fan-out (a board's room of thousands) goes on in slices of this many,
 * each after the I/O waiting behind it (setImmediate), so the answers and notices due meanwhile (the submission
 * that caused it) are not held until the last socket has its copy.
 */
export const FAN_OUT_SLICE = 256;
/**
 * The longest a fan-out waits for the answers owed on this node (`answerFirst`: a board writer's, waiting for its
 * own change to come back on the LISTEN connection that also brings the room's message) before it goes anyway.
 */
export const FAN_OUT_HOLD_MS = 50;
/** The longest one owed answer holds fan-outs (a request that never answers must not hold them forever). */
export const ANSWER_HOLD_MAX_MS = 1_000;

/** A message still being written to its sockets: the targets as they were when it arrived, and the next to write. */
interface Fanning {
  data: string;
  targets: Client[];
  next: number;
  /** When it arrived (performance.now()): it waits for owed answers at most FAN_OUT_HOLD_MS after this. */
  at: number;
}

/** The limits every socket of a hub lives by; tests lift one to reach another. */
export interface SocketLimits {
  maxBufferedBytes: number;
  messagesPerSecond: number;
  messageBurst: number;
  maxPerUser: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxBufferedBytes: SOCKET_MAX_BUFFERED_BYTES,
  messagesPerSecond: SOCKET_MESSAGES_PER_SECOND,
  messageBurst: SOCKET_MESSAGE_BURST,
  maxPerUser: SOCKET_MAX_PER_USER,
};

/**
 * One socket's state, kept small: tens of thousands are held at once, so no per-socket
 * closures or timers (listeners are shared, expiry is swept) and no room set until a join.
 */
export interface Client {
  ws: WebSocket;
  userId: number;
  rooms: Set<string> | null;
  alive: boolean;
  /** Set once the server has decided to close it: nothing more is read or sent. */
  closing: boolean;
  /** When the token it last authenticated with expires, on the performance.now() clock. */
  closesAt: number;
  /** Messages it may still send now (a token bucket refilled at messagesPerSecond). */
  allowance: number;
  refilledAt: number;
}

export function newClient(ws: WebSocket, userId: number, closesAt: number, limits: SocketLimits): Client {
  return { ws, userId, rooms: null, alive: true, closing: false, closesAt, allowance: limits.messageBurst, refilledAt: performance.now() };
}

/** The sockets this node holds, by user and by room. Events reach it from every node through LISTEN. */
export class RealtimeHub {
  readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly rooms = new Map<string, Set<Client>>();
  private nextExpiry = Infinity;
  /** Watchers of rooms by name prefix: told the room's size on this node when a socket joins or leaves it. */
  private readonly roomWatchers: { prefix: string; changed: (room: string, size: number) => void }[] = [];
  /** Listeners to what is said in rooms by name prefix, on every node, sockets there or not (watchMessages). */
  private readonly messageWatchers: { prefix: string; heard: (room: string, message: RealtimeEnvelope['message']) => void }[] = [];
  /** Fan-outs not yet written to every socket, in arrival order (a socket gets its messages in the order they came). */
  private readonly fanning: Fanning[] = [];
  private sliceDue = false;
  /** Answers this node owes now (answerFirst): no fan-out is written while one is owed, up to FAN_OUT_HOLD_MS. */
  private owed = 0;
  private holdTimer: NodeJS.Timeout | null = null;

  constructor(readonly limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS }) {}

  /** Adds a socket; past the per-user cap the user's oldest socket is closed to make room. */
  add(client: Client) {
    this.clients.add(client);
    addTo(this.byUser, client.userId, client);
    this.noteExpiry(client.closesAt);
    const mine = this.byUser.get(client.userId)!;
    if (mine.size > this.limits.maxPerUser) {
      const oldest = mine.values().next().value!;
      this.close(
        oldest,
        SOCKET_POLICY_VIOLATION_CODE,
        `More than ${this.limits.maxPerUser} connections for this account: this, the oldest, is closed.`,
      );
    }
  }

  remove(client: Client) {
    if (!this.clients.delete(client)) return;
    removeFrom(this.byUser, client.userId, client);
    const left = client.rooms;
    if (left) for (const room of left) removeFrom(this.rooms, room, client);
    client.rooms = null;
    if (left) for (const room of left) this.roomChanged(room);
  }

  join(client: Client, room: string): boolean {
    const rooms = (client.rooms ??= new Set());
    if (!rooms.has(room) && rooms.size >= MAX_ROOMS_PER_SOCKET) return false;
    const fresh = !rooms.has(room);
    rooms.add(room);
    addTo(this.rooms, room, client);
    if (fresh) this.roomChanged(room);
    return true;
  }

  leave(client: Client, room: string) {
    if (!client.rooms?.delete(room)) return;
    removeFrom(this.rooms, room, client);
    this.roomChanged(room);
  }

  /** Calls `changed(room, size)` whenever a room whose name starts with `prefix` gains or loses a socket here. */
  watchRooms(prefix: string, changed: (room: string, size: number) => void) {
    this.roomWatchers.push({ prefix, changed });
  }

  /**
   * Calls `heard(room, message)` for every message to a room whose name starts with `prefix` that reaches this node
   * (from any node), before its sockets get it: what a node keeps about a room is dropped before a page refetches.
   */
  watchMessages(prefix: string, heard: (room: string, message: RealtimeEnvelope['message']) => void) {
    this.messageWatchers.push({ prefix, heard });
  }

  /** How many of this node's sockets are in a room. */
  roomSize(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  private roomChanged(room: string) {
    for (const w of this.roomWatchers) if (room.startsWith(w.prefix)) w.changed(room, this.roomSize(room));
  }

  renew(client: Client, closesAt: number) {
    client.closesAt = closesAt;
    this.noteExpiry(closesAt);
  }

  /**
   * Queues one message for its targets here. Nothing is written now: the fan-outs go out after the I/O already
   * read (setImmediate), up to FAN_OUT_SLICE writes at a time, in arrival order, and not while an answer is owed
   * (answerFirst), so what came in the same read as the message (a writer's notice that its change is back) is
   * handled first and its answer leaves before the room's thousands of writes.
   */
  deliver(envelope: RealtimeEnvelope) {
    const to = envelope.to;
    if ('room' in to) for (const w of this.messageWatchers) if (to.room.startsWith(w.prefix)) w.heard(to.room, envelope.message);
    const targets = 'everyone' in to ? this.clients : 'user' in to ? this.byUser.get(to.user) : this.rooms.get(to.room);
    if (!targets?.size) return;
    this.fanning.push({ data: JSON.stringify(envelope.message), targets: [...targets], next: 0, at: performance.now() });
    this.scheduleSlice();
  }

  /**
   * Holds this node's fan-outs until `answer` settles (ANSWER_HOLD_MAX_MS at most): an answer owed now whose
   * request caused a room's message (a board writer's, app.ts: from its handler's start until its own change is
   * back on the LISTEN connection that also brings that message) leaves before the room's thousands of writes.
   * A fan-out already waiting FAN_OUT_HOLD_MS goes anyway, so a stream of writers cannot starve the sockets.
   */
  answerFirst(answer: Promise<unknown>): void {
    this.owed += 1;
    let done = false;
    const settled = () => {
      if (done) return;
      done = true;
      clearTimeout(bound);
      this.owed -= 1;
      if (this.owed === 0) this.scheduleSlice();
    };
    const bound = setTimeout(settled, ANSWER_HOLD_MAX_MS);
    bound.unref();
    answer.then(settled, settled);
  }

  private scheduleSlice() {
    if (this.sliceDue || !this.fanning.length) return;
    this.sliceDue = true;
    setImmediate(() => this.writeSlice());
  }

  /** Writes up to FAN_OUT_SLICE of the waiting fan-outs' sockets (unless an answer is owed); schedules the next slice. */
  private writeSlice(): void {
    this.sliceDue = false;
    if (!this.fanning.length) return;
    if (this.owed > 0) {
      const wait = this.fanning[0]!.at + FAN_OUT_HOLD_MS - performance.now();
      if (wait > 0) {
        // Resumed when the answers are sent (answerFirst), or at the latest when this one has waited long enough.
        this.holdTimer ??= setTimeout(() => {
          this.holdTimer = null;
          this.scheduleSlice();
        }, Math.ceil(wait));
        return;
      }
    }
    if (this.holdTimer) {
      clearTimeout(this.holdTimer);
      this.holdTimer = null;
    }
    let budget = FAN_OUT_SLICE;
    while (budget > 0 && this.fanning.length) {
      const f = this.fanning[0]!;
      const start = f.next;
      const end = Math.min(f.targets.length, start + budget);
      for (let i = start; i < end; i++) this.send(f.targets[i]!, f.data);
      f.next = end;
      budget -= end - start;
      if (end === f.targets.length) this.fanning.shift();
    }
    this.scheduleSlice();
  }

  /**
   * Every write to a socket goes through here, replies and broadcasts alike: a reader with
   * more than maxBufferedBytes waiting is dropped rather than buffered without bound.
   */
  send(client: Client, data: string): boolean {
    const { ws } = client;
    if (client.closing || ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount + data.length > this.limits.maxBufferedBytes) {
      // A close frame would wait behind the same backlog: cut the connection now.
      client.closing = true;
      this.remove(client);
      ws.terminate();
      return false;
    }
    ws.send(data);
    return true;
  }

  /** Takes one message from the socket's allowance; false when it is sending too fast. */
  admit(client: Client, now = performance.now()): boolean {
    const { messagesPerSecond, messageBurst } = this.limits;
    client.allowance = Math.min(messageBurst, client.allowance + ((now - client.refilledAt) * messagesPerSecond) / 1000);
    client.refilledAt = now;
    if (client.allowance < 1) return false;
    client.allowance -= 1;
    return true;
  }

  /** Closes with a code and reason the client can read; whatever it still sends is ignored (ws ends the close within its closeTimeout). */
  close(client: Client, code: number, reason: string) {
    if (client.closing) return;
    client.closing = true;
    client.allowance = 0;
    this.remove(client);
    client.ws.close(code, reason);
  }

  /** A message after the close frame: ignored, and past a few the socket is no longer read (ws cuts it at closeTimeout). */
  ignore(client: Client) {
    client.allowance -= 1;
    if (client.allowance === -MESSAGES_AFTER_CLOSE) client.ws.pause();
  }

  /** Drops sockets that did not answer the last ping, and pings the rest. */
  heartbeat() {
    for (const client of this.clients) {
      if (!client.alive) {
        client.closing = true;
        this.remove(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }

  /** Closes the sockets whose token has expired; cheap when none is due. */
  sweepExpired(now = performance.now()) {
    if (now < this.nextExpiry) return;
    this.nextExpiry = Infinity;
    for (const client of this.clients) {
      if (client.closesAt <= now) this.close(client, SOCKET_POLICY_VIOLATION_CODE, 'Token expired');
      else this.noteExpiry(client.closesAt);
    }
  }

  private noteExpiry(closesAt: number) {
    if (closesAt < this.nextExpiry) this.nextExpiry = closesAt;
  }
}

function addTo<K>(map: Map<K, Set<Client>>, key: K, client: Client) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(client);
}

function removeFrom<K>(map: Map<K, Set<Client>>, key: K, client: Client) {
  const set = map.get(key);
  if (!set) return;
  set.delete(client);
  if (set.size === 0) map.delete(key);
}
