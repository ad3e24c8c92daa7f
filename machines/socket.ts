import { assertEvent, assign, enqueueActions, fromCallback, setup } from 'xstate';
import {
  SOCKET_MAX_RECONNECT_ATTEMPTS,
  SOCKET_MESSAGE_TOO_BIG_CODE,
  SOCKET_NORMAL_CLOSE_CODE,
  SOCKET_POLICY_VIOLATION_CODE,
  SOCKET_RECONNECT_INTERVAL_MS,
} from '../domain/constants.ts';
import type { SocketClientCommand, SocketServerMessage } from '../domain/socket-messages.ts';

import { roomKey, type RoomRef } from './socket-path.ts';

export { roomKey, type RoomRef };

/** The message that puts the socket in a room (spec section 7's outgoing messages). */
export function joinMessage(room: RoomRef): OutgoingMessage {
  if ('challenge_id' in room) return { type: 'join_challenge', challenge_id: room.challenge_id };
  if ('session_id' in room) return { type: 'join_live_attempt', session_id: room.session_id };
  return { type: 'join_room', room_id: room.room_id };
}

export function leaveMessage(room: RoomRef): OutgoingMessage {
  if ('session_id' in room) return { type: 'leave_live_attempt', session_id: room.session_id };
  return { type: 'leave_room', room_id: roomKey(room) };
}

/** What the socket sends and hears: the contract's commands and messages (openapi/realtime.yaml). */
export type OutgoingMessage = SocketClientCommand;
export type IncomingMessage = SocketServerMessage;

export interface SocketContext {
  /** Where to connect, token and user_id included; null when signed out. */
  url: string | null;
  /** The current access token, sent again when it is refreshed mid-connection. */
  token: string | null;
  rooms: RoomRef[];
  /** Reconnects tried since the last successful open. */
  attempts: number;
  lastCloseCode: number | null;
}

export type SocketEvent =
  | { type: 'socket.connect'; url: string; token: string }
  | { type: 'socket.disconnect' }
  | { type: 'socket.token'; url: string; token: string }
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code: number; reason?: string }
  | { type: 'socket.message'; message: IncomingMessage }
  | { type: 'socket.join'; room: RoomRef }
  | { type: 'socket.leave'; room: RoomRef };

/** What the machine tells the open connection to send. */
export type ConnectionCommand = { type: 'send'; message: OutgoingMessage };

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
  },
  actors: {
    /** Owns one WebSocket for as long as the machine is online; the app provides the browser's. */
    connection: fromCallback<ConnectionCommand, { url: string }>(() => {
      throw new Error('connection not provided');
    }),
  },
  actions: {
    /** Hands a message from the server to the app (achievements, boards). */
    deliverMessage: (_, _params: { message: IncomingMessage }) => {},
    assignAddress: assign(({ event }) => {
      assertEvent(event, ['socket.connect', 'socket.token']);
      return { url: event.url, token: event.token };
    }),
    forgetAddress: assign({ url: null, token: null, attempts: 0 }),
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    recordClose: assign({
      lastCloseCode: ({ event }) => {
        assertEvent(event, 'socket.closed');
        return event.code;
      },
    }),
    addRoom: assign({
      rooms: ({ context, event }) => {
        assertEvent(event, 'socket.join');
        const key = roomKey(event.room);
        return context.rooms.some((r) => roomKey(r) === key) ? context.rooms : [...context.rooms, event.room];
      },
    }),
    removeRoom: assign({
      rooms: ({ context, event }) => {
        assertEvent(event, 'socket.leave');
        const key = roomKey(event.room);
        return context.rooms.filter((r) => roomKey(r) !== key);
      },
    }),
    sendJoin: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'socket.join');
      enqueue.sendTo('connection', { type: 'send', message: joinMessage(event.room) } satisfies ConnectionCommand);
    }),
    sendLeave: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'socket.leave');
      enqueue.sendTo('connection', { type: 'send', message: leaveMessage(event.room) } satisfies ConnectionCommand);
    }),
    /** After every open (first or a reconnect): back into every room the app asked for. */
    rejoinRooms: enqueueActions(({ enqueue, context }) => {
      for (const room of context.rooms)
        enqueue.sendTo('connection', { type: 'send', message: joinMessage(room) } satisfies ConnectionCommand);
    }),
    /** A refreshed token keeps an open socket alive past the old token's expiry. */
    sendAuthenticate: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'socket.token');
      enqueue.sendTo('connection', { type: 'send', message: { type: 'authenticate', token: event.token } } satisfies ConnectionCommand);
    }),
  },
  guards: {
    normalClose: ({ event }) => event.type === 'socket.closed' && event.code === SOCKET_NORMAL_CLOSE_CODE,
    /** The server refused this connection's behaviour or token: reconnecting at once would be refused again. */
    policyClose: ({ event }) =>
      event.type === 'socket.closed' && (event.code === SOCKET_POLICY_VIOLATION_CODE || event.code === SOCKET_MESSAGE_TOO_BIG_CODE),
    canRetry: ({ context }) => context.attempts < SOCKET_MAX_RECONNECT_ATTEMPTS,
  },
  delays: {
    RECONNECT_INTERVAL: SOCKET_RECONNECT_INTERVAL_MS,
  },
}).createMachine({
  id: 'socket',
  initial: 'disconnected',
  context: { url: null, token: null, rooms: [], attempts: 0, lastCloseCode: null },
  on: {
    'socket.join': { actions: 'addRoom' },
    'socket.leave': { actions: 'removeRoom' },
    'socket.token': { actions: 'assignAddress' },
    'socket.message': { actions: { type: 'deliverMessage', params: ({ event }) => ({ message: event.message }) } },
    'socket.disconnect': { target: '.disconnected', actions: 'forgetAddress' },
    // Signing in again (maybe as someone else) starts a fresh connection.
    'socket.connect': { target: '.online', reenter: true, actions: ['assignAddress', 'resetAttempts'] },
  },
  states: {
    disconnected: {
      // A renewed token while not connected (the server closed normally) connects again.
      on: { 'socket.token': { target: 'online', actions: ['assignAddress', 'resetAttempts'] } },
    },
    online: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ url: context.url! }) },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'connected', actions: ['resetAttempts', 'rejoinRooms'] } },
        },
        connected: {
          on: {
            'socket.join': { actions: ['addRoom', 'sendJoin'] },
            'socket.leave': { actions: ['removeRoom', 'sendLeave'] },
            'socket.token': { actions: ['assignAddress', 'sendAuthenticate'] },
          },
        },
      },
      on: {
        'socket.closed': [
          { guard: 'normalClose', target: 'disconnected', actions: ['recordClose', 'forgetAddress'] },
          { guard: 'policyClose', target: 'failed', actions: 'recordClose' },
          { guard: 'canRetry', target: 'reconnecting', actions: 'recordClose' },
          { target: 'failed', actions: 'recordClose' },
        ],
      },
    },
    reconnecting: {
      after: { RECONNECT_INTERVAL: { target: 'online', actions: 'countAttempt' } },
    },
    /** The spec's "error": reconnects used up, or a policy close; a new sign-in (socket.connect) or a renewed token tries again. */
    failed: {
      on: { 'socket.token': { target: 'online', actions: ['assignAddress', 'resetAttempts'] } },
    },
  },
});
