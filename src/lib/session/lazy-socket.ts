import { fromCallback } from 'xstate';
import type { SocketEvent } from '#machines/socket.ts';

type Socket = { send(event: SocketEvent): void; stop(): void };

/**
 * The session's socket child in the browser. The socket chart and the WebSocket behind it
 * (socket-connection.ts) load with the first sign-in, not with the app: a visitor who never signs
 * in never downloads them. What the session sends before they arrive waits here and is handed
 * over in order; a chunk that failed to load is asked for again with the next event.
 */
export const lazySocket = fromCallback<SocketEvent>(({ receive }) => {
  let socket: Socket | null = null;
  let loading = false;
  let stopped = false;
  const waiting: SocketEvent[] = [];
  const load = () => {
    loading = true;
    import('./socket-connection.ts').then(
      ({ startSocket }) => {
        if (stopped) return;
        socket = startSocket();
        for (const event of waiting.splice(0)) socket.send(event);
      },
      (error: unknown) => {
        console.error('The real-time connection failed to load:', error);
        loading = false;
      },
    );
  };
  receive((event) => {
    if (socket) return socket.send(event);
    waiting.push(event);
    if (!loading && waiting.some((e) => e.type === 'socket.connect' || e.type === 'socket.token')) load();
  });
  return () => {
    stopped = true;
    socket?.stop();
  };
});
