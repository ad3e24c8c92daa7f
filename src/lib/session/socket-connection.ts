import { createActor, fromCallback } from 'xstate';
import { socketMachine, type ConnectionCommand, type SocketEvent } from '#machines/socket.ts';
import { isSocketServerMessage } from '#domain/socket-messages.ts';
import { apiBaseUrl } from '../runtime-config.ts';
import { emitRealtimeMessage, noteRealtimeDrop } from '../realtime.ts';
import { actorInspection } from '../inspector.ts';

/** The chart's relative socket address (`/api/ws?token=…&user_id=…`) on this page's origin and base path. */
export function socketUrl(path: string): string {
  return `${apiBaseUrl().replace(/^http/, 'ws').replace(/\/$/, '')}${path}`;
}

/** The browser's WebSocket behind the socket machine's `connection` actor. */
const browserConnection = fromCallback<ConnectionCommand, { url: string }>(({ input, sendBack, receive }) => {
  const ws = new WebSocket(socketUrl(input.url));
  ws.onopen = () => sendBack({ type: 'socket.opened' });
  ws.onclose = (event) => {
    noteRealtimeDrop();
    sendBack({ type: 'socket.closed', code: event.code, reason: event.reason });
  };
  ws.onmessage = (event) => {
    try {
      const message: unknown = JSON.parse(String(event.data));
      if (isSocketServerMessage(message)) sendBack({ type: 'socket.message', message });
    } catch {
      // Not ours: ignore.
    }
  };
  receive((command) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(command.message));
  });
  return () => {
    ws.onopen = ws.onclose = ws.onmessage = null;
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
  };
});

/** The socket chart as the browser runs it: messages go out through lib/realtime. */
const appSocketMachine = socketMachine.provide({
  actors: { connection: browserConnection },
  actions: { deliverMessage: (_, { message }) => emitRealtimeMessage(message) },
});

/** Starts the socket chart (lazy-socket.ts forwards the session's events to it). */
export function startSocket(): { send(event: SocketEvent): void; stop(): void } {
  const actor = createActor(appSocketMachine, { inspect: actorInspection }).start();
  return { send: (event) => actor.send(event), stop: () => actor.stop() };
}
