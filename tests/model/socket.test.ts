import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { joinMessage, roomKey, socketMachine, type ConnectionCommand, type SocketEvent } from '../../machines/socket.ts';
import { SOCKET_MAX_RECONNECT_ATTEMPTS, SOCKET_MESSAGE_TOO_BIG_CODE, SOCKET_NORMAL_CLOSE_CODE, SOCKET_POLICY_VIOLATION_CODE, SOCKET_RECONNECT_INTERVAL_MS } from '../../domain/constants.ts';
import { ControlledPromises, flush, replayEvent, transitionPaths } from './replay.ts';

const URL1 = 'ws://app.test/api/ws?token=t1&user_id=7';
const URL2 = 'ws://app.test/api/ws?token=t2&user_id=7';
const ROOM = { challenge_id: 5 };

const events = [
  { type: 'socket.connect', url: URL1, token: 't1' },
  { type: 'socket.opened' },
  { type: 'socket.closed', code: SOCKET_NORMAL_CLOSE_CODE },
  { type: 'socket.closed', code: 1006 },
  { type: 'socket.closed', code: 1008 },
  { type: 'socket.closed', code: 1009 },
  { type: 'socket.closed', code: 1011 },
  { type: 'socket.join', room: ROOM },
  { type: 'socket.leave', room: ROOM },
  { type: 'socket.token', url: URL2, token: 't2' },
  { type: 'socket.message', message: { type: 'progress_update', rank: 3 } },
  { type: 'socket.disconnect' },
  { type: 'xstate.after.RECONNECT_INTERVAL.socket.reconnecting' },
] as unknown as SocketEvent[];

/** A stand-in for the browser's WebSocket: records each connection, what it was told to send, and when it was closed. */
function fakeConnections() {
  const opened: { url: string; sent: ConnectionCommand['message'][]; closed: boolean }[] = [];
  const connection = fromCallback<ConnectionCommand, { url: string }>(({ input, receive }) => {
    const record = { url: input.url, sent: [] as ConnectionCommand['message'][], closed: false };
    opened.push(record);
    receive((command) => void record.sent.push(command.message));
    return () => {
      record.closed = true;
    };
  });
  return { opened, connection };
}

describe('socket machine paths', () => {
  const paths = transitionPaths(socketMachine, {
    events,
    stateContext: (c) => ({ attempts: c.attempts, rooms: c.rooms.map(roomKey), signedIn: c.url !== null }),
  });

  it('covers connecting, connected, reconnecting, failed and disconnected, including five failed reconnects', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(['"disconnected"', '"failed"', '"reconnecting"', '{"online":"connected"}', '{"online":"connecting"}']);
    const toFailed = paths.find((p) => p.state.matches('failed') && p.state.context.attempts === SOCKET_MAX_RECONNECT_ATTEMPTS)!;
    expect(toFailed.steps.filter((s) => s.event.type.startsWith('xstate.after')).length).toBe(SOCKET_MAX_RECONNECT_ATTEMPTS);
    // Some path joins a room, loses the connection and opens again: the rejoin is checked on it.
    expect(paths.some((p) => p.steps.some((s, i) => s.event.type === 'socket.opened' && p.steps.slice(0, i).some((x) => (x.event.type as string) === 'xstate.after.RECONNECT_INTERVAL.socket.reconnecting') && s.state.context.rooms.length > 0))).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const { opened, connection } = fakeConnections();
      const delivered: unknown[] = [];
      const actor = createActor(
        socketMachine.provide({
          actors: { connection },
          actions: { deliverMessage: (_, { message }) => void delivered.push(message) },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot();
        const connectionsBefore = opened.length;
        await replayEvent(step.event, { actor, clock, promises: new ControlledPromises(), delayMs: () => SOCKET_RECONNECT_INTERVAL_MS });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.attempts, type).toBe(step.state.context.attempts);
        const live = opened.at(-1);
        if (snap.matches('online')) {
          // Exactly one live connection while online, to the newest address.
          expect(opened.filter((c) => !c.closed)).toHaveLength(1);
          expect(live!.url).toBe(snap.context.url);
        } else {
          expect(opened.every((c) => c.closed), type).toBe(true);
        }
        switch (type) {
          case 'socket.opened':
            // Back into every room after each open, the first or a reconnect.
            expect(live!.sent).toEqual(snap.context.rooms.map(joinMessage));
            expect(snap.context.attempts).toBe(0);
            break;
          case 'socket.join':
            if (before.matches({ online: 'connected' })) expect(live!.sent.at(-1)).toEqual({ type: 'join_challenge', challenge_id: 5 });
            expect(snap.context.rooms.map(roomKey)).toContain('challenge:5');
            break;
          case 'socket.leave':
            if (before.matches({ online: 'connected' })) expect(live!.sent.at(-1)).toEqual({ type: 'leave_room', room_id: 'challenge:5' });
            expect(snap.context.rooms).toEqual([]);
            break;
          case 'socket.token':
            if (before.matches({ online: 'connected' })) expect(live!.sent.at(-1)).toEqual({ type: 'authenticate', token: 't2' });
            if (!before.matches('disconnected')) expect(snap.context.url).toBe(URL2);
            break;
          case 'socket.message':
            expect(delivered.at(-1)).toEqual({ type: 'progress_update', rank: 3 });
            break;
          case 'socket.closed': {
            const code = (step.event as { code: number }).code;
            if (code === SOCKET_NORMAL_CLOSE_CODE) {
              // A normal close does not retry, however long we wait.
              clock.increment(SOCKET_RECONNECT_INTERVAL_MS * 3);
              await flush();
              expect(actor.getSnapshot().value).toBe('disconnected');
              expect(opened).toHaveLength(connectionsBefore);
            } else if (code === SOCKET_POLICY_VIOLATION_CODE || code === SOCKET_MESSAGE_TOO_BIG_CODE) {
              // A policy close does not retry either: the server would refuse the same again.
              expect(snap.value).toBe('failed');
              clock.increment(SOCKET_RECONNECT_INTERVAL_MS * 3);
              await flush();
              expect(opened).toHaveLength(connectionsBefore);
            } else {
              expect(snap.value).toBe(before.context.attempts < SOCKET_MAX_RECONNECT_ATTEMPTS ? 'reconnecting' : 'failed');
              expect(snap.context.lastCloseCode).toBe(code);
            }
            break;
          }
          case 'xstate.after.RECONNECT_INTERVAL.socket.reconnecting':
            // A new connection, to the newest address, after the interval.
            expect(opened).toHaveLength(connectionsBefore + 1);
            expect(snap.context.attempts).toBe(before.context.attempts + 1);
            break;
          case 'socket.disconnect':
            expect(snap.context.url).toBeNull();
            break;
        }
      }
      actor.stop();
    });
  }
});
