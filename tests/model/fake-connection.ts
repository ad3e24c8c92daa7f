import { fromCallback } from 'xstate';
import type { ConnectionCommand } from '#machines/socket.ts';

/** A stand-in for the browser's WebSocket: records each connection, what it was told to send, and when it was closed. */
export function fakeConnections({ openAtOnce = false } = {}) {
  const opened: { url: string; sent: ConnectionCommand['message'][]; closed: boolean }[] = [];
  const connection = fromCallback<ConnectionCommand, { url: string }>(({ input, receive, sendBack }) => {
    const record = { url: input.url, sent: [] as ConnectionCommand['message'][], closed: false };
    opened.push(record);
    receive((command) => void record.sent.push(command.message));
    if (openAtOnce) sendBack({ type: 'socket.opened' });
    return () => {
      record.closed = true;
    };
  });
  return { opened, connection };
}
