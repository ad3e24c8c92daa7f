import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { decodeJwt } from 'jose';
import { Ajv, type ValidateFunction } from 'ajv';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context.ts';
import { authenticate } from '../services/auth.ts';
import { REALTIME_CHANNEL, challengeRoom, liveAttemptRoom, parseEnvelope, type RealtimeEnvelope } from '../services/realtime/realtime-events.ts';

export const WS_POLICY_VIOLATION = 1008;
/** Sent when a socket is dropped for reading too slowly; the client reconnects. */
export const WS_TRY_AGAIN_LATER = 1013;
/** A socket with more than this waiting to be sent is too slow: it is dropped, not buffered further. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const MAX_ROOMS_PER_SOCKET = 50;
export const MAX_INCOMING_BYTES = 4096;

const ROOM_ID = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9:_.-]+$' };
const INCOMING_SCHEMAS: Record<string, object> = {
  join_room: { required: ['room_id'], properties: { room_id: ROOM_ID } },
  leave_room: { required: ['room_id'], properties: { room_id: ROOM_ID } },
  join_challenge: { required: ['challenge_id'], properties: { challenge_id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
  leave_challenge: { required: ['challenge_id'], properties: { challenge_id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
  join_live_attempt: { required: ['session_id'], properties: { session_id: ROOM_ID } },
  leave_live_attempt: { required: ['session_id'], properties: { session_id: ROOM_ID } },
  authenticate: { required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 2048 } } },
};

const ajv = new Ajv({ allErrors: false, strict: false });
const validators: Record<string, ValidateFunction> = Object.fromEntries(
  Object.entries(INCOMING_SCHEMAS).map(([type, schema]) => [
    type,
    ajv.compile({ type: 'object', additionalProperties: false, ...schema, properties: { type: { const: type }, ...(schema as { properties: object }).properties } }),
  ]),
);

interface Client {
  ws: WebSocket;
  userId: number;
  rooms: Set<string>;
  alive: boolean;
  expiry?: NodeJS.Timeout;
}

/** The sockets this node holds, by user and by room. Events reach it from every node through LISTEN. */
export class RealtimeHub {
  readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly rooms = new Map<string, Set<Client>>();

  add(client: Client) {
    this.clients.add(client);
    addTo(this.byUser, client.userId, client);
  }

  remove(client: Client) {
    this.clients.delete(client);
    removeFrom(this.byUser, client.userId, client);
    for (const room of client.rooms) removeFrom(this.rooms, room, client);
    client.rooms.clear();
    clearTimeout(client.expiry);
  }

  join(client: Client, room: string): boolean {
    if (!client.rooms.has(room) && client.rooms.size >= MAX_ROOMS_PER_SOCKET) return false;
    client.rooms.add(room);
    addTo(this.rooms, room, client);
    return true;
  }

  leave(client: Client, room: string) {
    client.rooms.delete(room);
    removeFrom(this.rooms, room, client);
  }

  /** Sends one message to its targets here; returns how many sockets it was written to. */
  deliver(envelope: RealtimeEnvelope): number {
    const targets = 'user' in envelope.to ? this.byUser.get(envelope.to.user) : this.rooms.get(envelope.to.room);
    if (!targets) return 0;
    const data = JSON.stringify(envelope.message);
    let sent = 0;
    for (const client of targets) if (sendTo(client, data)) sent += 1;
    return sent;
  }

  /** Drops sockets that did not answer the last ping, and pings the rest. */
  heartbeat() {
    for (const client of this.clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
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

function sendTo(client: Client, data: string): boolean {
  const { ws } = client;
  if (ws.readyState !== ws.OPEN) return false;
  // Back-pressure: a reader this far behind is cut off rather than buffered without bound.
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return false;
  }
  ws.send(data);
  return true;
}

function reply(ws: WebSocket, message: Record<string, unknown>) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** The origins a browser may open the socket from: the configured list, else the app's own. */
function originAllowed(ctx: AppContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin; other clients (apps, scripts) authenticate with the token alone.
  if (!origin) return true;
  const allowed = ctx.config.allowedOrigins ?? [];
  if (allowed.length > 0) return allowed.includes(origin);
  if (ctx.config.publicOrigin && origin === ctx.config.publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

async function tokenExpiry(ctx: AppContext, token: string): Promise<{ userId: number; expiresAt: number } | null> {
  const auth = await authenticate(ctx, token);
  if (!auth) return null;
  const exp = decodeJwt(token).exp;
  return { userId: auth.user.id, expiresAt: (exp ?? 0) * 1000 };
}

/**
 * `GET /api/ws?token=…&user_id=…`: the real-time socket. The upgrade is refused with 401
 * unless the token is a live access token of that user, and with 403 from a foreign origin.
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext, prefix: string) {
  const hub = new RealtimeHub();
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_INCOMING_BYTES },
    errorHandler: (_error, socket) => socket.terminate(),
  });
  const scheduleExpiry = (client: Client, expiresAt: number) => {
    clearTimeout(client.expiry);
    const wait = Math.max(0, expiresAt - ctx.now().getTime());
    client.expiry = setTimeout(() => client.ws.close(WS_POLICY_VIOLATION, 'Token expired'), Math.min(wait, 2 ** 31 - 1));
    client.expiry.unref();
  };

  app.route<{ Querystring: { token?: string; user_id?: string } }>({
    method: 'GET',
    url: `${prefix}/api/ws`,
    preValidation: async (request, response) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return; // the plain handler answers 426
      if (!originAllowed(ctx, request)) return response.code(403).send({ detail: 'This origin may not open the real-time connection.' });
      const { token, user_id: userId } = request.query;
      if (!token || !userId) return response.code(401).send({ detail: 'Authentication required' });
      const auth = await tokenExpiry(ctx, token);
      if (!auth || String(auth.userId) !== userId) return response.code(401).send({ detail: 'Your session is not valid for this connection. Please sign in again.' });
      (request as FastifyRequest & { realtimeAuth?: typeof auth }).realtimeAuth = auth;
    },
    handler: async (_request, response) =>
      response.code(426).header('upgrade', 'websocket').send({ detail: 'This address takes a WebSocket connection.' }),
    wsHandler: (ws, request) => {
      const auth = (request as FastifyRequest & { realtimeAuth?: { userId: number; expiresAt: number } }).realtimeAuth!;
      const client: Client = { ws, userId: auth.userId, rooms: new Set(), alive: true };
      hub.add(client);
      scheduleExpiry(client, auth.expiresAt);
      ws.on('pong', () => {
        client.alive = true;
      });
      ws.on('close', () => hub.remove(client));
      ws.on('message', (raw, isBinary) => {
        void handleMessage(client, isBinary ? null : raw.toString()).catch(() => reply(ws, { type: 'error', detail: 'That message could not be handled.' }));
      });
      reply(ws, { type: 'connected', user_id: auth.userId, expires_at: new Date(auth.expiresAt).toISOString() });
    },
  });

  async function handleMessage(client: Client, text: string | null) {
    const { ws } = client;
    let message: Record<string, unknown> | null = null;
    try {
      message = text === null ? null : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      message = null;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message) || typeof message.type !== 'string') {
      return reply(ws, { type: 'error', detail: 'Messages must be JSON objects with a type.' });
    }
    const type = message.type;
    const validate = validators[type];
    if (!validate) return reply(ws, { type: 'error', detail: `Unknown message type ${type.slice(0, 40)}.` });
    if (!validate(message)) {
      const first = validate.errors?.[0];
      const field = first?.instancePath.replace(/^\//, '') || (first?.params as { missingProperty?: string; additionalProperty?: string })?.missingProperty || (first?.params as { additionalProperty?: string })?.additionalProperty || 'message';
      return reply(ws, { type: 'error', for: type, detail: `${type}: ${field} ${first?.keyword === 'additionalProperties' ? 'is not a field of this message' : first?.message ?? 'is invalid'}.` });
    }
    switch (message.type) {
      case 'authenticate': {
        const auth = await tokenExpiry(ctx, message.token as string);
        if (!auth || auth.userId !== client.userId) {
          reply(ws, { type: 'error', for: 'authenticate', detail: 'That token is not valid for this connection.' });
          return ws.close(WS_POLICY_VIOLATION, 'Invalid token');
        }
        scheduleExpiry(client, auth.expiresAt);
        return reply(ws, { type: 'authenticated', expires_at: new Date(auth.expiresAt).toISOString() });
      }
      case 'join_room':
      case 'join_challenge':
      case 'join_live_attempt': {
        const room = roomOf(message);
        if (!hub.join(client, room)) return reply(ws, { type: 'error', for: message.type, detail: `A connection can be in at most ${MAX_ROOMS_PER_SOCKET} rooms.` });
        return reply(ws, { type: 'joined', room_id: room });
      }
      default: {
        const room = roomOf(message);
        hub.leave(client, room);
        return reply(ws, { type: 'left', room_id: room });
      }
    }
  }

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  const unlisten = await ctx.database.listen(REALTIME_CHANNEL, (payload) => {
    const envelope = parseEnvelope(payload);
    if (envelope) hub.deliver(envelope);
  });
  return {
    hub,
    async close() {
      clearInterval(heartbeat);
      for (const client of hub.clients) clearTimeout(client.expiry);
      await unlisten().catch(() => {});
    },
  };
}

function roomOf(message: Record<string, unknown>): string {
  if ('challenge_id' in message) return challengeRoom(message.challenge_id as number);
  if ('session_id' in message) return liveAttemptRoom(message.session_id as string);
  return message.room_id as string;
}
