import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import {
  SOCKET_GOING_AWAY_CODE,
  SOCKET_MAX_BUFFERED_BYTES,
  SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_POLICY_VIOLATION_CODE,
} from '#domain/constants.ts';
import type { SocketClientCommand, SocketServerMessage } from '#domain/socket-messages.ts';
import type { AppContext } from '#server/context.ts';
import { socketContract } from '#server/lib/realtime/socket-contract.ts';
import { REALTIME_CHANNEL, challengeRoom, liveAttemptRoom, parseEnvelopes } from '#server/lib/realtime/realtime-events.ts';
import { MAX_ROOMS_PER_SOCKET, RealtimeHub, newClient, type Client } from '#server/lib/realtime/hub.ts';
import { SocketTokenCache, type SocketAuth } from './token-cache.ts';

export { MAX_ROOMS_PER_SOCKET, RealtimeHub, type Client } from '#server/lib/realtime/hub.ts';
export const WS_POLICY_VIOLATION = SOCKET_POLICY_VIOLATION_CODE;
export const MAX_BUFFERED_BYTES = SOCKET_MAX_BUFFERED_BYTES;
export const MAX_INCOMING_BYTES = SOCKET_MAX_MESSAGE_BYTES;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** How often sockets past their token's expiry are looked for. */
export const EXPIRY_SWEEP_MS = 1000;
/** A socket the server closed that does not finish the close handshake is cut after this. */
export const CLOSE_TIMEOUT_MS = 2000;

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

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's sockets (tests read and tune its limits). */
    realtimeHub: RealtimeHub;
  }
}

const CLIENT = Symbol('realtime client');
type HeldSocket = WebSocket & { [CLIENT]?: Client };
type UpgradeRequest = FastifyRequest & { realtimeAuth?: SocketAuth };

// Listeners shared by every socket (the socket carries its client), not closures made per socket.
function onPong(this: HeldSocket) {
  const client = this[CLIENT];
  if (client) client.alive = true;
}
function onError(this: WebSocket) {
  this.terminate();
}

/**
 * `GET /api/ws?token=…&user_id=…`: the real-time socket. The upgrade is refused with 401
 * unless the token is a live access token of that user, and with 403 from a foreign origin.
 * A socket is closed with 1008 past its message rate, its token's expiry or the per-user
 * cap (the oldest goes), with 1009 past the message size, and cut when it reads too slowly.
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext, prefix: string) {
  const hub = new RealtimeHub();
  // What a client may send: the contract's SocketClientCommand (openapi/realtime.yaml), one validator per type.
  const { commands } = await socketContract();
  const tokens = new SocketTokenCache(ctx);
  app.decorate('realtimeHub', hub);
  // Stopping: every socket is told "going away" (1001), so clients reconnect, maybe to another node.
  // Added before the plugin's own preClose, which then finds them closing already.
  app.addHook('preClose', function closeSockets(done) {
    for (const ws of this.websocketServer?.clients ?? []) {
      const client = (ws as HeldSocket)[CLIENT];
      if (client) hub.close(client, SOCKET_GOING_AWAY_CODE, 'Server going away');
      else ws.close(SOCKET_GOING_AWAY_CODE, 'Server going away');
    }
    done();
  });
  await app.register(fastifyWebsocket, {
    // closeTimeout is a ws 8.18+ option its typings do not list yet.
    options: { maxPayload: MAX_INCOMING_BYTES, perMessageDeflate: false, ...({ closeTimeout: CLOSE_TIMEOUT_MS } as object) },
    errorHandler: (_error, socket) => socket.terminate(),
  });

  const send = (client: Client, message: SocketServerMessage) => hub.send(client, JSON.stringify(message));
  // The time left on the token (by the app's clock) runs on the monotonic clock the sweep reads.
  const closesAt = (expiresAt: number) => performance.now() + expiresAt - ctx.now().getTime();

  function onMessage(this: HeldSocket, raw: RawData, isBinary: boolean) {
    const client = this[CLIENT];
    if (!client) return;
    if (client.closing) return hub.ignore(client);
    if (!hub.admit(client)) return hub.close(client, WS_POLICY_VIOLATION, 'Too many messages on this connection.');
    void handleMessage(client, isBinary ? null : raw.toString()).catch(() =>
      send(client, { type: 'error', detail: 'That message could not be handled.' }),
    );
  }
  // Control frames count against the same allowance: a ping flood is a message flood.
  function onPing(this: HeldSocket) {
    const client = this[CLIENT];
    if (!client) return;
    if (client.closing) hub.ignore(client);
    else if (!hub.admit(client)) hub.close(client, WS_POLICY_VIOLATION, 'Too many messages on this connection.');
  }
  function onClose(this: HeldSocket) {
    const client = this[CLIENT];
    if (client) hub.remove(client);
  }

  app.route<{ Querystring: { token?: string; user_id?: string } }>({
    method: 'GET',
    url: `${prefix}/api/ws`,
    preValidation: async (request, response) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return; // the plain handler answers 426
      if (!originAllowed(ctx, request)) return response.code(403).send({ detail: 'This origin may not open the real-time connection.' });
      const { token, user_id: userId } = request.query;
      if (!token || !userId) return response.code(401).send({ detail: 'Authentication required' });
      const auth = await tokens.check(token);
      if (!auth || String(auth.userId) !== userId)
        return response.code(401).send({ detail: 'Your session is not valid for this connection. Please sign in again.' });
      (request as UpgradeRequest).realtimeAuth = auth;
    },
    handler: async (_request, response) =>
      response.code(426).header('upgrade', 'websocket').send({ detail: 'This address takes a WebSocket connection.' }),
    wsHandler: (socket, request) => {
      const ws = socket as HeldSocket;
      const auth = (request as UpgradeRequest).realtimeAuth!;
      const client = newClient(ws, auth.userId, closesAt(auth.expiresAt), hub.limits);
      ws[CLIENT] = client;
      // The plugin's error listener holds the whole upgrade request and reply for the socket's life; ours holds nothing.
      ws.removeAllListeners('error');
      ws.on('error', onError);
      // The upgrade's ServerResponse (and through it the request) stays attached to the TCP socket otherwise.
      const raw = (ws as unknown as { _socket?: { _httpMessage?: { detachSocket(socket: unknown): void } | null } })._socket;
      raw?._httpMessage?.detachSocket(raw);
      ws.on('pong', onPong);
      ws.on('ping', onPing);
      ws.on('close', onClose);
      ws.on('message', onMessage);
      hub.add(client);
      send(client, { type: 'connected', user_id: auth.userId, expires_at: new Date(auth.expiresAt).toISOString() });
    },
  });

  async function handleMessage(client: Client, text: string | null) {
    let message: unknown = null;
    try {
      message = text === null ? null : JSON.parse(text);
    } catch {
      message = null;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message) || !('type' in message) || typeof message.type !== 'string') {
      return send(client, { type: 'error', detail: 'Messages must be JSON objects with a type.' });
    }
    const type = message.type;
    const validate = commands.get(type);
    if (!validate) return send(client, { type: 'error', detail: `Unknown message type ${type.slice(0, 40)}.` });
    if (!validate(message)) {
      const first = validate.errors?.[0];
      const field =
        first?.instancePath.replace(/^\//, '') ||
        (first?.params as { missingProperty?: string; additionalProperty?: string })?.missingProperty ||
        (first?.params as { additionalProperty?: string })?.additionalProperty ||
        'message';
      return send(client, {
        type: 'error',
        for: type,
        detail: `${type}: ${field} ${first?.keyword === 'additionalProperties' ? 'is not a field of this message' : (first?.message ?? 'is invalid')}.`,
      });
    }
    switch (message.type) {
      case 'authenticate': {
        const auth = await tokens.check(message.token);
        if (client.closing) return;
        if (!auth || auth.userId !== client.userId) {
          send(client, { type: 'error', for: 'authenticate', detail: 'That token is not valid for this connection.' });
          return hub.close(client, WS_POLICY_VIOLATION, 'Invalid token');
        }
        hub.renew(client, closesAt(auth.expiresAt));
        return send(client, { type: 'authenticated', expires_at: new Date(auth.expiresAt).toISOString() });
      }
      case 'join_room':
      case 'join_challenge':
      case 'join_live_attempt': {
        const room = roomOf(message);
        if (!hub.join(client, room))
          return send(client, {
            type: 'error',
            for: message.type,
            detail: `A connection can be in at most ${MAX_ROOMS_PER_SOCKET} rooms.`,
          });
        return send(client, { type: 'joined', room_id: room });
      }
      default: {
        const room = roomOf(message);
        hub.leave(client, room);
        return send(client, { type: 'left', room_id: room });
      }
    }
  }

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  const expirySweep = setInterval(() => {
    hub.sweepExpired();
    tokens.prune(ctx.now().getTime());
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();
  const unlisten = await ctx.database.listen(REALTIME_CHANNEL, (payload) => {
    // One envelope (publish) or a batch of them (packOf: a round's notices), delivered in the order sent.
    for (const envelope of parseEnvelopes(payload)) hub.deliver(envelope);
  });
  return {
    hub,
    async close() {
      clearInterval(heartbeat);
      clearInterval(expirySweep);
      await unlisten().catch(() => {});
    },
  };
}

function roomOf(message: Exclude<SocketClientCommand, { type: 'authenticate' }>): string {
  if ('challenge_id' in message) return challengeRoom(message.challenge_id);
  if ('session_id' in message) return liveAttemptRoom(message.session_id);
  return message.room_id;
}
