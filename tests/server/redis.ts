import { createConnection } from 'node:net';

/** Whether a Redis answers PING on 127.0.0.1:6379 (tests that need one run only then). */
export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
    });
  });
}
