import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeModelMode = 'ok' | 'slow' | 'fail' | 'garbage';

/**
 * A local OpenAI-compatible endpoint: answers chat completions as `state.mode` says and keeps every request
 * body and path. `answer` writes the 'ok' reply from the user message's JSON facts; 'garbage' sends `garbage`.
 * Every answer waits `state.delayMs` first; `state.open` counts the requests not yet answered nor given up by
 * the client, and `state.mostAtOnce` the most there were at one time.
 */
export async function startFakeModel(answer: (facts: Record<string, unknown>) => string, garbage: string) {
  const state = {
    mode: 'ok' as FakeModelMode,
    delayMs: 0,
    open: 0,
    mostAtOnce: 0,
    bodies: [] as Record<string, unknown>[],
    paths: [] as string[],
  };
  const read = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    return raw;
  };
  const server: Server = createServer((req, res) => {
    state.open += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.open);
    res.on('close', () => (state.open -= 1));
    void read(req).then(async (raw) => {
      state.paths.push(`${req.method} ${req.url}`);
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      state.bodies.push(body);
      if (state.mode === 'slow') return; // never answers: the client's timeout ends it
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (res.destroyed) return;
      if (state.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      const facts = JSON.parse(((body.messages as { content: string }[])[1]!.content as string) || '{}') as Record<string, unknown>;
      const content = state.mode === 'garbage' ? garbage : answer(facts);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
