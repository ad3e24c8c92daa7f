import { describe, expect, it } from 'vitest';
import {
  SOCKET_MAX_RECONNECT_ATTEMPTS,
  SOCKET_MESSAGE_TOO_BIG_CODE,
  SOCKET_NORMAL_CLOSE_CODE,
  SOCKET_POLICY_VIOLATION_CODE,
  SOCKET_RECONNECT_INTERVAL_MS,
} from '#domain/constants.ts';
import { joinMessage, roomKey } from '#machines/socket.ts';
import samples, { renewedAddress, sampleMessage } from './samples/socket.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { fakeConnections } from './fake-connection.ts';
import { flush } from './replay.ts';

const graph = graphOf({ name: 'socket', samples: samples as never });
const RECONNECT = 'xstate.after.RECONNECT_INTERVAL.socket.reconnecting';

describe('socket chart: generated paths', () => {
  it('covers connecting, connected, reconnecting, failed and disconnected, including five failed reconnects', () => {
    const reached = new Set(graph.paths.map((p) => JSON.stringify(p.steps.at(-1)!.value)));
    expect([...reached].sort()).toEqual([
      '"disconnected"',
      '"failed"',
      '"reconnecting"',
      '{"online":"connected"}',
      '{"online":"connecting"}',
    ]);
    // Failed after every reconnect was used up (a policy close reaches failed without any).
    const toFailed = graph.paths
      .filter((p) => p.steps.at(-1)!.value === 'failed')
      .map((p) => p.steps.filter((s) => s.event.type === RECONNECT).length);
    expect(toFailed).toContain(SOCKET_MAX_RECONNECT_ATTEMPTS);
    // Some path joins a room, loses the connection and opens again: the rejoin is checked on it.
    expect(
      graph.paths.some((p) =>
        p.steps.some(
          (s, i) =>
            s.event.type === 'socket.opened' &&
            p.steps.slice(0, i).some((x) => x.event.type === RECONNECT) &&
            (s.context as { rooms: string[] }).rooms.length > 0,
        ),
      ),
    ).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const { opened, connection } = fakeConnections();
      const delivered: unknown[] = [];
      let connectionsBefore = 0;
      await drivePath(samples, path, {
        overrides: {
          actors: { connection },
          actions: { deliverMessage: (_: unknown, { message }: { message: unknown }) => void delivered.push(message) },
        },
        onStep: async ({ type, event, before, snap, replay }) => {
          const live = opened.at(-1);
          if (snap.matches('online')) {
            // Exactly one live connection while online; a new one goes to the newest address
            // (a token renewed mid-connection is sent on the open one instead).
            expect(opened.filter((c) => !c.closed)).toHaveLength(1);
            if (opened.length > connectionsBefore) expect(live!.url).toBe(snap.context.url);
          } else {
            expect(
              opened.every((c) => c.closed),
              type,
            ).toBe(true);
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
              if (before.matches({ online: 'connected' }))
                expect(live!.sent.at(-1)).toEqual({ type: 'leave_room', room_id: 'challenge:5' });
              expect(snap.context.rooms).toEqual([]);
              break;
            case 'socket.token':
              // Open: the new token is sent on it. Not connected: a connection with it.
              if (before.matches({ online: 'connected' }))
                expect(live!.sent.at(-1)).toEqual({ type: 'authenticate', token: renewedAddress.token });
              if (before.matches('disconnected') || before.matches('failed')) expect(live!.url).toBe(renewedAddress.url);
              expect(snap.context.url).toBe(renewedAddress.url);
              break;
            case 'socket.message':
              expect(delivered.at(-1)).toEqual(sampleMessage);
              break;
            case 'socket.closed': {
              const code = (event as unknown as { code: number }).code;
              if (code === SOCKET_NORMAL_CLOSE_CODE) {
                // A normal close does not retry, however long we wait.
                const count = opened.length;
                replay.clock.increment(SOCKET_RECONNECT_INTERVAL_MS * 3);
                await flush();
                expect(replay.actor.getSnapshot().value).toBe('disconnected');
                expect(opened).toHaveLength(count);
              } else if (code === SOCKET_POLICY_VIOLATION_CODE || code === SOCKET_MESSAGE_TOO_BIG_CODE) {
                // A policy close (too many messages, one too big) does not reconnect in a loop: failed until a new token.
                const count = opened.length;
                expect(snap.value).toBe('failed');
                replay.clock.increment(SOCKET_RECONNECT_INTERVAL_MS * 3);
                await flush();
                expect(opened).toHaveLength(count);
              } else {
                expect(snap.value).toBe(before.context.attempts < SOCKET_MAX_RECONNECT_ATTEMPTS ? 'reconnecting' : 'failed');
                expect(snap.context.lastCloseCode).toBe(code);
              }
              break;
            }
            case RECONNECT:
              // A new connection, to the newest address, after the interval.
              expect(opened).toHaveLength(connectionsBefore + 1);
              expect(snap.context.attempts).toBe(before.context.attempts + 1);
              break;
            case 'socket.disconnect':
              expect(snap.context.url).toBeNull();
              break;
          }
          connectionsBefore = opened.length;
        },
      });
    });
  });
});
