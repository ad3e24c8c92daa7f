import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenAnswered } from '#server/lib/background.ts';

// whenAnswered (server/lib/background.ts): a handler's after-answer work (the score hook that starts commentary)
// runs once the answer has gone out, never while it is still being written or waited on, and once only; a client that
// leaves first still gets its work run.

async function until(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('work after the answer', () => {
  const events: string[] = [];
  const held = new Map<string, ServerResponse>();
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    whenAnswered(
      res,
      () => {
        events.push(`ran ${url}`);
        if (url === '/throws') throw new Error('boom');
      },
      (error) => events.push(`error ${(error as Error).message}`),
    );
    events.push(`handled ${url}`);
    // '/held' is answered only when the test says so (or never, once its client has left).
    if (url === '/held') held.set(url, res);
    else res.end('ok');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('runs once the answer has gone out, never before, once; an error is reported, not thrown', async () => {
    events.length = 0;
    const res = await fetch(`${base}/quick`);
    expect(await res.text()).toBe('ok');
    await until(() => events.includes('ran /quick'), 'the work after the answer');
    expect(events).toEqual(['handled /quick', 'ran /quick']);
    await (await fetch(`${base}/throws`)).text();
    await until(() => events.includes('error boom'), 'the error reported');
    expect(events.slice(2)).toEqual(['handled /throws', 'ran /throws', 'error boom']);
  });

  it('waits while the answer waits, and runs once when the client leaves before it', async () => {
    events.length = 0;
    const leaving = new AbortController();
    const asked = fetch(`${base}/held`, { signal: leaving.signal }).catch(() => 'left');
    await until(() => held.has('/held'), 'the request handled');
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(['handled /held']);
    leaving.abort();
    expect(await asked).toBe('left');
    await until(() => events.includes('ran /held'), 'the work after the client left');
    held.get('/held')!.end('late');
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(['handled /held', 'ran /held']);
  });
});
