import { fromCallback } from 'xstate';
import { SOCKET_NORMAL_CLOSE_CODE, SOCKET_POLICY_VIOLATION_CODE, SOCKET_MESSAGE_TOO_BIG_CODE } from '#domain/constants.ts';
import { defineSamples } from '../samples.ts';
import { roomKey, socketMachine } from '#machines/socket.ts';
import { socketPath } from '#machines/socket-path.ts';

export const firstAddress = { url: socketPath('t1', 7), token: 't1' };
export const renewedAddress = { url: socketPath('t2', 7), token: 't2' };
export const sampleRoom = { challenge_id: 5 };
export const sampleMessage = {
  type: 'progress_update',
  challenge_id: 5,
  challenge_title: 'Fran',
  place: { rank: 3, of: 12, board: 'Women Rx', category: 'female', division: 'rx' },
  is_best: true,
} as const;

export default defineSamples({
  machine: socketMachine,
  events: {
    'socket.connect': [{ type: 'socket.connect', ...firstAddress }],
    'socket.opened': [{ type: 'socket.opened' }],
    'socket.closed': [
      { type: 'socket.closed', code: SOCKET_NORMAL_CLOSE_CODE },
      { type: 'socket.closed', code: 1006 },
      { type: 'socket.closed', code: 1011 },
      // Policy closes (too many messages, a message too big): no reconnect loop.
      { type: 'socket.closed', code: SOCKET_POLICY_VIOLATION_CODE },
      { type: 'socket.closed', code: SOCKET_MESSAGE_TOO_BIG_CODE },
    ],
    'socket.join': [{ type: 'socket.join', room: sampleRoom }],
    'socket.leave': [{ type: 'socket.leave', room: sampleRoom }],
    'socket.token': [{ type: 'socket.token', ...renewedAddress }],
    'socket.message': [{ type: 'socket.message', message: sampleMessage }],
    'socket.disconnect': [{ type: 'socket.disconnect' }],
  },
  actors: { connection: { logic: fromCallback(() => {}) } },
  stateContext: (c) => ({ attempts: c.attempts, rooms: c.rooms.map(roomKey), signedIn: c.url !== null }),
});
