// A small round-robin reverse proxy for the cluster test: each request (and each socket upgrade) goes
// to the next node, with X-Forwarded-For appended as a real proxy does (the nodes run TRUST_PROXY=1).
import http from 'node:http';
import net from 'node:net';

export interface RunningProxy {
  url: string;
  close: () => Promise<void>;
}

export async function startProxy(targets: () => number[]): Promise<RunningProxy> {
  let next = 0;
  const pick = () => {
    const ports = targets();
    return ports[next++ % ports.length]!;
  };
  const forwarded = (req: http.IncomingMessage) => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: pick(),
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"detail":"The node behind the proxy did not answer."}');
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, client, head) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwarded(req) };
      const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`]));
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
